import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

import { configError } from '../data/config';
import { hasStoredSession, preloadSessionRuntime } from '../session/session-context';
import { adoptGlobalStylesInPage, withFullSystem } from '../theme/chakra-system';
import { APP_FORM_SELECTOR } from './bare-page-markers';
import { hasPrerenderedGlobalStyles } from './emotion-cache';
import { Providers, ThemeProvider } from './providers';
import { createAppRouter, loadRoutesFor, preloadPageData } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render Accord into.');

/**
 * A prerendered page (scripts/prerender.ts) is what an anonymous visitor sees
 * at that exact address. React adopts that markup only if its first render
 * would draw the same: the same path with no query (filters, an opened
 * update) and no parameters in the fragment, nobody signed in in this browser (the nav bar would differ) and a
 * working configuration. Otherwise it draws the page afresh over it.
 */
const prerendered = !configError && container.dataset.prerendered !== undefined;
const adoptMarkup =
  prerendered &&
  container.dataset.prerendered === window.location.pathname &&
  window.location.search === '' &&
  // A fragment with parameters (an invitation's #token=…) is data for the page, not an anchor: the markup was drawn without it.
  !window.location.hash.includes('=') &&
  // An invitation link's page empties the markup before the app runs (scripts/prerender-html.ts).
  container.childElementCount > 0 &&
  !hasStoredSession();

/**
 * A prerendered form (the sign-in screens, the first onboarding step) takes
 * typing and presses before the app has started: such a page is drawn afresh
 * in one task that carries them over (bare-page.ts), not adopted, as
 * hydrating keeps the typed text on screen but not in the app's state. Only
 * these pages load that code.
 */
const takesInput = prerendered && container.querySelector(APP_FORM_SELECTOR) !== null;

const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Not top-level await: the pages' chunks import modules of this entry chunk,
 * and a bundler must pull those out into chunks of their own (a request each
 * in every first load) when the entry awaits them.
 */
async function start(root: HTMLElement) {
  if (!configError) void preloadPageData(new URL(window.location.href));
  const barePage = takesInput ? import('./bare-page') : null;
  // The page's own code before the router exists, so that its first render is
  // the page rather than the router's loading fallback. Adopting the markup
  // needs it (the fallback is not the markup); drawing afresh over it (a
  // shared search link, someone signed in) needs it too, or the page on
  // screen would give way to "Loading page…" before coming back.
  if (prerendered) {
    // Each step of adopting the page in a task of its own (running this
    // bundle, asking for the page's chunks, building the Chakra system,
    // creating the router and hydrating are each tens of ms on a phone), so
    // the page can answer a tap in between rather than after all of them.
    await yieldToMain();
    await loadRoutesFor(window.location.pathname);
    // The system is now the one the page was prerendered with, whose global styles are in <head>.
    if (hasPrerenderedGlobalStyles()) adoptGlobalStylesInPage();
    await yieldToMain();
  }

  let app;
  if (configError) {
    // Only a misconfigured copy ever shows it: it stays out of every visitor's first load.
    const { ConfigErrorScreen } = await withFullSystem(() => import('../components/config-error-screen'))();
    app = (
      <StrictMode>
        <ThemeProvider>
          <ConfigErrorScreen message={configError} />
        </ThemeProvider>
      </StrictMode>
    );
  } else {
    // Created before rendering so the session, which sits above the router, can navigate with it.
    const router = createAppRouter({ prerendered });
    void preloadSessionRuntime();
    app = (
      <StrictMode>
        <Providers navigate={(to) => void router.navigate(to)}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>
    );
  }

  if (barePage) {
    // Draws the app over the bare form, then marks it started, as below.
    (await barePage).takeOver(root, app);
    return;
  }
  if (adoptMarkup) {
    // In a transition React hydrates in slices, so a visitor's first click or
    // scroll is never held up behind the whole page.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
  // From here React answers every click, on parts it has yet to hydrate too
  // (it hydrates them first). Until then a prerendered page's controls that
  // need the app do nothing, and its links are plain links. Browser tests wait for it.
  document.documentElement.setAttribute('data-app', 'started');
}

void start(container);
