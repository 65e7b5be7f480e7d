import { useSessionFacts } from '../../session/session-context';
import type { Area, UnreadSlot } from '../../routes/routes';
import { useUnreadConversationCount } from '../messages/get-unread-conversation-count';
import { useUnreadNotificationCount } from '../notifications/count-unread-notifications';
import { useInboxEvents } from './inbox-events';

/**
 * The unread counts an area's side navigation shows beside Messages and
 * Notifications (decision 049): the member area counts both, the back office
 * only messages (what waits for the administrator: unread_conversation_count
 * counts the open conversations assigned to them or to nobody). The app's one
 * live inbox channel tells it when to count again (inbox-events.ts).
 */
export function useUnreadCounts(area: Area): Partial<Record<UnreadSlot, number>> {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const messages = useUnreadConversationCount(userId !== null);
  const notifications = useUnreadNotificationCount(area === 'member' ? userId : null);
  useInboxEvents((event) => {
    if (event.type === 'resync' || event.topic === 'messages') void messages.mutate();
    if (area === 'member' && (event.type === 'resync' || event.topic === 'notifications')) void notifications.mutate();
  });
  return area === 'member' ? { messages: messages.data, notifications: notifications.data } : { messages: messages.data };
}
