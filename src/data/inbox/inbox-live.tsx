import { useEffect, useMemo } from 'react';

import { useLiveChanges, type LiveTable } from '../realtime/use-live-changes';
import { emitInboxEvent, setInboxLiveStatus, type InboxTopic } from './inbox-events';

export interface InboxLiveProps {
  userId: string;
  /** A member has notifications and their organisation's conversations; an administrator every conversation. */
  audience: 'member' | 'admin';
}

/**
 * The app's one Realtime channel for the inbox (decision 049), mounted once
 * beside the header while someone with an inbox is signed in. It listens to
 * the person's notifications (filtered to their id; RLS allows no other) and
 * to the conversations and messages they may read (RLS decides which, on
 * hosted Realtime as on the local stand-in), and tells the views through
 * inbox-events.ts; on every (re)join it asks them all to refetch.
 */
export default function InboxLive({ userId, audience }: InboxLiveProps) {
  const tables = useMemo<LiveTable[]>(
    () => [
      ...(audience === 'member' ? [{ table: 'notifications', event: '*' as const, filter: `user_id=eq.${userId}` }] : []),
      { table: 'conversation_messages', event: 'INSERT' },
      { table: 'conversations', event: '*' },
    ],
    [audience, userId],
  );
  const status = useLiveChanges({
    name: `inbox:${userId}`,
    tables,
    onChange: (change) => {
      const topic: InboxTopic = change.table === 'notifications' ? 'notifications' : 'messages';
      emitInboxEvent({ type: 'changed', topic });
    },
    onResync: () => emitInboxEvent({ type: 'resync' }),
  });
  useEffect(() => setInboxLiveStatus(status), [status]);
  useEffect(() => () => setInboxLiveStatus('off'), []);
  return null;
}
