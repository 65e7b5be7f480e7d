import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import type { ActivityCursor, NetworkActivityFilters, NetworkActivityQuery } from './back-office-queries';
import { adminKeys } from './keys';

export type { ActivityCursor, NetworkActivityFilters, NetworkActivityQuery } from './back-office-queries';

/** One entry of the audit trail (admin_network_activity). */
export interface ActivityEntry {
  id: number;
  occurredAt: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  organizationId: string | null;
  organizationName: string | null;
  subjectUserId: string | null;
  subjectEmail: string | null;
  /** reason, changes {column: {from, to}}, record, … as the action wrote them. */
  details: Record<string, unknown>;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Pass as `before` for the next page; null on the last page. */
  next: ActivityCursor | null;
}

/** The filters as the RPCs take them (the export takes the same). */
export function activityFilterArgs(filters: NetworkActivityFilters) {
  return {
    ...(filters.action ? { p_action: filters.action } : {}),
    ...(filters.actorId ? { p_actor_id: filters.actorId } : {}),
    ...(filters.organizationId ? { p_organization_id: filters.organizationId } : {}),
    ...(filters.from ? { p_from: filters.from } : {}),
    ...(filters.to ? { p_to: filters.to } : {}),
  };
}

/** One page of the audit trail, newest first; system administrators only. */
export async function listNetworkActivity(client: AccordClient, query: NetworkActivityQuery): Promise<ActivityPage> {
  const { data, error } = await client.rpc('admin_network_activity', {
    ...activityFilterArgs(query),
    ...(query.before ? { p_before_occurred_at: query.before.occurredAt, p_before_id: query.before.id } : {}),
    p_limit: query.pageSize + 1,
  });
  if (error) throw toDataError(error);
  const rows = (data ?? []).map(
    (row): ActivityEntry => ({
      id: row.id,
      occurredAt: row.occurred_at,
      action: row.action,
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      actorName: row.actor_name,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      subjectUserId: row.subject_user_id,
      subjectEmail: row.subject_email,
      details: (row.details ?? {}) as Record<string, unknown>,
    }),
  );
  const entries = rows.slice(0, query.pageSize);
  const last = entries.at(-1);
  return { entries, next: rows.length > query.pageSize && last ? { occurredAt: last.occurredAt, id: last.id } : null };
}

export function useNetworkActivity(query: NetworkActivityQuery, client: AccordClient = supabase) {
  return useSWR(adminKeys.activity(query), () => listNetworkActivity(client, query), { keepPreviousData: true });
}
