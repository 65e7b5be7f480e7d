import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createReachability } from '../../data/reachability';
import { useReachability } from '../../data/use-reachability';
import { renderAt } from '../../testing/render';
import { ReachabilityBanner } from './reachability-banner';

/** The banner as the layout shows it: fed by a store. */
function Banner({ store }: { store: ReturnType<typeof createReachability> }) {
  return <ReachabilityBanner state={useReachability(store)} />;
}

describe('the banner that says Accord cannot be reached', () => {
  it('is an empty status region while all is well, so its words are heard when they come', () => {
    renderAt(<ReachabilityBanner state="reachable" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    ['unreachable', 'Accord can’t be reached right now.We’re trying again. What you have typed stays on this page.'],
    ['offline', 'You’re offline.We’ll reconnect when your connection is back. What you have typed stays on this page.'],
    ['back', 'Connected again.This page is up to date.'],
  ] as const)('says, when %s, what is happening in words', (state, words) => {
    renderAt(<ReachabilityBanner state={state} />);
    expect(screen.getByRole('status')).toHaveTextContent(words);
  });

  it('follows the browser going offline and coming back', () => {
    const store = createReachability({ apiUrl: 'http://api.test', anonKey: 'anon', target: window });
    try {
      renderAt(<Banner store={store} />);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(screen.getByRole('status')).toHaveTextContent('You’re offline.');
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.getByRole('status')).toHaveTextContent('Connected again.');
    } finally {
      store.dispose();
    }
  });
});
