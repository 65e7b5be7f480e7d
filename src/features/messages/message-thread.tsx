import { Alert, Badge, Box, Flex, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useState } from 'react';

import { OpenFileButton } from '../../components/open-file';
import { errorMessage } from '../../components/query-view';
import type { AccordClient } from '../../data/client';
import { createAttachmentUrl } from '../../data/messages/create-attachment-url';
import type { ConversationMessage, MessageAttachment } from '../../data/messages/list-conversation-messages';
import { formatFileSize, formatMessageTime } from './conversation-format';

/** Which side of the conversation is reading it: the organisation's members, or the network's administrators. */
export type ConversationSide = 'organization' | 'network';

export interface MessageThreadProps {
  client: AccordClient;
  messages: ConversationMessage[];
  side: ConversationSide;
  userId: string | null;
  /** The organisation's name, for the organisation's side of the thread. */
  organizationName: string | null;
}

/** Opens a file through a signed URL that works for a minute, in a new tab. */
function AttachmentButton({ client, attachment, onFailure }: { client: AccordClient; attachment: MessageAttachment; onFailure: (message: string) => void }) {
  const kind = attachment.mimeType === 'application/pdf' ? 'PDF' : attachment.mimeType === 'image/png' ? 'PNG' : 'JPEG';
  return (
    <OpenFileButton
      sign={() => createAttachmentUrl(client, attachment.objectPath)}
      target="tab"
      onFailure={(failure) => onFailure(errorMessage(failure))}
      size="xs"
      variant="outline"
      loadingText="Opening…"
      maxW="full"
      justifyContent="start"
    >
      {/* The name is what is seen, so the button's name contains it (WCAG 2.5.3). */}
      <VisuallyHidden>Open </VisuallyHidden>
      <Text as="span" truncate>
        {attachment.name}
      </Text>{' '}
      <Text as="span" color="fg.muted" flexShrink={0}>
        ({kind}, {formatFileSize(attachment.byteSize)})
      </Text>
    </OpenFileButton>
  );
}

/**
 * The messages of a conversation, oldest first, each with who wrote it, from
 * which side and when. Bodies are plain text (React escapes them); line
 * breaks are kept. The reader's own side sits on the right.
 */
export function MessageThread({ client, messages, side, userId, organizationName }: MessageThreadProps) {
  const [fileFailure, setFileFailure] = useState<string | null>(null);
  return (
    <Stack gap="3">
      {fileFailure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The file could not be opened</Alert.Title>
            <Alert.Description>{fileFailure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <chakra.ol aria-label="Messages" listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="3">
        {messages.map((message) => {
          const ours = (side === 'network') === message.fromNetwork;
          const sideLabel = message.fromNetwork ? 'Accord network' : (organizationName ?? 'Organisation');
          const author = message.authorName?.trim() || (message.fromNetwork ? 'An administrator' : 'A member');
          const isMe = userId !== null && message.authorId === userId;
          return (
            <chakra.li key={message.id} display="flex" justifyContent={ours ? 'flex-end' : 'flex-start'}>
              <Box
                as="article"
                aria-label={`${author}${isMe ? ' (you)' : ''}, ${sideLabel}, ${formatMessageTime(message.createdAt)}`}
                maxW={{ base: '100%', md: '85%' }}
                minW="0"
                borderWidth="1px"
                borderRadius="lg"
                px="3"
                py="2"
                bg={message.fromNetwork ? 'brand.subtle' : 'bg.subtle'}
                borderColor={message.fromNetwork ? 'brand.muted' : 'border'}
              >
                <Stack gap="1.5">
                  <Flex gap="2" wrap="wrap" align="center">
                    <Text fontWeight="semibold" textStyle="sm" overflowWrap="anywhere">
                      {author}
                      {isMe ? ' (you)' : ''}
                    </Text>
                    <Badge size="sm" variant="subtle" colorPalette={message.fromNetwork ? 'brand' : 'gray'}>
                      {sideLabel}
                    </Badge>
                    <Text textStyle="xs" color="fg.muted">
                      <chakra.time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</chakra.time>
                    </Text>
                  </Flex>
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {message.body}
                  </Text>
                  {message.attachments.length > 0 ? (
                    <Flex gap="2" wrap="wrap" role="group" aria-label="Files">
                      {message.attachments.map((attachment) => (
                        <AttachmentButton key={attachment.id} client={client} attachment={attachment} onFailure={setFileFailure} />
                      ))}
                    </Flex>
                  ) : null}
                </Stack>
              </Box>
            </chakra.li>
          );
        })}
      </chakra.ol>
    </Stack>
  );
}
