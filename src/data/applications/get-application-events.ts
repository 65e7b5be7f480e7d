import type { AccordClient } from '../client';
import { toDataError } from '../errors';
import { EVENT_COLUMNS, toEvent, type ApplicationEvent } from './types';

/** An application's timeline, oldest first. RLS: the organisation's members and system administrators. */
export async function getApplicationEvents(client: AccordClient, organizationId: string): Promise<ApplicationEvent[]> {
  const { data, error } = await client
    .from('application_events')
    .select(EVENT_COLUMNS)
    .eq('organization_id', organizationId)
    .order('id', { ascending: true });
  if (error) throw toDataError(error);
  return data.map(toEvent);
}
