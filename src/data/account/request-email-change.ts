import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

const SENTENCES: Record<string, string> = {
  email_exists: 'Another account already uses that address.',
  email_address_invalid: 'Enter a valid e-mail address, for example name@organisation.org.',
  over_email_send_rate_limit: 'Too many e-mails have been sent. Please wait a while and try again.',
};

/**
 * Asks the auth service to move the account to `email`. With secure e-mail
 * change (config.toml `double_confirm_changes`, hosted's default) it e-mails a
 * link to the current address and one to the new; the address changes once
 * both have been followed. Each link lands on `redirectTo`.
 */
export async function requestEmailChange(client: AccordClient, { email, redirectTo }: { email: string; redirectTo: string }): Promise<void> {
  const { error } = await client.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (!error) return;
  const sentence = error.code ? SENTENCES[error.code] : undefined;
  if (sentence) throw new DataError(sentence, { code: error.code, status: error.status, cause: error });
  // GoTrue's "once every 60 seconds" refusal is already a sentence; so is anything else it words.
  throw toDataError(error);
}
