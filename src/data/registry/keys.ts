import type { OrganizationSector, RegistryStatus } from './types';

/** What one page of the registry search asks for; its key is built from it. */
export interface RegistryQuery {
  /** Part of the name or legal name; case and accents do not matter. */
  query?: string | null;
  sector?: OrganizationSector | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
  /** Every status when absent. */
  status?: RegistryStatus | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** SWR keys for the public trust registry. */
export const registryKeys = {
  all: ['registry'] as const,
  search: (query: RegistryQuery) =>
    ['registry', 'search', query.query ?? '', query.sector ?? '', query.country ?? '', query.status ?? '', query.page, query.pageSize] as const,
  organization: (id: string) => ['registry', 'organization', id] as const,
  figures: ['registry', 'figures'] as const,
};
