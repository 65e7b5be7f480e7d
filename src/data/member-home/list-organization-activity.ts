import useSWRInfinite from 'swr/infinite';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { memberHomeKeys } from './keys';

/** One of the organisation's own audit entries (organization_activity). */
export interface ActivityEntry {
  id: number;
  occurredAt: string;
  action: string;
  actorName: string | null;
  subjectName: string | null;
  details: Record<string, unknown>;
}

interface Raw {
  id: number;
  occurred_at: string;
  action: string;
  actor_name: string | null;
  subject_name: string | null;
  details: Record<string, unknown>;
}

/** Where a page of the activity starts: the last entry of the page before it (keyset on occurred_at, id). */
export interface ActivityCursor {
  occurredAt: string;
  id: number;
}

export interface OrganizationActivityPage {
  entries: ActivityEntry[];
  /** Pass as `before` for the older entries; null when the oldest is shown. */
  next: ActivityCursor | null;
}

/** How many entries the home shows at first and adds with each "Show older activity". */
export const ACTIVITY_PAGE_SIZE = 10;

/**
 * The newest `limit` entries, or those just older than `before`. Asks for
 * one more than it shows, to know whether there are older ones.
 */
export async function listOrganizationActivity(
  client: AccordClient,
  organizationId: string,
  { limit = ACTIVITY_PAGE_SIZE, before }: { limit?: number; before?: ActivityCursor | null } = {},
): Promise<OrganizationActivityPage> {
  const { data, error } = await client.rpc('organization_activity', {
    p_organization_id: organizationId,
    p_limit: limit + 1,
    ...(before ? { p_before_occurred_at: before.occurredAt, p_before_id: before.id } : {}),
  });
  if (error) throw toDataError(error);
  const rows = (data as unknown as Raw[] | null) ?? [];
  const entries = rows.slice(0, limit).map((r) => ({
    id: r.id,
    occurredAt: r.occurred_at,
    action: r.action,
    actorName: r.actor_name,
    subjectName: r.subject_name,
    details: r.details,
  }));
  const last = entries.at(-1);
  return { entries, next: rows.length > limit && last ? { occurredAt: last.occurredAt, id: last.id } : null };
}

type ActivityKey = readonly [...ReturnType<typeof memberHomeKeys.activity>, ActivityCursor | null];

/**
 * The activity as pages that grow downwards: `setSize(size + 1)` fetches the
 * entries older than the last one shown (keyset, so an entry recorded
 * meanwhile never shifts a page). A revalidation reads the newest page again.
 */
export function useOrganizationActivity(organizationId: string | null, client: AccordClient = supabase) {
  return useSWRInfinite(
    (index: number, previous: OrganizationActivityPage | null): ActivityKey | null => {
      if (organizationId === null) return null;
      if (index === 0) return [...memberHomeKeys.activity(organizationId), null];
      return previous?.next ? [...memberHomeKeys.activity(organizationId), previous.next] : null;
    },
    ([, , id, before]: ActivityKey) => listOrganizationActivity(client, id, { before }),
  );
}
