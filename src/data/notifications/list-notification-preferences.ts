import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { NotificationKind } from './list-notifications';
import { notificationKeys } from './keys';
import { toNotificationError } from './refusals';

/** Whether one kind also goes to the person by e-mail. */
export interface NotificationPreference {
  kind: NotificationKind;
  email: boolean;
  /** True while the person has not chosen: `email` is the kind's default. */
  isDefault: boolean;
}

/** Every kind with the signed-in person's choice, or its default. */
export async function listNotificationPreferences(client: AccordClient): Promise<NotificationPreference[]> {
  const { data, error } = await client.rpc('my_notification_preferences');
  if (error) throw toNotificationError(error);
  return (data ?? []).map((row) => ({ kind: row.kind, email: row.email, isDefault: row.is_default }));
}

/** Pass null while signed out. */
export function useNotificationPreferences(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : notificationKeys.preferences(userId), () => listNotificationPreferences(client));
}
