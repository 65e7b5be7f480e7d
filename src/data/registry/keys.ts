import type { RegistryQuery } from './search-registry';

/** SWR keys for the public trust registry. */
export const registryKeys = {
  all: ['registry'] as const,
  search: (query: RegistryQuery) =>
    ['registry', 'search', query.query ?? '', query.sector ?? '', query.country ?? '', query.status ?? '', query.page, query.pageSize] as const,
  organization: (id: string) => ['registry', 'organization', id] as const,
  figures: ['registry', 'figures'] as const,
};
