import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_STALE_MS } from '../../machines/timing';
import { createQueryCache } from './query-cache';

// One cache for the whole app, although each page gets its own SWRConfig.
const queryCache = createQueryCache({ cacheMs: QUERY_CACHE_MS });

/** The spec's global data query defaults (§9). */
export const swrDefaults: SWRConfiguration = {
  // Stale time: a key fetched less than 5 minutes ago is not fetched again.
  dedupingInterval: QUERY_STALE_MS,
  errorRetryCount: QUERY_RETRIES,
  revalidateOnFocus: false,
  // Cache time: unused data is dropped after 10 minutes.
  provider: queryCache.provider,
  use: [queryCache.middleware],
};

/**
 * The data query defaults around a page. The router puts each page in it, when
 * the page's chunk loads, instead of wrapping the whole app: SWR then stays out
 * of the home page's first load, and every query still gets the same defaults
 * and the same cache.
 */
export function QueryDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrDefaults}>{children}</SWRConfig>;
}
