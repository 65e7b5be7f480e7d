import type { AccordClient } from '../client';
import type { NotificationKind } from './list-notifications';
import { toNotificationError } from './refusals';

/** The signed-in person chooses whether a kind of notification also goes to them by e-mail. */
export async function setNotificationPreference(client: AccordClient, kind: NotificationKind, email: boolean): Promise<void> {
  const { error } = await client.rpc('set_notification_preference', { p_kind: kind, p_email: email });
  if (error) throw toNotificationError(error);
}
