import useSWR from 'swr';

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

/** The newest `limit` entries, or those before `before` (the last row of the previous page). */
export async function listOrganizationActivity(
  client: AccordClient,
  organizationId: string,
  { limit = 10, before }: { limit?: number; before?: { occurredAt: string; id: number } } = {},
): Promise<ActivityEntry[]> {
  const { data, error } = await client.rpc('organization_activity', {
    p_organization_id: organizationId,
    p_limit: limit,
    p_before_occurred_at: before?.occurredAt,
    p_before_id: before?.id,
  });
  if (error) throw toDataError(error);
  const rows = data as unknown as Raw[] | null;
  return (rows ?? []).map((r) => ({
    id: r.id,
    occurredAt: r.occurred_at,
    action: r.action,
    actorName: r.actor_name,
    subjectName: r.subject_name,
    details: r.details,
  }));
}

export function useOrganizationActivity(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : memberHomeKeys.activity(organizationId), ([, , id]) =>
    listOrganizationActivity(client, id),
  );
}
