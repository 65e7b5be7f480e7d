import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/** Marks the conversation read by the signed-in person up to its newest message. */
export async function markConversationRead(client: AccordClient, conversationId: string): Promise<void> {
  const { error } = await client.rpc('mark_conversation_read', { p_conversation_id: conversationId });
  if (error) throw toConversationError(error);
}
