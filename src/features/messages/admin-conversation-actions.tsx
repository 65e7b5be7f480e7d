import { Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { SelectInput } from '../../components/form-controls';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import { assignConversation } from '../../data/messages/assign-conversation';
import { closeConversation } from '../../data/messages/close-conversation';
import type { ConversationDetail } from '../../data/messages/get-conversation';
import { messageKeys } from '../../data/messages/keys';
import type { NetworkAdmin } from '../../data/messages/list-network-admins';
import { reopenConversation } from '../../data/messages/reopen-conversation';
import { conversationKeys } from './conversation-view';

export interface AdminConversationActionsProps {
  client: AccordClient;
  conversation: ConversationDetail;
  userId: string;
  admins: NetworkAdmin[];
  onListsChanged: () => void;
}

/** Who answers a conversation, in words. */
export function assigneeLabel(assignedTo: string | null, userId: string, admins: NetworkAdmin[]): string {
  if (assignedTo === null) return 'Unassigned';
  if (assignedTo === userId) return 'Assigned to you';
  const name = admins.find((admin) => admin.id === assignedTo)?.name;
  return name ? `Assigned to ${name}` : 'Assigned to a former administrator';
}

/**
 * The back office's actions on one conversation: take it, give it to another
 * administrator or to nobody, close it and reopen it. Each is decided by the
 * database (system administrators only) and refreshes the conversation and
 * the lists.
 */
export function AdminConversationActions({ client, conversation, userId, admins, onListsChanged }: AdminConversationActionsProps) {
  const id = conversation.id;
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const refresh = [...conversationKeys(id), messageKeys.unreadCount];

  const assign = useCommand({
    run: (adminId: string | null) => assignConversation(client, id, adminId),
    refresh,
    success: (_, adminId) => ({
      title: adminId === null ? 'Conversation unassigned' : 'Conversation assigned',
      description:
        adminId === null
          ? 'Nobody answers it now; it waits among the unassigned ones.'
          : adminId === userId
            ? 'You answer this conversation now.'
            : `${admins.find((admin) => admin.id === adminId)?.name ?? 'The administrator'} answers this conversation now.`,
    }),
    failureToast: 'The conversation was not assigned',
  });
  const close = useCommand({
    run: () => closeConversation(client, id),
    refresh,
    success: () => ({ title: 'Conversation closed', description: 'The organisation can no longer reply to it; they can start a new one.' }),
    failureToast: 'The conversation was not closed',
  });
  const reopen = useCommand({
    run: () => reopenConversation(client, id),
    refresh,
    success: () => ({ title: 'Conversation reopened', description: 'The organisation can reply to it again.' }),
    failureToast: 'The conversation was not reopened',
  });
  const after = (ok: boolean) => {
    if (ok) onListsChanged();
  };

  const busy = assign.busy || close.busy || reopen.busy;
  const others = admins.filter((admin) => admin.id !== userId);
  return (
    <Stack gap="2">
      <Text textStyle="sm" fontWeight="medium">
        {assigneeLabel(conversation.assignedTo, userId, admins)}
      </Text>
      <Flex gap="2" wrap="wrap" align="end">
        {conversation.assignedTo !== userId ? (
          <Button size="sm" variant="outline" disabled={busy} loading={assign.pending === userId} loadingText="Assigning…" onClick={() => void assign.run(userId).then((r) => after(r.ok))}>
            Assign to me
          </Button>
        ) : null}
        {conversation.assignedTo !== null ? (
          <Button size="sm" variant="outline" disabled={busy} loading={assign.busy && assign.pending === null} loadingText="Unassigning…" onClick={() => void assign.run(null).then((r) => after(r.ok))}>
            Unassign
          </Button>
        ) : null}
        {conversation.status === 'open' ? (
          <Button size="sm" variant="outline" disabled={busy} loading={close.busy} loadingText="Closing…" onClick={() => void close.run().then((r) => after(r.ok))}>
            Close conversation
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} loading={reopen.busy} loadingText="Reopening…" onClick={() => void reopen.run().then((r) => after(r.ok))}>
            Reopen conversation
          </Button>
        )}
      </Flex>
      {others.length > 0 ? (
        <chakra.form
          display="flex"
          gap="2"
          flexWrap="wrap"
          alignItems="end"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) void assign.run(chosen).then((r) => after(r.ok));
          }}
        >
          <Stack gap="1" flex="1 1 12rem" minW="0">
            <chakra.label htmlFor={selectId} textStyle="sm" fontWeight="medium">
              Assign to another administrator
            </chakra.label>
            <SelectInput id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)} height="9">
              <option value="">Choose an administrator</option>
              {others.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
            </SelectInput>
          </Stack>
          <Button type="submit" size="sm" disabled={busy || chosen === ''} loading={assign.busy && assign.pending === chosen && chosen !== ''} loadingText="Assigning…">
            Assign
          </Button>
        </chakra.form>
      ) : null}
    </Stack>
  );
}
