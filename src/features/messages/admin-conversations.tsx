import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { FilterSelect, SearchField } from '../../components/filter-controls';
import { SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useUrlFilters } from '../../components/use-url-filters';
import type { AccordClient } from '../../data/client';
import { messageKeys } from '../../data/messages/keys';
import type { AdminConversationFilters } from '../../data/messages/keys';
import { useAdminConversations } from '../../data/messages/list-admin-conversations';
import { useNetworkAdmins } from '../../data/messages/list-network-admins';
import { startConversationOnce } from '../../data/messages/start-conversation';
import { useRequestIds } from '../../data/request-ids';
import { useLiveChanges } from '../../data/realtime/use-live-changes';
import { isUuid } from '../../../machines/ids';
import { AdminConversationActions } from './admin-conversation-actions';
import { openConversation } from './conversation-address';
import { ConversationLayout } from './conversation-layout';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { OrganizationPicker, type PickedOrganization } from './organization-picker';
import { StartConversationDialog, type StartRequest } from './start-conversation-dialog';

export type StatusFilter = 'open' | 'closed' | 'all';
export type AssigneeFilter = '' | 'unassigned' | 'mine';

/** The conversations tab's address: filters, search and the open conversation. */
export interface AdminConversationsAddress {
  status: StatusFilter;
  assigned: AssigneeFilter;
  org: string;
  q: string;
  /** As typed in the address, so a malformed id can be explained rather than ignored. */
  c: string;
}

const STATUSES: StatusFilter[] = ['open', 'closed', 'all'];
const ASSIGNEES: AssigneeFilter[] = ['', 'unassigned', 'mine'];

export function parseAdminConversationsAddress(params: URLSearchParams): AdminConversationsAddress {
  const get = (name: string) => params.get(name) ?? '';
  const status = get('status');
  const assigned = get('assigned');
  return {
    status: (STATUSES as string[]).includes(status) ? (status as StatusFilter) : 'open',
    assigned: (ASSIGNEES as string[]).includes(assigned) ? (assigned as AssigneeFilter) : '',
    org: isUuid(get('org')) ? get('org').toLowerCase() : '',
    q: get('q').slice(0, 200),
    c: get('c').slice(0, 100),
  };
}

export function serializeAdminConversationsAddress(address: AdminConversationsAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.status !== 'open') params.set('status', address.status);
  if (address.assigned) params.set('assigned', address.assigned);
  if (address.org) params.set('org', address.org);
  if (address.q) params.set('q', address.q);
  if (address.c) params.set('c', address.c);
  return params;
}

function toFilters(address: AdminConversationsAddress): AdminConversationFilters {
  return {
    status: address.status === 'all' ? null : address.status,
    unassigned: address.assigned === 'unassigned',
    mine: address.assigned === 'mine',
    organizationId: address.org || null,
    search: address.q.trim() || null,
  };
}

export interface AdminConversationsProps {
  client: AccordClient;
  userId: string;
}

/**
 * /admin/messages?view=conversations: every conversation of the network,
 * newest message first, filtered and searched on the server and paged by
 * keyset; one opens beside the list (?c=<id>) with its reply box and the
 * administrators' actions.
 */
export function AdminConversations({ client, userId }: AdminConversationsProps) {
  const { filters: address, setFilters, hrefFor } = useUrlFilters(parseAdminConversationsAddress, serializeAdminConversationsAddress);
  const [typed, setTyped] = useState(address.q);
  useEffect(() => setTyped(address.q), [address.q]);
  const list = useAdminConversations(toFilters(address), client);
  const admins = useNetworkAdmins(true, client);
  const [choosingOrg, setChoosingOrg] = useState(false);
  const [orgName, setOrgName] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startOrg, setStartOrg] = useState<PickedOrganization | null>(null);
  const [startOrgError, setStartOrgError] = useState<string | null>(null);
  const refreshList = list.mutate;
  const listsChanged = useCallback(() => void refreshList(), [refreshList]);
  const { mutate } = useSWRConfig();
  // Every conversation of the network: a new one, a new message, an assignment or a closing reorders or refilters the list.
  useLiveChanges({
    name: 'conversations:network',
    tables: [{ table: 'conversations' }],
    onChange: () => {
      void refreshList();
      void mutate(messageKeys.unreadCount);
    },
    onResync: () => void refreshList(),
  });

  const requestIds = useRequestIds();
  const start = useCommand({
    run: ({ subject, body }: StartRequest) => startConversationOnce(client, requestIds, { organizationId: startOrg?.id ?? '', subject, body }),
    refresh: [messageKeys.unreadCount],
    success: () => ({ title: 'Conversation started', description: `${startOrg?.name ?? 'The organisation'} can read it now, and it is assigned to you.` }),
  });

  const pages = list.data;
  const conversations = pages?.flatMap((page) => page.conversations) ?? [];
  const hasMore = Boolean(pages?.at(-1)?.next);
  const open = openConversation(address.c);
  const filtered = address.status !== 'open' || Boolean(address.assigned || address.org || address.q);
  const chosenOrgName = orgName ?? conversations.find((row) => row.organizationId === address.org)?.organizationName ?? 'the chosen organisation';
  const backHref = hrefFor({ ...address, c: '' });

  const filterControls = (
    <Stack as="form" role="search" aria-label="Find conversations" gap="3" onSubmit={(event) => event.preventDefault()}>
      <SearchField
        label="Search subjects"
        placeholder="A word or phrase in the subject"
        value={typed}
        onChange={(q) => {
          setTyped(q);
          setFilters({ q }, { replace: true });
        }}
      />
      <Flex gap="3" wrap="wrap">
        <Box flex="1 1 9rem">
          <FilterSelect label="Status" name="status" value={address.status} onChange={(status) => setFilters({ status: status as StatusFilter })}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </FilterSelect>
        </Box>
        <Box flex="1 1 9rem">
          <FilterSelect label="Assigned to" name="assigned" value={address.assigned} onChange={(assigned) => setFilters({ assigned: assigned as AssigneeFilter })}>
            <option value="">Anyone</option>
            <option value="unassigned">Nobody (unassigned)</option>
            <option value="mine">Me</option>
          </FilterSelect>
        </Box>
      </Flex>
      {address.org ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Text textStyle="sm">
            Organisation: <strong>{chosenOrgName}</strong>
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setOrgName(null);
              setFilters({ org: '' });
            }}
          >
            All organisations
          </Button>
        </Flex>
      ) : choosingOrg ? (
        <Stack gap="2">
          <OrganizationPicker
            client={client}
            label="Organisation"
            value={null}
            onChange={(picked) => {
              if (!picked) return;
              setOrgName(picked.name);
              setChoosingOrg(false);
              setFilters({ org: picked.id });
            }}
          />
          <Button size="xs" variant="plain" px="0" alignSelf="start" onClick={() => setChoosingOrg(false)}>
            Cancel
          </Button>
        </Stack>
      ) : (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setChoosingOrg(true)}>
          Filter by organisation
        </Button>
      )}
      {filtered ? (
        <Button asChild size="xs" variant="plain" px="0" alignSelf="start">
          <RouterLink to={address.c ? `?c=${encodeURIComponent(address.c)}` : '.'}>Clear filters</RouterLink>
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <>
      <ConversationLayout
        open={open}
        backHref={backHref}
        list={
          <Stack gap="4">
            <SectionHeader
              id="admin-conversations-heading"
              title="Conversations"
              actions={
                <Button size="sm" alignSelf={{ base: 'start', md: 'auto' }} onClick={() => setStarting(true)}>
                  Start a conversation
                </Button>
              }
            />
            {filterControls}
            <QueryView
              query={{ data: pages, error: list.error, mutate: list.mutate }}
              loading="Loading conversations…"
              errorTitle="The conversations could not be loaded"
              staleErrorTitle="The conversations could not be refreshed"
              isEmpty={() => conversations.length === 0}
              empty={
                <EmptyMessage title={filtered ? 'No conversation matches' : 'No open conversations'}>
                  {filtered ? 'Try other filters or another word, or clear the filters.' : 'Nothing waits for an answer. Closed conversations are under Status: Closed.'}
                </EmptyMessage>
              }
            >
              {() => (
                <Stack gap="3">
                  <ConversationList
                    label="The network’s conversations"
                    conversations={conversations}
                    selectedId={open.kind === 'valid' ? open.id : null}
                    hrefFor={(id) => hrefFor({ ...address, c: id })}
                    showOrganization
                  />
                  {hasMore ? (
                    <Button variant="outline" size="sm" onClick={() => void list.setSize(list.size + 1)}>
                      Show older conversations
                    </Button>
                  ) : null}
                </Stack>
              )}
            </QueryView>
          </Stack>
        }
        placeholder={<EmptyMessage title="No conversation open">Choose a conversation from the list to read it, answer it, assign it or close it.</EmptyMessage>}
        conversation={(id) => (
          <ConversationView
            key={id}
            client={client}
            conversationId={id}
            side="network"
            userId={userId}
            backHref={backHref}
            onListsChanged={listsChanged}
            actions={(detail) => (
              <AdminConversationActions client={client} conversation={detail} userId={userId} admins={admins.data ?? []} onListsChanged={listsChanged} />
            )}
          />
        )}
      />
      <StartConversationDialog
        open={starting}
        onOpenChange={(next) => {
          setStarting(next);
          if (!next) {
            setStartOrg(null);
            setStartOrgError(null);
          }
        }}
        start={start}
        onStarted={(id) => {
          setStartOrg(null);
          void list.mutate();
          setFilters({ c: id });
        }}
        description="Write to any organisation of the network. Everyone in it can read and reply; the conversation is assigned to you."
        before={<OrganizationPicker client={client} label="Organisation" value={startOrg} onChange={(picked) => { setStartOrg(picked); setStartOrgError(null); }} error={startOrgError} />}
        checkBefore={() => {
          const problem = startOrg ? null : 'Choose the organisation to write to.';
          setStartOrgError(problem);
          return problem;
        }}
      />
    </>
  );
}
