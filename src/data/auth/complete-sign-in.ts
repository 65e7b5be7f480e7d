import type { Session } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * Waits for the client to finish reading the sign-in link in the URL and returns
 * the resulting session, or null when the URL held nothing it could use (e.g. a
 * link opened in another browser, which has no PKCE code verifier).
 *
 * The client itself exchanges the code (detectSessionInUrl) during its one-time
 * initialisation; `initialize()` hands back that same result on every call, so
 * calling this twice (StrictMode) never exchanges a code twice.
 */
export async function completeSignInFromUrl(client: AccordClient): Promise<Session | null> {
  const { error } = await client.auth.initialize();
  if (error) throw toDataError(error);
  const { data, error: sessionError } = await client.auth.getSession();
  if (sessionError) throw toDataError(sessionError);
  return data.session;
}
