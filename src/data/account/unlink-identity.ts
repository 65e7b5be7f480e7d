import type { UserIdentity } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

const SENTENCES: Record<string, string> = {
  single_identity_not_deletable: 'This is your only way of signing in, so it cannot be removed.',
  email_conflict_identity_not_deletable: 'This sign-in method holds your account’s e-mail address, so it cannot be removed.',
  identity_not_found: 'That sign-in method is no longer linked.',
};

/** Unlinks one identity (DELETE /user/identities/{id}); the auth service never removes the last one. */
export async function unlinkIdentity(client: AccordClient, identity: UserIdentity): Promise<void> {
  const { error } = await client.auth.unlinkIdentity(identity);
  if (!error) return;
  const sentence = error.code ? SENTENCES[error.code] : undefined;
  throw sentence ? new DataError(sentence, { code: error.code, status: error.status, cause: error }) : toDataError(error);
}
