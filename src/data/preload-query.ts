import { preload } from 'swr';

/**
 * Starts a query before the component that asks for it has rendered, under
 * the same key: SWR hands the answer (or the error) to the first `useSWR` of
 * that key instead of asking again. A page's data can then travel while its
 * Chakra system, the router and the first render are still being set up
 * (router.tsx `preloadPageData`). One that nothing ends up using fails quietly.
 */
export function preloadQuery<Data>(key: readonly unknown[], fetcher: () => Promise<Data>): void {
  preload(key, fetcher)?.catch(() => undefined);
}
