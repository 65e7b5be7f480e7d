import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Enums } from '../database.types';
import { toDataError } from '../errors';
import { investorAccessKeys } from './keys';

export type InvestorRequestStatus = Enums<'investor_request_status'>;
export type InvestorKind = Enums<'investor_kind'>;

export interface InvestorRequestRow {
  id: string;
  name: string;
  email: string;
  organization: string;
  investorKind: InvestorKind;
  message: string | null;
  status: InvestorRequestStatus;
  declineReason: string | null;
  decidedByEmail: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface InvestorRequestPage {
  requests: InvestorRequestRow[];
  total: number;
}

/** One page of investor access requests, newest first, optionally of one status; system administrators only. */
export async function listInvestorRequests(
  client: AccordClient,
  query: { status: InvestorRequestStatus | null; page: number; pageSize: number },
): Promise<InvestorRequestPage> {
  const { data, error } = await client.rpc('admin_investor_requests', {
    ...(query.status ? { p_status: query.status } : {}),
    p_limit: query.pageSize,
    p_offset: (Math.max(query.page, 1) - 1) * query.pageSize,
  });
  if (error) throw toDataError(error);
  const rows = data ?? [];
  return {
    requests: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      organization: row.organization,
      investorKind: row.investor_kind,
      message: row.message,
      status: row.status,
      declineReason: row.decline_reason,
      decidedByEmail: row.decided_by_email,
      decidedByName: row.decided_by_name,
      decidedAt: row.decided_at,
      createdAt: row.created_at,
    })),
    total: rows.length > 0 ? Number(rows[0].total_count) : 0,
  };
}

export function useInvestorRequests(query: { status: InvestorRequestStatus | null; page: number; pageSize: number }, client: AccordClient = supabase) {
  return useSWR(investorAccessKeys.requests(query.status ?? 'all', query.page, query.pageSize), () => listInvestorRequests(client, query), {
    keepPreviousData: true,
  });
}
