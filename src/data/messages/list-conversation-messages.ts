import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { messageKeys } from './keys';
import { toConversationError } from './refusals';

export interface MessageAttachment {
  id: number;
  name: string;
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg';
  byteSize: number;
  /** Open it through createAttachmentUrl. */
  objectPath: string;
}

/** One message of a conversation (conversation_thread). */
export interface ConversationMessage {
  id: number;
  authorId: string | null;
  authorName: string | null;
  /** Written by the network's administrators; false for the organisation's side. */
  fromNetwork: boolean;
  /** Plain text: show it as text, never as HTML. */
  body: string;
  createdAt: string;
  attachments: MessageAttachment[];
}

/** Where to continue: the last message already shown (keyset on created_at, id). */
export interface MessageCursor {
  createdAt: string;
  id: number;
}

interface RawAttachment {
  id: number;
  name: string;
  mime_type: MessageAttachment['mimeType'];
  byte_size: number;
  object_path: string;
}

const MESSAGE_PAGE_SIZE = 200;

/** Messages oldest first, those after `after` when given (what a view fetches after reconnecting). */
export async function listConversationMessages(
  client: AccordClient,
  conversationId: string,
  { after, limit = MESSAGE_PAGE_SIZE }: { after?: MessageCursor | null; limit?: number } = {},
): Promise<ConversationMessage[]> {
  const { data, error } = await client.rpc('conversation_thread', {
    p_conversation_id: conversationId,
    p_limit: limit,
    ...(after ? { p_after_created_at: after.createdAt, p_after_id: after.id } : {}),
  });
  if (error) throw toConversationError(error);
  return (data ?? []).map((row) => ({
    id: row.id,
    authorId: row.author_id,
    authorName: row.author_name,
    fromNetwork: row.from_network,
    body: row.body,
    createdAt: row.created_at,
    attachments: ((row.attachments ?? []) as unknown as RawAttachment[]).map((a) => ({
      id: a.id,
      name: a.name,
      mimeType: a.mime_type,
      byteSize: a.byte_size,
      objectPath: a.object_path,
    })),
  }));
}

/** The whole thread, page after page; or only what came after `after`. */
export async function listAllConversationMessages(
  client: AccordClient,
  conversationId: string,
  after: MessageCursor | null = null,
): Promise<ConversationMessage[]> {
  const messages: ConversationMessage[] = [];
  let cursor = after;
  for (;;) {
    const page = await listConversationMessages(client, conversationId, { after: cursor });
    messages.push(...page);
    const last = page.at(-1);
    if (page.length < MESSAGE_PAGE_SIZE || !last) return messages;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** Pass null while no conversation is open. */
export function useConversationMessages(conversationId: string | null, client: AccordClient = supabase) {
  return useSWR(conversationId === null ? null : messageKeys.thread(conversationId), ([, , id]) => listAllConversationMessages(client, id));
}
