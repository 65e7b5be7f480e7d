import { Badge, Box, Icon, IconButton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';

import { QueryDefaults } from '../../data/query-defaults';
import { useInboxEvents } from '../../data/inbox/inbox-events';
import { supabase } from '../../data/client';
import { countUnreadNotifications } from '../../data/notifications/count-unread-notifications';
import { notificationKeys } from '../../data/notifications/keys';
import { AREA_NAV_ICONS } from './area-nav-icons';

export const NOTIFICATIONS_PATH = '/dashboard/notifications';

/** "Notifications, 3 unread": what a screen reader says for the header's bell. */
export function notificationsLabel(count: number | undefined): string {
  return count ? `Notifications, ${count} unread` : 'Notifications';
}

/**
 * The header's bell for a signed-in member: how many of their notifications
 * are unread, kept current by the app's live inbox channel (decision 049),
 * and a link to /dashboard/notifications. Loaded only for members, with the
 * data defaults of its own: the header sits outside every page's SWRConfig.
 */
export default function NotificationsLink({ userId }: { userId: string }) {
  return (
    <QueryDefaults>
      <Bell userId={userId} />
    </QueryDefaults>
  );
}

function Bell({ userId }: { userId: string }) {
  // A key of its own: the page's SWRConfig shares the cached entries but not SWR's
  // subscribers, so when the page's navigation has already stored the new count
  // under the shared key, the header's refetch would find nothing changed and
  // never redraw the bell.
  const count = useSWR([...notificationKeys.unreadCount(userId), 'header'], () => countUnreadNotifications(supabase));
  useInboxEvents((event) => {
    if (event.type === 'resync' || event.topic === 'notifications') void count.mutate();
  });
  return <NotificationsBellLink count={count.data} />;
}

/** The bell itself; also its placeholder while the count loads (count undefined). */
export function NotificationsBellLink({ count }: { count: number | undefined }) {
  return (
    <IconButton asChild variant="ghost" size="sm" position="relative">
      <RouterLink to={NOTIFICATIONS_PATH} aria-label={notificationsLabel(count)}>
        <Icon as={AREA_NAV_ICONS.bell} boxSize="5" />
        {count ? (
          <Box as="span" position="absolute" top="-1" insetEnd="-1" aria-hidden="true">
            <Badge colorPalette="red" variant="solid" size="sm" rounded="full" data-testid="header-unread-count">
              {count > 99 ? '99+' : count}
            </Badge>
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
