import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/** System administrators: reopens a closed conversation. */
export async function reopenConversation(client: AccordClient, conversationId: string): Promise<void> {
  const { error } = await client.rpc('reopen_conversation', { p_conversation_id: conversationId });
  if (error) throw toConversationError(error);
}
