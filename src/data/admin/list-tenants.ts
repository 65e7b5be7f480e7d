import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { TENANT_STATUSES, type Sector, type TenantQuery, type TenantStatus } from './back-office-queries';
import { adminKeys } from './keys';

export type { TenantQuery, TenantSort, TenantStatus } from './back-office-queries';
export { TENANT_STATUSES } from './back-office-queries';

/** One organisation as /admin/tenants lists it (admin_list_tenants). */
export interface TenantRow {
  id: string;
  name: string;
  legalName: string | null;
  registrationNumber: string | null;
  country: string | null;
  sector: Sector | null;
  website: string | null;
  status: TenantStatus;
  statusEffectiveFrom: string | null;
  memberCount: number;
  pendingChangeRequest: boolean;
  createdAt: string;
}

export interface TenantPage {
  tenants: TenantRow[];
  /** Pass as `after` for the next page; null on the last page. No total: see decision 031. */
  nextAfter: string | null;
}

/** One page of the network's organisations; system administrators only. */
export async function listTenants(client: AccordClient, query: TenantQuery): Promise<TenantPage> {
  const search = query.search?.trim();
  const { data, error } = await client.rpc('admin_list_tenants', {
    ...(search ? { p_search: search } : {}),
    ...(query.status ? { p_status: query.status } : {}),
    ...(query.sector ? { p_sector: query.sector } : {}),
    ...(query.country ? { p_country: query.country } : {}),
    p_sort: query.sort ?? 'name',
    ...(query.after ? { p_after: query.after } : {}),
    // One more than shown says whether there is a next page.
    p_limit: query.pageSize + 1,
  });
  if (error) throw toDataError(error);
  const rows = (data ?? []).map(
    (row): TenantRow => ({
      id: row.id,
      name: row.name,
      legalName: row.legal_name,
      registrationNumber: row.registration_number,
      country: row.country,
      sector: row.sector,
      website: row.website,
      status: TENANT_STATUSES.includes(row.status as TenantStatus) ? (row.status as TenantStatus) : 'none',
      statusEffectiveFrom: row.status_effective_from,
      memberCount: row.member_count,
      pendingChangeRequest: row.pending_change_request,
      createdAt: row.created_at,
    }),
  );
  const tenants = rows.slice(0, query.pageSize);
  return { tenants, nextAfter: rows.length > query.pageSize ? (tenants.at(-1)?.id ?? null) : null };
}

/** A page of tenants; the previous page stays on screen while the next loads. */
export function useTenants(query: TenantQuery, client: AccordClient = supabase) {
  return useSWR(adminKeys.tenants(query), () => listTenants(client, query), { keepPreviousData: true });
}
