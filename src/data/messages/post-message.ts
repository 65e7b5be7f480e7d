import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/**
 * Writes a message (post_message), with files already uploaded by
 * uploadConversationFile. Returns the message's id. Members write only to open
 * conversations; an administrator's message reopens a closed one. The same
 * requestId again returns the message it wrote instead of writing another.
 */
export async function postMessage(
  client: AccordClient,
  {
    conversationId,
    body,
    attachmentPaths = [],
    requestId,
  }: { conversationId: string; body: string; attachmentPaths?: string[]; requestId?: string },
): Promise<number> {
  const { data, error } = await client.rpc('post_message', {
    p_conversation_id: conversationId,
    p_body: body,
    ...(attachmentPaths.length > 0 ? { p_attachments: attachmentPaths } : {}),
    ...(requestId ? { p_request_id: requestId } : {}),
  });
  if (error) throw toConversationError(error);
  return data;
}
