import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/** System administrators: gives the conversation to an administrator, or to nobody (null). */
export async function assignConversation(client: AccordClient, conversationId: string, adminId: string | null): Promise<void> {
  // The generated type says string; the function takes null for "unassigned".
  const { error } = await client.rpc('assign_conversation', { p_conversation_id: conversationId, p_admin_id: adminId as string });
  if (error) throw toConversationError(error);
}
