import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/** System administrators: closes the conversation (members can no longer write to it). */
export async function closeConversation(client: AccordClient, conversationId: string): Promise<void> {
  const { error } = await client.rpc('close_conversation', { p_conversation_id: conversationId });
  if (error) throw toConversationError(error);
}
