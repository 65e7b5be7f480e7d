import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { CONTACT_MESSAGE_NOT_FOUND } from './get-contact-message';

/**
 * Marks a message handled or unhandled again (the handled column is all
 * administrators may change; the database stamps who and when and writes the
 * audit trail). A row the caller may not change is filtered out, not refused,
 * so no row back means it was not changed.
 */
export async function setContactMessageHandled(client: AccordClient, { id, handled }: { id: string; handled: boolean }): Promise<void> {
  const { data, error } = await client.from('contact_messages').update({ handled }).eq('id', id).select('id');
  if (error) throw toDataError(error);
  if (!data || data.length === 0) throw new DataError(CONTACT_MESSAGE_NOT_FOUND, { code: 'contact_message_not_found' });
}
