import { Box, Button, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDayAndTime } from '../../components/formats';
import { LiveStatus } from '../../components/live-status';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { emitInboxEvent, useInboxEvents, useInboxLiveStatus } from '../../data/inbox/inbox-events';
import { useNotifications, type Notification, type NotificationSection } from '../../data/notifications/list-notifications';
import { markAllNotificationsRead } from '../../data/notifications/mark-all-notifications-read';
import { markNotificationRead } from '../../data/notifications/mark-notification-read';
import { useSessionFacts } from '../../session/session-context';

const SECTIONS: Record<NotificationSection, { heading: string; empty: string; loading: string; errorTitle: string; older: string }> = {
  unread: {
    heading: 'Unread',
    empty: 'You have read everything. New notifications appear here as they happen.',
    loading: 'Loading unread notifications…',
    errorTitle: 'Your unread notifications could not be loaded',
    older: 'Show older unread notifications',
  },
  read: {
    heading: 'Read',
    empty: 'Notifications you have read are kept here.',
    loading: 'Loading read notifications…',
    errorTitle: 'Your read notifications could not be loaded',
    older: 'Show older read notifications',
  },
};

/**
 * /dashboard/notifications (decision 049): what happened that concerns the
 * person or their organisation, unread first. Each section is paged on the
 * server (my_notifications' keyset); the app's live inbox channel adds new
 * ones without a reload, and marking read updates the header and the
 * navigation's counts at once.
 */
export default function NotificationsPage({ client = supabase }: { client?: AccordClient }) {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const unread = useNotifications(userId, 'unread', client);
  const read = useNotifications(userId, 'read', client);
  const live = useInboxLiveStatus();

  const refreshAll = () => {
    void unread.mutate();
    void read.mutate();
  };
  useInboxEvents((event) => {
    if (event.type === 'resync' || event.topic === 'notifications') refreshAll();
  });
  // A person's own change: the page, the navigation and the header's bell count again.
  const changed = () => emitInboxEvent({ type: 'changed', topic: 'notifications' });

  const markOne = useCommand<number, void>({
    run: (id) => markNotificationRead(client, id),
    failureToast: 'The notification could not be marked as read',
  });
  const markAll = useCommand<void, number>({
    run: () => markAllNotificationsRead(client),
    success: (count) => ({
      title: 'All notifications marked as read',
      description: count === 1 ? 'One notification was marked as read.' : `${count} notifications were marked as read.`,
    }),
    failureToast: 'The notifications could not be marked as read',
  });
  const hasUnread = Boolean(unread.data?.[0]?.notifications.length);

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <PageHeader
          eyebrow="Your inbox"
          title="Notifications"
          intro="What happened that concerns you or your organisation: decisions, colleagues joining or leaving, answers from the network and changes in the trust registry."
          actions={
            <Button
              variant="outline"
              size="sm"
              disabled={!hasUnread}
              loading={markAll.busy}
              loadingText="Marking as read…"
              onClick={() => void markAll.run().then((result) => result.ok && changed())}
            >
              Mark all as read
            </Button>
          }
        >
          {/* The app's live inbox channel: whether new notifications arrive by themselves. */}
          {live === 'off' ? null : <LiveStatus status={live} />}
        </PageHeader>
        {(['unread', 'read'] as const).map((section) => (
          <Section
            key={section}
            section={section}
            query={section === 'unread' ? unread : read}
            busyId={markOne.pending}
            onMarkRead={(id) => void markOne.run(id).then((result) => result.ok && changed())}
            onFollow={(notification) => {
              // Following the link reads it: marked on the way, the count follows when it is done.
              if (notification.readAt === null) {
                void markNotificationRead(client, notification.id).then(changed, () => undefined);
              }
            }}
          />
        ))}
      </Stack>
    </Container>
  );
}

type SectionQuery = ReturnType<typeof useNotifications>;

function Section({
  section,
  query,
  busyId,
  onMarkRead,
  onFollow,
}: {
  section: NotificationSection;
  query: SectionQuery;
  busyId: number | null;
  onMarkRead: (id: number) => void;
  onFollow: (notification: Notification) => void;
}) {
  const words = SECTIONS[section];
  const headingId = `notifications-${section}`;
  const { data: pages, error, size, setSize } = query;
  const loadingOlder = pages !== undefined && pages.length < size && !error;
  const hasOlder = Boolean(pages?.at(-1)?.next);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId} mb="3">
        {words.heading}
      </Heading>
      <QueryView
        query={query}
        loading={words.loading}
        errorTitle={words.errorTitle}
        staleErrorTitle="The list could not be brought up to date"
        isEmpty={(loaded) => loaded[0]?.notifications.length === 0}
        empty={<EmptyMessage title={section === 'unread' ? 'Nothing unread' : 'Nothing read yet'}>{words.empty}</EmptyMessage>}
      >
        {(loaded) => (
          <Stack gap="3" align="stretch">
            <Stack as="ul" gap="3" listStyleType="none" ms="0" aria-labelledby={headingId}>
              {loaded
                .flatMap((page) => page.notifications)
                .map((notification) => (
                  <Item
                    key={notification.id}
                    notification={notification}
                    busy={busyId === notification.id}
                    onMarkRead={() => onMarkRead(notification.id)}
                    onFollow={() => onFollow(notification)}
                  />
                ))}
            </Stack>
            {hasOlder || loadingOlder ? (
              <Box>
                <Button variant="outline" size="sm" loading={loadingOlder} loadingText="Loading older notifications…" onClick={() => void setSize((pages?.length ?? 0) + 1)}>
                  {words.older}
                </Button>
              </Box>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}

function Item({
  notification,
  busy,
  onMarkRead,
  onFollow,
}: {
  notification: Notification;
  busy: boolean;
  onMarkRead: () => void;
  onFollow: () => void;
}) {
  const unread = notification.readAt === null;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor={unread ? 'brand.muted' : 'border.muted'}
      bg={unread ? 'brand.subtle' : 'bg'}
      rounded="l3"
      p={{ base: '3', md: '4' }}
      data-notification-id={notification.id}
    >
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'start' }}>
        <Stack gap="1" minW="0">
          <Heading as="h3" size="sm" overflowWrap="anywhere">
            <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline" textUnderlineOffset="3px" _hover={{ textDecorationThickness: '2px' }}>
              <RouterLink to={notification.link} onClick={onFollow}>
                {notification.title}
              </RouterLink>
            </Link>
          </Heading>
          {/* Plain text written by the database: rendered as text, never as markup. */}
          {notification.body ? (
            <Text whiteSpace="pre-line" overflowWrap="anywhere">
              {notification.body}
            </Text>
          ) : null}
          <Text textStyle="sm" color="fg.muted">
            <time dateTime={notification.createdAt}>{formatDayAndTime(notification.createdAt)}</time>
          </Text>
        </Stack>
        {unread ? (
          <Button
            variant="ghost"
            size="sm"
            flexShrink={0}
            alignSelf={{ base: 'start', sm: 'auto' }}
            loading={busy}
            loadingText="Marking…"
            aria-label={`Mark as read: “${notification.title}”`}
            onClick={onMarkRead}
          >
            Mark as read
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}
