import type { AccordClient } from '../client';
import { toConversationError } from './refusals';

/**
 * Starts a conversation with its first message (start_conversation): a member
 * for their own organisation, a system administrator with any. Returns its id.
 * Files go with replies: they are uploaded into the conversation's folder.
 */
export async function startConversation(
  client: AccordClient,
  { organizationId, subject, body }: { organizationId: string; subject: string; body: string },
): Promise<string> {
  const { data, error } = await client.rpc('start_conversation', { p_organization_id: organizationId, p_subject: subject, p_body: body });
  if (error) throw toConversationError(error);
  return data;
}
