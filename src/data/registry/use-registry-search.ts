import useSWR from 'swr';

import { preloadQuery } from '../preload-query';
import { registryKeys } from './keys';
import { searchRegistry, type RegistryQuery } from './search-registry';

const registrySearch = (query: RegistryQuery) => [registryKeys.search(query), () => searchRegistry(query)] as const;

/**
 * One page of the public registry. The previous page stays on screen while the
 * next one loads, so paging and filtering do not flash back to a skeleton.
 */
export function useRegistrySearch(query: RegistryQuery) {
  const [key, fetcher] = registrySearch(query);
  return useSWR(key, fetcher, { keepPreviousData: true });
}

/** Starts what `useRegistrySearch(query)` will ask for. */
export function preloadRegistrySearch(query: RegistryQuery): void {
  preloadQuery(...registrySearch(query));
}
