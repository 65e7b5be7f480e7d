import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toConversationError } from './refusals';
import { messageKeys } from './keys';

/** One conversation as its view heads it: what it is about, with whom, and whether it is open. */
export interface ConversationDetail {
  id: string;
  organizationId: string;
  organizationName: string | null;
  subject: string;
  status: 'open' | 'closed';
  assignedTo: string | null;
  createdAt: string;
  closedAt: string | null;
}

/**
 * Reads one conversation under its SELECT policy (the organisation's members,
 * system administrators). Null when there is no such conversation or the
 * caller may not read it: the two are not told apart, as the RPCs do not.
 */
export async function getConversation(client: AccordClient, conversationId: string): Promise<ConversationDetail | null> {
  const { data, error } = await client
    .from('conversations')
    .select('id, organization_id, subject, status, assigned_to, created_at, closed_at, organizations(name)')
    .eq('id', conversationId)
    .maybeSingle();
  if (error) throw toConversationError(error);
  if (!data) return null;
  return {
    id: data.id,
    organizationId: data.organization_id,
    organizationName: data.organizations?.name ?? null,
    subject: data.subject,
    status: data.status,
    assignedTo: data.assigned_to,
    createdAt: data.created_at,
    closedAt: data.closed_at,
  };
}

/** Pass null while no conversation is open. */
export function useConversation(conversationId: string | null, client: AccordClient = supabase) {
  return useSWR(conversationId === null ? null : messageKeys.conversation(conversationId), ([, , id]) => getConversation(client, id));
}
