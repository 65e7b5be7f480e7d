import useSWR from 'swr';

import { DataError } from '../errors';
import { publicRpc } from '../public-api';
import { toRegistryOrganization, type RegistryOrganization } from './types';
import { preloadQuery } from '../preload-query';
import { registryKeys, type RegistryQuery } from './keys';

export interface RegistryPage {
  organizations: RegistryOrganization[];
  /** Every organisation matching the query, on all pages. */
  total: number;
}

/**
 * The longest search registry_search answers: no name or legal name is longer.
 * A longer one is refused with search_too_long (migration 20261201000400).
 */
export const REGISTRY_SEARCH_MAX_LENGTH = 300;
const SEARCH_TOO_LONG = 'search_too_long';
export const SEARCH_TOO_LONG_MESSAGE = `Search for at most ${REGISTRY_SEARCH_MAX_LENGTH} characters: no organisation's name or legal name is longer.`;

/** One page of the registry, sorted by name (registry_search), with the total count. */
export async function searchRegistry(search: RegistryQuery, signal?: AbortSignal): Promise<RegistryPage> {
  const from = (Math.max(1, search.page) - 1) * search.pageSize;
  const query = search.query?.trim();
  const { value, total } = await publicRpc(
    'registry_search',
    {
      ...(query ? { p_query: query } : {}),
      ...(search.sector ? { p_sector: search.sector } : {}),
      ...(search.country ? { p_country: search.country } : {}),
      ...(search.status ? { p_status: search.status } : {}),
    },
    { range: { from, to: from + search.pageSize - 1 }, count: true, signal },
  ).catch((error: unknown) => {
    // A search pasted into the address (?q=) can be longer than the box allows.
    if (error instanceof DataError && error.message === SEARCH_TOO_LONG) {
      throw new DataError(SEARCH_TOO_LONG_MESSAGE, { status: error.status, code: SEARCH_TOO_LONG, cause: error });
    }
    throw error;
  });
  const organizations = value.map(toRegistryOrganization);
  return { organizations, total: total ?? from + organizations.length };
}

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
