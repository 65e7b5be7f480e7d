import { SECTORS } from '../../../machines/sectors';
import type { RegistryQuery } from '../../data/registry/keys';
import { REGISTRY_STATUSES, type OrganizationSector, type RegistryStatus } from '../../data/registry/types';

/** Organisations per page of /trust-registry. */
export const PAGE_SIZE = 8;

export interface RegistryFilters {
  query: string;
  sector: OrganizationSector | null;
  country: string | null;
  status: RegistryStatus | null;
  page: number;
}

const SECTOR_VALUES = new Set<string>(SECTORS.map(([value]) => value));
const STATUS_VALUES = new Set<string>(REGISTRY_STATUSES);

/**
 * The registry's state lives in the address (`?q=&sector=&country=&status=&page=`),
 * so a search can be shared and the back button steps through it. Anything
 * unrecognised in a pasted address is ignored rather than shown as an error.
 */
export function filtersFromParams(params: URLSearchParams): RegistryFilters {
  const sector = params.get('sector');
  const country = params.get('country')?.trim().toUpperCase() ?? '';
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    query: params.get('q')?.trim() ?? '',
    sector: sector && SECTOR_VALUES.has(sector) ? (sector as OrganizationSector) : null,
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    status: status && STATUS_VALUES.has(status) ? (status as RegistryStatus) : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address for these filters: empty ones and page 1 are left out, so the plain registry is plain /trust-registry. */
export function paramsFromFilters(filters: RegistryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.sector) params.set('sector', filters.sector);
  if (filters.country) params.set('country', filters.country);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasFilters(filters: RegistryFilters): boolean {
  return filters.query !== '' || filters.sector !== null || filters.country !== null || filters.status !== null;
}

export function toRegistryQuery(filters: RegistryFilters): RegistryQuery {
  return {
    query: filters.query || null,
    sector: filters.sector,
    country: filters.country,
    status: filters.status,
    page: filters.page,
    pageSize: PAGE_SIZE,
  };
}
