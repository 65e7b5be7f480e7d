import { Alert, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { EmptyMessage, ErrorState, LoadingState, errorMessage } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { UploadProgress, useUploadTracker } from '../../components/upload-progress';
import type { AccordClient } from '../../data/client';
import { useConversation, type ConversationDetail } from '../../data/messages/get-conversation';
import { messageKeys } from '../../data/messages/keys';
import { listAllConversationMessages, useConversationMessages, type ConversationMessage } from '../../data/messages/list-conversation-messages';
import { useLiveChanges } from '../../data/realtime/use-live-changes';
import { LiveStatus } from '../../components/live-status';
import { markConversationRead } from '../../data/messages/mark-conversation-read';
import { postMessage } from '../../data/messages/post-message';
import { uploadConversationFile } from '../../data/messages/upload-conversation-file';
import { useRequestIds } from '../../data/request-ids';
import { CONVERSATION_STATUS, formatMessageTime } from './conversation-format';
import { MessageThread, type ConversationSide } from './message-thread';
import { ReplyBox, type SendOutcome } from './reply-box';

export interface ConversationViewProps {
  client: AccordClient;
  conversationId: string;
  side: ConversationSide;
  userId: string | null;
  /** Back to the list (shown on narrow screens, where the list is not beside it). */
  backHref: string;
  /** The back office's assign, close and reopen, under the heading. */
  actions?: (conversation: ConversationDetail) => ReactNode;
  /** Under the heading: the assignee, for the back office. */
  details?: (conversation: ConversationDetail) => ReactNode;
  /** A member's way on from a closed conversation. */
  onStartNew?: () => void;
  /** Something in the lists changed (a message sent, read marks moved): the page refreshes them. */
  onListsChanged: () => void;
}

/** The conversation's SWR keys, for whoever must refresh it (a live change, a command). */
export function conversationKeys(conversationId: string) {
  return [messageKeys.conversation(conversationId), messageKeys.thread(conversationId)];
}

/**
 * One conversation: its subject and state, its messages oldest first, and a
 * reply box. Viewing it marks it read, and so does each new message that
 * arrives while it is open (the read mark moves to the newest message the
 * database has, decision 045).
 */
export function ConversationView({ client, conversationId, side, userId, backHref, actions, details, onStartNew, onListsChanged }: ConversationViewProps) {
  const conversation = useConversation(conversationId, client);
  const thread = useConversationMessages(conversationId, client);
  const { mutate } = useSWRConfig();
  const headingId = useId();
  const [sentNotice, setSentNotice] = useState('');
  const upload = useUploadTracker();
  const { track, finish } = upload;

  const listsChanged = useRef(onListsChanged);
  useEffect(() => {
    listsChanged.current = onListsChanged;
  });

  const newest = thread.data?.at(-1)?.id ?? null;
  const found = conversation.data !== undefined && conversation.data !== null;
  const loaded = thread.data !== undefined;
  // Opening a conversation moves the focus to its heading, so a screen reader
  // says what opened, and on a phone (where the list it was chosen from goes
  // away) the focus does not fall back to the top of the page. Once per
  // conversation: live updates must not pull the focus back.
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!found || focused.current) return;
    focused.current = true;
    heading.current?.focus();
  });

  // Read up to the newest message shown: when it opens and whenever a newer one arrives.
  useEffect(() => {
    if (!found || !loaded) return;
    let current = true;
    void markConversationRead(client, conversationId)
      .then(() => {
        if (!current) return;
        listsChanged.current();
        void mutate(messageKeys.unreadCount);
      })
      // A read mark that failed to move is not worth interrupting the reader for: the next one moves it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client, conversationId, found, loaded, newest, mutate]);

  // Live: a new message is fetched and added after the last one shown; a change
  // of the conversation (assigned, closed, reopened) reloads its heading. Each
  // (re)join fetches both whole, so nothing sent while disconnected is missing.
  const threadKey = messageKeys.thread(conversationId);
  const liveStatus = useLiveChanges({
    name: `conversation:${conversationId}`,
    tables: [
      { table: 'conversation_messages', event: 'INSERT', filter: `conversation_id=eq.${conversationId}` },
      { table: 'conversations', event: 'UPDATE', filter: `id=eq.${conversationId}` },
    ],
    onChange: (change) => {
      if (change.table === 'conversations') {
        void mutate(messageKeys.conversation(conversationId));
        return;
      }
      void mutate<ConversationMessage[]>(
        threadKey,
        async (current) => {
          if (!current) return listAllConversationMessages(client, conversationId);
          const last = current.at(-1);
          const newer = await listAllConversationMessages(client, conversationId, last ? { createdAt: last.createdAt, id: last.id } : null);
          const known = new Set(current.map((message) => message.id));
          return [...current, ...newer.filter((message) => !known.has(message.id))];
        },
        { revalidate: false },
      );
    },
    onResync: () => {
      for (const key of conversationKeys(conversationId)) void mutate(key);
    },
  });

  const requestIds = useRequestIds();
  const uploaded = useRef(new WeakMap<File, string>());
  const send = useCallback(
    async ({ body, files }: { body: string; files: File[] }): Promise<SendOutcome> => {
      const detail = conversation.data;
      if (!detail) return { ok: false, message: 'This conversation no longer exists, or you no longer have access to it.' };
      try {
        const attachmentPaths: string[] = [];
        for (const file of files) {
          // A retry sends the files the failed attempt already uploaded, rather than uploading them again.
          let path = uploaded.current.get(file);
          if (!path) {
            path = await uploadConversationFile(client, { organizationId: detail.organizationId, conversationId, file, tracking: track(file) });
            uploaded.current.set(file, path);
            finish();
          }
          attachmentPaths.push(path);
        }
        // The same words and files sent again carry the same id: a lost answer never becomes a second message.
        const requestId = requestIds.idFor(JSON.stringify([conversationId, body, attachmentPaths]));
        await postMessage(client, { conversationId, body, attachmentPaths, requestId });
      } catch (failure) {
        finish();
        return { ok: false, message: errorMessage(failure) };
      }
      requestIds.sent();
      uploaded.current = new WeakMap();
      setSentNotice(files.length > 0 ? 'Message and files sent.' : 'Message sent.');
      await Promise.all(conversationKeys(conversationId).map((key) => mutate(key))).catch(() => undefined);
      listsChanged.current();
      return { ok: true };
    },
    [client, conversation.data, conversationId, mutate, track, finish, requestIds],
  );

  if (conversation.error && conversation.data === undefined) {
    return <ErrorState title="The conversation could not be loaded" message={errorMessage(conversation.error)} onRetry={() => void conversation.mutate()} />;
  }
  if (conversation.data === undefined) return <LoadingState label="Loading the conversation…" />;
  if (conversation.data === null) {
    return (
      <Stack gap="3">
        <EmptyMessage title="Conversation not found">
          This conversation does not exist, or you do not have access to it. It may belong to another organisation, or the link may be incomplete.
        </EmptyMessage>
        <Link asChild variant="underline" color="brand.fg" alignSelf="start">
          <RouterLink to={backHref}>Back to all conversations</RouterLink>
        </Link>
      </Stack>
    );
  }

  const detail = conversation.data;
  const closed = detail.status === 'closed';
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" minW="0">
      <Link asChild variant="underline" color="brand.fg" alignSelf="start" hideFrom="lg" textStyle="sm">
        <RouterLink to={backHref}>Back to all conversations</RouterLink>
      </Link>
      <Stack gap="2">
        <Flex gap="2" align="start" justify="space-between" wrap="wrap">
          <Heading as="h2" size="xl" id={headingId} ref={heading} tabIndex={-1} outline="none" overflowWrap="anywhere" minW="0">
            {detail.subject}
          </Heading>
          <Flex gap="2" align="center">
            <LiveStatus status={liveStatus} />
            <StatusBadge status={detail.status} map={CONVERSATION_STATUS} />
          </Flex>
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          {side === 'network' && detail.organizationName ? `With ${detail.organizationName} · ` : ''}
          Started <time dateTime={detail.createdAt}>{formatMessageTime(detail.createdAt)}</time>
          {closed && detail.closedAt ? (
            <>
              {' '}
              · Closed <time dateTime={detail.closedAt}>{formatMessageTime(detail.closedAt)}</time>
            </>
          ) : null}
        </Text>
        {details?.(detail)}
        {actions?.(detail)}
      </Stack>

      {thread.error && thread.data === undefined ? (
        <ErrorState title="The messages could not be loaded" message={errorMessage(thread.error)} onRetry={() => void thread.mutate()} />
      ) : thread.data === undefined ? (
        <LoadingState label="Loading messages…" />
      ) : (
        <>
          {thread.error ? <ErrorState title="The messages could not be refreshed" message={errorMessage(thread.error)} onRetry={() => void thread.mutate()} /> : null}
          <MessageThread client={client} messages={thread.data} side={side} userId={userId} organizationName={detail.organizationName} />
        </>
      )}

      <Text role="status" aria-live="polite" srOnly>
        {sentNotice}
      </Text>

      {closed && side === 'organization' ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This conversation is closed</Alert.Title>
            <Alert.Description>The network has closed it, so it takes no more replies. To write to the network again, start a new conversation.</Alert.Description>
            {onStartNew ? (
              <Button size="sm" variant="outline" alignSelf="start" mt="2" onClick={onStartNew}>
                Start a new conversation
              </Button>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          {closed ? (
            <Text textStyle="sm" color="fg.muted">
              This conversation is closed. Replying reopens it.
            </Text>
          ) : null}
          <UploadProgress tracker={upload} />
          <ReplyBox label="Your reply" submitLabel="Send reply" onSend={send} />
        </>
      )}
    </Stack>
  );
}
