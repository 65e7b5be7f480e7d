import useSWRInfinite from 'swr/infinite';

import { supabase, type AccordClient } from '../client';
import { CONVERSATION_PAGE_SIZE, toConversationSummary, type ConversationSummary, type RawConversationSummary } from './conversation-summary';
import { messageKeys, type AdminConversationFilters } from './keys';
import { toConversationError } from './refusals';

/** Where the next page starts: the last row of the page before (keyset on last_message_at, id). */
export interface AdminConversationsCursor {
  lastMessageAt: string;
  id: string;
}

export interface AdminConversationsPage {
  conversations: ConversationSummary[];
  next: AdminConversationsCursor | null;
}

/** Every conversation matching the filters, newest message first; system administrators only. */
export async function listAdminConversations(
  client: AccordClient,
  filters: AdminConversationFilters,
  { limit = CONVERSATION_PAGE_SIZE, before }: { limit?: number; before?: AdminConversationsCursor | null } = {},
): Promise<AdminConversationsPage> {
  const { data, error } = await client.rpc('admin_conversations', {
    p_limit: limit + 1,
    ...(filters.status ? { p_status: filters.status } : {}),
    ...(filters.unassigned ? { p_unassigned: true } : {}),
    ...(filters.mine ? { p_mine: true } : {}),
    ...(filters.organizationId ? { p_organization_id: filters.organizationId } : {}),
    ...(filters.search?.trim() ? { p_search: filters.search.trim() } : {}),
    ...(before ? { p_before_last_message_at: before.lastMessageAt, p_before_id: before.id } : {}),
  });
  if (error) throw toConversationError(error);
  const rows = (data as RawConversationSummary[] | null) ?? [];
  const conversations = rows.slice(0, limit).map(toConversationSummary);
  const last = conversations.at(-1);
  return { conversations, next: rows.length > limit && last ? { lastMessageAt: last.lastMessageAt, id: last.id } : null };
}

type AdminKey = readonly [...ReturnType<typeof messageKeys.admin>, AdminConversationsCursor | null];

/** The back office's list as pages that grow downwards. */
export function useAdminConversations(filters: AdminConversationFilters, client: AccordClient = supabase) {
  return useSWRInfinite(
    (index: number, previous: AdminConversationsPage | null): AdminKey | null => {
      if (index === 0) return [...messageKeys.admin(filters), null];
      return previous?.next ? [...messageKeys.admin(filters), previous.next] : null;
    },
    (key: AdminKey) => listAdminConversations(client, filters, { before: key[key.length - 1] as AdminConversationsCursor | null }),
  );
}
