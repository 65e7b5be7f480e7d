import useSWR from 'swr';

import type { ContactTopic } from '../../../machines/visitor-request-form';
import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { contactKeys } from './keys';

/** One Contact Us message as the back office opens it. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  topic: ContactTopic;
  message: string;
  handled: boolean;
  handledAt: string | null;
  createdAt: string;
}

export const CONTACT_MESSAGE_NOT_FOUND = 'This message no longer exists, or you no longer have access to it.';

/** Reads one message through RLS (system administrators only): anyone else finds nothing. */
export async function getContactMessage(client: AccordClient, id: string): Promise<ContactMessage> {
  const { data, error } = await client
    .from('contact_messages')
    .select('id, name, email, organization, topic, message, handled, handled_at, created_at')
    .eq('id', id)
    .maybeSingle();
  if (error) throw toDataError(error);
  if (!data) throw new DataError(CONTACT_MESSAGE_NOT_FOUND, { code: 'contact_message_not_found' });
  return {
    id: data.id,
    name: data.name,
    email: String(data.email),
    organization: data.organization,
    topic: data.topic,
    message: data.message,
    handled: data.handled,
    handledAt: data.handled_at,
    createdAt: data.created_at,
  };
}

export function useContactMessage(id: string | null, client: AccordClient = supabase) {
  return useSWR(id ? contactKeys.message(id) : null, () => getContactMessage(client, id!));
}
