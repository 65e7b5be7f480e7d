import useSWR from 'swr';

import { registryKeys } from './keys';
import { searchRegistry, type RegistryQuery } from './search-registry';

/**
 * One page of the public registry. The previous page stays on screen while the
 * next one loads, so paging and filtering do not flash back to a skeleton.
 */
export function useRegistrySearch(query: RegistryQuery) {
  return useSWR(registryKeys.search(query), () => searchRegistry(query), { keepPreviousData: true });
}
