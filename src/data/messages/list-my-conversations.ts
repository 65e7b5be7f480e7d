import useSWRInfinite from 'swr/infinite';

import { supabase, type AccordClient } from '../client';
import { CONVERSATION_PAGE_SIZE, toConversationSummary, type ConversationSummary, type RawConversationSummary } from './conversation-summary';
import { messageKeys } from './keys';
import { toConversationError } from './refusals';

/** Where the next page starts: the last row of the page before (keyset on unread, last_message_at, id). */
export interface MyConversationsCursor {
  unread: boolean;
  lastMessageAt: string;
  id: string;
}

export interface MyConversationsPage {
  conversations: ConversationSummary[];
  /** Pass as `before` for the next page; null on the last. */
  next: MyConversationsCursor | null;
}

/**
 * The signed-in member's organisation's conversations (my_conversations),
 * unread first, then by newest message. Asks for one more row than it shows,
 * to know whether there is a next page.
 */
export async function listMyConversations(
  client: AccordClient,
  { limit = CONVERSATION_PAGE_SIZE, before }: { limit?: number; before?: MyConversationsCursor | null } = {},
): Promise<MyConversationsPage> {
  const { data, error } = await client.rpc('my_conversations', {
    p_limit: limit + 1,
    ...(before ? { p_before_unread: before.unread, p_before_last_message_at: before.lastMessageAt, p_before_id: before.id } : {}),
  });
  if (error) throw toConversationError(error);
  const rows = (data as RawConversationSummary[] | null) ?? [];
  const conversations = rows.slice(0, limit).map(toConversationSummary);
  const last = conversations.at(-1);
  return {
    conversations,
    next: rows.length > limit && last ? { unread: last.unread, lastMessageAt: last.lastMessageAt, id: last.id } : null,
  };
}

type MyKey = readonly [...typeof messageKeys.mine, MyConversationsCursor | null];

/** The list as pages that grow downwards (`setSize(size + 1)`); a revalidation reads from the top again. */
export function useMyConversations(enabled: boolean, client: AccordClient = supabase) {
  return useSWRInfinite(
    (index: number, previous: MyConversationsPage | null): MyKey | null => {
      if (!enabled) return null;
      if (index === 0) return [...messageKeys.mine, null];
      return previous?.next ? [...messageKeys.mine, previous.next] : null;
    },
    ([, , before]: MyKey) => listMyConversations(client, { before }),
  );
}
