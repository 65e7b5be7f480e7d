import type { AccordClient } from '../client';
import { toDataError } from '../errors';
import { toEvent, type ApplicationEvent } from './types';

/** An application's timeline, oldest first. RLS: the organisation's members and system administrators. */
export async function getApplicationEvents(client: AccordClient, organizationId: string): Promise<ApplicationEvent[]> {
  const { data, error } = await client
    .from('application_events')
    .select('id, type, message, actor_id, created_at')
    .eq('organization_id', organizationId)
    .order('id', { ascending: true });
  if (error) throw toDataError(error);
  return data.map(toEvent);
}
