import type { AccordClient } from '../client';
import { toNotificationError } from './refusals';

/** Marks every unread notification of the signed-in person read; returns how many. */
export async function markAllNotificationsRead(client: AccordClient): Promise<number> {
  const { data, error } = await client.rpc('mark_all_notifications_read');
  if (error) throw toNotificationError(error);
  return data ?? 0;
}
