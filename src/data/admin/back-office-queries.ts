import type { Database } from '../database.types';

/** What the back office's tenants and activity queries take: shared by their fetchers and their SWR keys. */

export type Sector = Database['public']['Enums']['organization_sector'];

/**
 * A tenant's status in the list: its registry status once it was ever
 * approved, else its application's; `none` when it has neither.
 */
export type TenantStatus = 'pending' | 'under_review' | 'rejected' | 'active' | 'suspended' | 'revoked' | 'none';
export const TENANT_STATUSES: readonly TenantStatus[] = ['pending', 'under_review', 'rejected', 'active', 'suspended', 'revoked', 'none'];
export type TenantSort = 'name' | 'created_desc' | 'created_asc';

export interface TenantQuery {
  /** The start of the name, the registration number or the domain (a URL works too); case and accents do not matter. */
  search?: string | null;
  status?: TenantStatus | null;
  sector?: Sector | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
  sort?: TenantSort;
  /** The id of the last tenant of the previous page (keyset); absent for the first page. */
  after?: string | null;
  pageSize: number;
}

/** Where a page of the activity log continues: the last row of the previous one. */
export interface ActivityCursor {
  occurredAt: string;
  id: number;
}

export interface NetworkActivityFilters {
  /** An action (registry.suspended) or a namespace (registry: all of its actions). */
  action?: string | null;
  actorId?: string | null;
  organizationId?: string | null;
  /** Inclusive, ISO 8601. */
  from?: string | null;
  /** Exclusive, ISO 8601. */
  to?: string | null;
}

export interface NetworkActivityQuery extends NetworkActivityFilters {
  /** The page of entries older than this row. */
  before?: ActivityCursor | null;
  /** The page of entries just newer than this row ("Newer"); not with `before`. */
  after?: ActivityCursor | null;
  pageSize: number;
}
