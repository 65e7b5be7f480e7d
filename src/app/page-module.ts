import type { ComponentType } from 'react';

/**
 * What a page's chunk gives the router: the page, and optionally `preloadData`,
 * which starts the data the page will ask for at that address as soon as its
 * code is there, ahead of its first render (router.tsx `preloadPageData`).
 * A file of its own, so both loader tables name it without importing each other.
 */
export interface PageModule {
  default: ComponentType;
  preloadData?: (url: URL) => void;
}

export type PageLoader = () => Promise<PageModule>;
