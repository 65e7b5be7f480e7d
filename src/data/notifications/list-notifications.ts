import useSWRInfinite from 'swr/infinite';

import { supabase, type AccordClient } from '../client';
import type { Database } from '../database.types';
import { notificationKeys } from './keys';
import { toNotificationError } from './refusals';

export type NotificationKind = Database['public']['Enums']['notification_kind'];

/** One notification, as the database wrote it (title, body and link are plain text). */
export interface Notification {
  id: number;
  organizationId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, e.g. /dashboard/members. */
  link: string;
  createdAt: string;
  readAt: string | null;
}

/** Where a page starts: the last notification of the page before it (keyset on created_at, id). */
export interface NotificationCursor {
  createdAt: string;
  id: number;
}

export interface NotificationPage {
  notifications: Notification[];
  /** Pass as `before` for the older ones; null when the oldest is shown. */
  next: NotificationCursor | null;
}

/** The list shows unread first: two sections, each paged on its own (decision 046). */
export type NotificationSection = 'unread' | 'read';

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The newest `limit` notifications of a section, or those just older than
 * `before`. Asks for one more than it shows, to know whether there are older ones.
 */
export async function listNotifications(
  client: AccordClient,
  section: NotificationSection,
  { limit = NOTIFICATION_PAGE_SIZE, before }: { limit?: number; before?: NotificationCursor | null } = {},
): Promise<NotificationPage> {
  const { data, error } = await client.rpc('my_notifications', {
    p_unread: section === 'unread',
    p_limit: limit + 1,
    ...(before ? { p_before_created_at: before.createdAt, p_before_id: before.id } : {}),
  });
  if (error) throw toNotificationError(error);
  const notifications = (data ?? []).slice(0, limit).map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  }));
  const last = notifications.at(-1);
  return { notifications, next: (data ?? []).length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

type NotificationKey = readonly [...ReturnType<typeof notificationKeys.list>, NotificationCursor | null];

/** One section as pages that grow downwards (`setSize(size + 1)`); pass null while signed out. */
export function useNotifications(userId: string | null, section: NotificationSection, client: AccordClient = supabase) {
  return useSWRInfinite(
    (index: number, previous: NotificationPage | null): NotificationKey | null => {
      if (userId === null) return null;
      if (index === 0) return [...notificationKeys.list(userId, section), null];
      return previous?.next ? [...notificationKeys.list(userId, section), previous.next] : null;
    },
    ([, , , which, before]: NotificationKey) => listNotifications(client, which, { before }),
  );
}
