import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { contactKeys } from './keys';

/** public.contact_answer_delivery: how an answer's e-mail fared. */
export type AnswerDelivery = 'pending' | 'sending' | 'sent' | 'failed';

export interface ContactAnswer {
  id: string;
  body: string;
  answeredBy: string;
  /** The administrator's name, or their address when they have none; null when their account is gone. */
  answeredByName: string | null;
  createdAt: string;
  delivery: AnswerDelivery;
  deliveryAttempts: number;
  deliveredAt: string | null;
  /** The last failure, in words for the administrator. */
  deliveryError: string | null;
}

/** A Contact Us message's answers, oldest first, each with its e-mail's state; system administrators only. */
export async function listContactAnswers(client: AccordClient, messageId: string): Promise<ContactAnswer[]> {
  const { data, error } = await client.rpc('admin_contact_message_answers', { p_message_id: messageId });
  if (error) throw toDataError(error);
  return (data ?? []).map((row) => ({
    id: row.id,
    body: row.body,
    answeredBy: row.answered_by,
    answeredByName: row.answered_by_name,
    createdAt: row.created_at,
    delivery: row.delivery,
    deliveryAttempts: row.delivery_attempts,
    deliveredAt: row.delivered_at,
    deliveryError: row.delivery_error,
  }));
}

export function useContactAnswers(messageId: string | null, client: AccordClient = supabase) {
  return useSWR(messageId ? contactKeys.answers(messageId) : null, () => listContactAnswers(client, messageId!));
}
