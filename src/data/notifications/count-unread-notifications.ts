import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { notificationKeys } from './keys';
import { toNotificationError } from './refusals';

/** How many of the signed-in person's notifications are unread (the header's badge). */
export async function countUnreadNotifications(client: AccordClient): Promise<number> {
  const { data, error } = await client.rpc('unread_notification_count');
  if (error) throw toNotificationError(error);
  return data ?? 0;
}

/** Pass null while signed out. */
export function useUnreadNotificationCount(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : notificationKeys.unreadCount(userId), () => countUnreadNotifications(client));
}
