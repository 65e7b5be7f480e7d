import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { isToasterWanted } from '../components/toast';
import { WAIT_CEILING_MS } from './wait-ceiling';

// findBy* and waitFor wait for what a person would see up to this ceiling rather than 1 s.
configure({ asyncUtilTimeout: WAIT_CEILING_MS });

// Without `globals: true` Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // The toaster's store outlives the tree: a toast a test left (still on
  // screen when a loaded machine runs the next test before it times out) would
  // show in the next test's render, and in the next file's where files share
  // their modules.
  if (isToasterWanted()) (await import('../components/toaster')).toaster.remove();
  // Unmounting an open dialog makes its focus trap hand focus back on a
  // zero-delay timer (after a resolved promise). Let those timers run while
  // jsdom still has a document: after the last test of a file the environment
  // is torn down, and a late timer then throws "document is not defined",
  // which Vitest counts as an unhandled error and fails the whole run.
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
});

// jsdom lacks these browser APIs; Chakra's overlays (menu, drawer) and the
// media-query helpers call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (!Element.prototype.scrollTo) {
  Element.prototype.scrollTo = () => undefined;
}
