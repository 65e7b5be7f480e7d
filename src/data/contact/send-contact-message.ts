import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { publicRpc } from '../public-api';
import { visitorRequestError } from '../visitor-refusal';

export interface ContactMessage {
  name: string;
  email: string;
  /** Optional: empty means none. */
  organization: string;
  /** One of public.contact_topic: membership, partnership, press, support, privacy, other. */
  topic: string;
  message: string;
}

const FIELD_NAMES = { name: 'name', email: 'email', organization: 'organization', topic: 'topic', message: 'message' };

/**
 * send_contact_message(): stores a Contact Us message for the back office, as
 * an anonymous visitor through the fetch-based public API, so the footer's
 * dialog never loads supabase-js. The sender cannot read it back.
 *
 * Throws FormRefusedError naming bad fields, a DataError (status 429) with
 * code `too_many_requests` after 5 messages from one address in an hour,
 * `too_many_requests_from_network` after 10 from one client network,
 * `too_many_requests_overall` after 120 from everyone, or a DataError saying
 * why it failed otherwise.
 */
export async function sendContactMessage(message: ContactMessage, options: { signal?: AbortSignal } = {}): Promise<{ id: string }> {
  let id: unknown;
  try {
    ({ value: id } = await publicRpc(
      'send_contact_message',
      {
        p_name: message.name,
        p_email: message.email,
        p_organization: message.organization.trim() === '' ? undefined : message.organization,
        p_topic: message.topic,
        p_message: message.message,
      },
      { signal: options.signal },
    ));
  } catch (error) {
    throw visitorRequestError(error, 'invalid_contact_message', FIELD_NAMES);
  }
  if (typeof id !== 'string') throw new DataError(UNEXPECTED_MESSAGE);
  return { id };
}
