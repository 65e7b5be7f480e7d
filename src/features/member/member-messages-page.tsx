import { Button, Container, Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { PageHeader, SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { messageKeys } from '../../data/messages/keys';
import { useMyConversations } from '../../data/messages/list-my-conversations';
import { startConversationOnce } from '../../data/messages/start-conversation';
import { useRequestIds } from '../../data/request-ids';
import { useLiveChanges } from '../../data/realtime/use-live-changes';
import { useTeamMembership } from '../../data/team/get-team-membership';
import { useSessionFacts } from '../../session/session-context';
import { openConversation } from '../messages/conversation-address';
import { ConversationLayout } from '../messages/conversation-layout';
import { ConversationList } from '../messages/conversation-list';
import { ConversationView } from '../messages/conversation-view';
import { StartConversationDialog, type StartRequest } from '../messages/start-conversation-dialog';

export interface MemberMessagesPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

function MemberConversations({ client, organizationId, userId }: { client: AccordClient; organizationId: string; userId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = useMemo(() => openConversation(params.get('c')), [params]);
  const list = useMyConversations(true, client);
  const [starting, setStarting] = useState(false);
  const refreshList = list.mutate;
  const listsChanged = useCallback(() => void refreshList(), [refreshList]);
  const { mutate } = useSWRConfig();
  // Any change to the organisation's conversations (a new message moves last_message_at) reorders the list.
  useLiveChanges({
    name: `conversations:${organizationId}`,
    tables: [{ table: 'conversations', filter: `organization_id=eq.${organizationId}` }],
    onChange: () => {
      void refreshList();
      void mutate(messageKeys.unreadCount);
    },
    onResync: () => void refreshList(),
  });

  const requestIds = useRequestIds();
  const start = useCommand({
    run: ({ subject, body }: StartRequest) => startConversationOnce(client, requestIds, { organizationId, subject, body }),
    refresh: [messageKeys.unreadCount],
    success: () => ({ title: 'Conversation started', description: 'The network’s administrators have your message and will answer here.' }),
  });

  const pages = list.data;
  const conversations = pages?.flatMap((page) => page.conversations) ?? [];
  const hasMore = Boolean(pages?.at(-1)?.next);
  const hrefFor = (id: string) => `?c=${id}`;

  return (
    <>
      <ConversationLayout
        open={open}
        backHref="."
        list={
          <Stack gap="3">
            <SectionHeader
              id="conversations-heading"
              title="Conversations"
              actions={
                <Button size="sm" onClick={() => setStarting(true)} alignSelf={{ base: 'start', md: 'auto' }}>
                  Start a conversation
                </Button>
              }
            />
            <QueryView
              query={{ data: pages, error: list.error, mutate: list.mutate }}
              loading="Loading conversations…"
              errorTitle="The conversations could not be loaded"
              staleErrorTitle="The conversations could not be refreshed"
              isEmpty={() => conversations.length === 0}
              empty={
                <EmptyMessage title="No conversations yet">
                  Ask the network’s administrators anything about your membership, your application or the registry: start a conversation and the answer
                  appears here.
                </EmptyMessage>
              }
            >
              {() => (
                <Stack gap="3">
                  <ConversationList
                    label="Your organisation’s conversations"
                    conversations={conversations}
                    selectedId={open.kind === 'valid' ? open.id : null}
                    hrefFor={hrefFor}
                  />
                  {hasMore ? (
                    <Button variant="outline" size="sm" onClick={() => void list.setSize(list.size + 1)} loading={list.isValidating && list.size > (pages?.length ?? 0)}>
                      Show older conversations
                    </Button>
                  ) : null}
                </Stack>
              )}
            </QueryView>
          </Stack>
        }
        placeholder={
          <EmptyMessage title="No conversation open">Choose a conversation from the list to read it and reply, or start a new one.</EmptyMessage>
        }
        conversation={(id) => (
          <ConversationView
            key={id}
            client={client}
            conversationId={id}
            side="organization"
            userId={userId}
            backHref="."
            onStartNew={() => setStarting(true)}
            onListsChanged={listsChanged}
          />
        )}
      />
      <StartConversationDialog
        open={starting}
        onOpenChange={setStarting}
        start={start}
        onStarted={(id) => {
          void list.mutate();
          navigate(`?c=${id}`);
        }}
        description="Write to the network’s administrators. Everyone in your organisation can read the conversation and reply. You can send files with your replies once it has started."
      />
    </>
  );
}

/** /dashboard/messages: the organisation's conversations with the network, unread first, one open at a time (?c=<id>). */
export default function MemberMessagesPage({ client = supabase }: MemberMessagesPageProps = {}) {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const membership = useTeamMembership(userId, client);
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Your organisation"
          title="Messages"
          intro="Conversations between your organisation and the network’s administrators. Everyone in your organisation can read and reply."
        />
        <QueryView
          query={membership}
          loading="Loading your organisation…"
          errorTitle="Your organisation could not be loaded"
          isEmpty={(m) => m === null}
          empty={<EmptyMessage title="You are not in an organisation">Messages are between an organisation and the network. Your account does not belong to an organisation yet.</EmptyMessage>}
        >
          {(m) => (m && userId ? <MemberConversations client={client} organizationId={m.organizationId} userId={userId} /> : null)}
        </QueryView>
      </Stack>
    </Container>
  );
}
