import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toConversationError } from './refusals';
import { messageKeys } from './keys';

/**
 * How many conversations hold messages the signed-in person has not read
 * (unread_conversation_count): a member's organisation's, or for a system
 * administrator the open ones assigned to them or to nobody.
 */
export async function getUnreadConversationCount(client: AccordClient): Promise<number> {
  const { data, error } = await client.rpc('unread_conversation_count');
  if (error) throw toConversationError(error);
  return data;
}

/** Pass enabled = false while nobody is signed in. */
export function useUnreadConversationCount(enabled: boolean, client: AccordClient = supabase) {
  return useSWR(enabled ? messageKeys.unreadCount : null, () => getUnreadConversationCount(client));
}
