import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Enums } from '../database.types';
import { toDataError } from '../errors';
import { investorAccessKeys } from './keys';

export type InvestorLevel = Enums<'investor_access_level'>;

export interface InvestorRow {
  userId: string;
  email: string | null;
  fullName: string | null;
  level: InvestorLevel;
  grantedByEmail: string | null;
  grantedByName: string | null;
  grantedAt: string;
  expiresAt: string | null;
  /** By the database's clock. */
  expired: boolean;
  lastSeenAt: string | null;
}

export interface InvestorPage {
  investors: InvestorRow[];
  total: number;
}

/** One page of investor grants, newest first; system administrators only. */
export async function listInvestors(client: AccordClient, query: { page: number; pageSize: number }): Promise<InvestorPage> {
  const { data, error } = await client.rpc('admin_investors', {
    p_limit: query.pageSize,
    p_offset: (Math.max(query.page, 1) - 1) * query.pageSize,
  });
  if (error) throw toDataError(error);
  const rows = data ?? [];
  return {
    investors: rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      fullName: row.full_name,
      level: row.level,
      grantedByEmail: row.granted_by_email,
      grantedByName: row.granted_by_name,
      grantedAt: row.granted_at,
      expiresAt: row.expires_at,
      expired: row.expired,
      lastSeenAt: row.last_seen_at,
    })),
    total: rows.length > 0 ? Number(rows[0].total_count) : 0,
  };
}

export function useInvestors(query: { page: number; pageSize: number }, client: AccordClient = supabase) {
  return useSWR(investorAccessKeys.investors(query.page, query.pageSize), () => listInvestors(client, query), { keepPreviousData: true });
}
