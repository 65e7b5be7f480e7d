import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { adminKeys } from './keys';
import type { TenantStatus } from './list-tenants';

type Row = Record<string, unknown>;

/**
 * One organisation's back-office view (admin_tenant_detail), as the database
 * returns it: snake_case objects, dates as ISO strings.
 */
export interface TenantDetail {
  /** Every column of the organisation. */
  organization: Row & { id: string; name: string };
  status: TenantStatus;
  application: Row | null;
  registry: { status: string; effective_from: string } | null;
  members: { user_id: string; email: string | null; full_name: string | null; role: 'admin' | 'member'; joined_at: string }[];
  /** Open tenant invitations; filled once the tenant invitations table exists. */
  pending_invitations: Row[];
  application_history: { id: number; type: string; message: string | null; actor_email: string | null; actor_name: string | null; created_at: string }[];
  registry_history: { id: number; status: string; effective_from: string; reason: string | null; recorded_by_email: string | null; recorded_at: string }[];
  /** Newest first; at most one is pending. */
  change_requests: (Row & { id: string; status: string; reason: string; requested_by_email: string | null })[];
}

/** System administrators only; throws organization_not_found for an unknown id. */
export async function getTenant(client: AccordClient, organizationId: string): Promise<TenantDetail> {
  const { data, error } = await client.rpc('admin_tenant_detail', { p_organization_id: organizationId });
  if (error?.message === 'organization_not_found') {
    throw new DataError('There is no organisation with this identifier: it may have been deleted, or the link is wrong.', { code: error.message, cause: error });
  }
  if (error) throw toDataError(error);
  return data as unknown as TenantDetail;
}

export function useTenant(organizationId: string, client: AccordClient = supabase) {
  return useSWR(adminKeys.tenant(organizationId), () => getTenant(client, organizationId));
}
