import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { investorAccessKeys } from './keys';

export interface StakeholderRow {
  userId: string;
  email: string | null;
  fullName: string | null;
  affiliation: string | null;
  grantedByEmail: string | null;
  grantedByName: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface StakeholderPage {
  stakeholders: StakeholderRow[];
  total: number;
}

/** One page of stakeholders, newest first; system administrators only. */
export async function listStakeholders(client: AccordClient, query: { page: number; pageSize: number }): Promise<StakeholderPage> {
  const { data, error } = await client.rpc('admin_stakeholders', {
    p_limit: query.pageSize,
    p_offset: (Math.max(query.page, 1) - 1) * query.pageSize,
  });
  if (error) throw toDataError(error);
  const rows = data ?? [];
  return {
    stakeholders: rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      fullName: row.full_name,
      affiliation: row.affiliation,
      grantedByEmail: row.granted_by_email,
      grantedByName: row.granted_by_name,
      createdAt: row.created_at,
      lastSignInAt: row.last_sign_in_at,
    })),
    total: rows.length > 0 ? Number(rows[0].total_count) : 0,
  };
}

export function useStakeholders(query: { page: number; pageSize: number }, client: AccordClient = supabase) {
  return useSWR(investorAccessKeys.stakeholders(query.page, query.pageSize), () => listStakeholders(client, query), { keepPreviousData: true });
}
