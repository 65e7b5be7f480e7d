import type { AccordClient } from '../client';
import { toNotificationError } from './refusals';

/** Marks one of the signed-in person's notifications read; another's is notification_not_found. */
export async function markNotificationRead(client: AccordClient, id: number): Promise<void> {
  const { error } = await client.rpc('mark_notification_read', { p_id: id });
  if (error) throw toNotificationError(error);
}
