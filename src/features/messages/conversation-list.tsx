import { Badge, Box, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { StatusBadge } from '../../components/status-badge';
import type { ConversationSummary } from '../../data/messages/conversation-summary';
import { CONVERSATION_STATUS, formatMessageTime, unreadLabel } from './conversation-format';

export interface ConversationListProps {
  /** Names the list for screen readers ("Your organisation's conversations"). */
  label: string;
  conversations: ConversationSummary[];
  /** The conversation open beside or instead of the list. */
  selectedId: string | null;
  /** The address that opens a conversation (the list's filters stay). */
  hrefFor: (conversationId: string) => string;
  /** The back office shows whose conversation it is and who answers it. */
  showOrganization?: boolean;
}

/**
 * Conversations as a list of links, each with its subject, status, time of
 * the newest message, a preview and what the reader has not read yet. Links,
 * not buttons: a conversation has an address of its own (?c=<id>) that a
 * notification or a colleague can point to.
 */
export function ConversationList({ label, conversations, selectedId, hrefFor, showOrganization = false }: ConversationListProps) {
  return (
    <chakra.ul aria-label={label} listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="2">
      {conversations.map((conversation) => {
        const selected = conversation.id === selectedId;
        return (
          <chakra.li key={conversation.id}>
            <RouterLink to={hrefFor(conversation.id)} aria-current={selected ? 'page' : undefined} style={{ display: 'block' }}>
              <Box
                borderWidth="1px"
                borderRadius="lg"
                p="3"
                bg={selected ? 'brand.subtle' : conversation.unread ? 'bg.subtle' : 'bg'}
                borderColor={selected ? 'brand.solid' : 'border'}
                _hover={{ borderColor: 'brand.solid' }}
              >
                <Stack gap="1" minW="0">
                  <Flex gap="2" justify="space-between" align="start">
                    <Text fontWeight={conversation.unread ? 'bold' : 'medium'} overflowWrap="anywhere" lineClamp={2}>
                      {conversation.subject}
                    </Text>
                    <StatusBadge status={conversation.status} map={CONVERSATION_STATUS} />
                  </Flex>
                  {showOrganization && conversation.organizationName ? (
                    <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                      {conversation.organizationName}
                      {conversation.assignedTo ? ` · Assigned to ${conversation.assignedName ?? 'a former administrator'}` : ' · Unassigned'}
                    </Text>
                  ) : null}
                  {conversation.lastMessagePreview ? (
                    <Text textStyle="sm" color="fg.muted" lineClamp={1} overflowWrap="anywhere">
                      {conversation.lastMessageFromNetwork ? 'Network: ' : ''}
                      {conversation.lastMessagePreview}
                    </Text>
                  ) : null}
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text textStyle="xs" color="fg.muted">
                      <chakra.time dateTime={conversation.lastMessageAt}>{formatMessageTime(conversation.lastMessageAt)}</chakra.time>
                    </Text>
                    {conversation.unread && conversation.unreadCount > 0 ? (
                      <Badge colorPalette="red" variant="solid" size="sm">
                        {unreadLabel(conversation.unreadCount)}
                      </Badge>
                    ) : null}
                  </Flex>
                </Stack>
              </Box>
            </RouterLink>
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}
