import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { adminKeys } from './keys';

/** The numbers on /admin/dashboard (admin_dashboard_counts). */
export interface DashboardCounts {
  /** Submitted and not yet decided (pending or under review). */
  pendingApplications: number;
  organizations: number;
  users: number;
  openInvitations: number;
}

export async function getDashboardCounts(client: AccordClient): Promise<DashboardCounts> {
  const { data, error } = await client.rpc('admin_dashboard_counts');
  if (error) throw toDataError(error);
  const row = data?.[0];
  if (!row) throw new DataError('The dashboard counts came back empty.');
  return {
    pendingApplications: row.pending_applications,
    organizations: row.organizations,
    users: row.users,
    openInvitations: row.open_invitations,
  };
}

export function useDashboardCounts(client: AccordClient = supabase) {
  return useSWR(adminKeys.dashboardCounts, () => getDashboardCounts(client));
}
