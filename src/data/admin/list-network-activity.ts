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
  /** Pass as `before` for the older page; null on the oldest page. */
  next: ActivityCursor | null;
  /** Pass as `after` for the newer page; null on the newest page. */
  previous: ActivityCursor | null;
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

const cursorOf = (entry: ActivityEntry | undefined): ActivityCursor | null => (entry ? { occurredAt: entry.occurredAt, id: entry.id } : null);

/**
 * One page of the audit trail, newest first; system administrators only.
 * From the newest, older than `before`, or just newer than `after`; one row
 * more than the page is asked for, to know whether there is a further page
 * that way. The other way there always is one when a cursor was given (the
 * cursor's own row), except from the newest.
 */
export async function listNetworkActivity(client: AccordClient, query: NetworkActivityQuery): Promise<ActivityPage> {
  const after = query.before ? null : (query.after ?? null);
  const { data, error } = await client.rpc('admin_network_activity', {
    ...activityFilterArgs(query),
    ...(query.before ? { p_before_occurred_at: query.before.occurredAt, p_before_id: query.before.id } : {}),
    ...(after ? { p_after_occurred_at: after.occurredAt, p_after_id: after.id } : {}),
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
  const more = rows.length > query.pageSize;
  if (after) {
    // Newest first, so the entries nearest the cursor are the last ones; the extra row is the first.
    const entries = more ? rows.slice(1) : rows;
    return { entries, next: cursorOf(entries.at(-1)), previous: more ? cursorOf(entries[0]) : null };
  }
  const entries = rows.slice(0, query.pageSize);
  return { entries, next: more ? cursorOf(entries.at(-1)) : null, previous: query.before ? cursorOf(entries[0]) : null };
}

export function useNetworkActivity(query: NetworkActivityQuery, client: AccordClient = supabase) {
  return useSWR(adminKeys.activity(query), () => listNetworkActivity(client, query), { keepPreviousData: true });
}
