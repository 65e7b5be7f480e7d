import useSWR from 'swr';

import type { ContactTopic } from '../../../machines/visitor-request-form';
import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import type { AnswerDelivery } from './list-contact-answers';
import { contactKeys, type ContactMessageQuery } from './keys';

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  topic: ContactTopic;
  preview: string;
  handled: boolean;
  createdAt: string;
  answerCount: number;
  /** The newest answer's e-mail, or null when there is none. */
  lastDelivery: AnswerDelivery | null;
}

export interface ContactMessagePage {
  messages: ContactMessageRow[];
  total: number;
}

/** One page of Contact Us messages, unhandled first and then newest; system administrators only. */
export async function listContactMessages(client: AccordClient, query: ContactMessageQuery): Promise<ContactMessagePage> {
  const search = query.search?.trim();
  const { data, error } = await client.rpc('admin_contact_messages', {
    ...(query.topic ? { p_topic: query.topic } : {}),
    ...(query.handled === true || query.handled === false ? { p_handled: query.handled } : {}),
    ...(search ? { p_search: search } : {}),
    p_limit: query.pageSize,
    p_offset: (Math.max(query.page, 1) - 1) * query.pageSize,
  });
  if (error) throw toDataError(error);
  const rows = data ?? [];
  return {
    messages: rows.map(
      (row): ContactMessageRow => ({
        id: row.id,
        name: row.name,
        email: row.email,
        organization: row.organization,
        topic: row.topic,
        preview: row.message_preview,
        handled: row.handled,
        createdAt: row.created_at,
        answerCount: row.answer_count,
        lastDelivery: row.last_delivery,
      }),
    ),
    // Every row carries the total; a page past the end has none, and the list says so.
    total: rows.length > 0 ? Number(rows[0].total_count) : 0,
  };
}

/** A page of the list; the previous page stays on screen while the next loads. */
export function useContactMessages(query: ContactMessageQuery, client: AccordClient = supabase) {
  return useSWR(contactKeys.list(query), () => listContactMessages(client, query), { keepPreviousData: true });
}
