import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The browser's Emotion cache. On a prerendered page (scripts/prerender-html.ts)
 * the component rules are already in <head>, in a tag that lists their ids:
 * the cache is told they are in place, so hydration inserts none of them
 * again and moves no style tag (each move restyles the whole page).
 */
export function createBrowserEmotionCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: 'css' });
  const prerendered = doc.querySelector<HTMLStyleElement>(`style[data-prerendered-styles^="${cache.key} "]`);
  for (const id of prerendered?.dataset.prerenderedStyles?.split(' ').slice(1) ?? []) cache.inserted[id] = true;
  return cache;
}

/** Whether the page came with Chakra's global styles (reset, tokens, layer order) already in <head>. */
export function hasPrerenderedGlobalStyles(doc: Document = document): boolean {
  return doc.querySelector('style[data-prerendered-styles="global"]') !== null;
}
