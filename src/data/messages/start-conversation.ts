import type { AccordClient } from '../client';
import type { RequestIds } from '../request-ids';
import { toConversationError } from './refusals';

/**
 * Starts a conversation with its first message (start_conversation): a member
 * for their own organisation, a system administrator with any. Returns its id.
 * Files go with replies: they are uploaded into the conversation's folder.
 * The same requestId again returns the conversation it started.
 */
export async function startConversation(
  client: AccordClient,
  { organizationId, subject, body, requestId }: { organizationId: string; subject: string; body: string; requestId?: string },
): Promise<string> {
  const { data, error } = await client.rpc('start_conversation', {
    p_organization_id: organizationId,
    p_subject: subject,
    p_body: body,
    ...(requestId ? { p_request_id: requestId } : {}),
  });
  if (error) throw toConversationError(error);
  return data;
}

/**
 * startConversation for a form: the same organisation, subject and body sent
 * again (Retry, a double press) carry the same request id until one is stored,
 * so a lost answer never starts a second conversation.
 */
export async function startConversationOnce(
  client: AccordClient,
  requestIds: RequestIds,
  request: { organizationId: string; subject: string; body: string },
): Promise<string> {
  const requestId = requestIds.idFor(JSON.stringify([request.organizationId, request.subject, request.body]));
  const id = await startConversation(client, { ...request, requestId });
  requestIds.sent();
  return id;
}
