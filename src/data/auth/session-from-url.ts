import type { Session } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

const NO_SESSION = 'The sign-in link did not start a session. Request a new link and try again.';

// One attempt per code and per token pair for the life of the page. React's
// StrictMode starts the callback machine twice in development, and a PKCE code
// is single use: a second exchange would fail and turn a good sign-in into an
// error. Keying by the code (not a flag) keeps a later, different link working.
// Failures are kept too: retrying a spent code can only fail again.
const exchanges = new Map<string, Promise<Session>>();
const adoptions = new Map<string, Promise<Session>>();

/** Exchanges a PKCE `?code=` for a session, at most once per code. */
export function exchangeCodeOnce(client: AccordClient, code: string): Promise<Session> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = client.auth.exchangeCodeForSession(code).then(({ data, error }) => {
      if (error) throw toDataError(error);
      if (!data.session) throw new DataError(NO_SESSION);
      return data.session;
    });
    exchanges.set(code, pending);
  }
  return pending;
}

/** Adopts the access and refresh tokens of a link's URL fragment, at most once per token. */
export function setSessionOnce(client: AccordClient, tokens: { accessToken: string; refreshToken: string }): Promise<Session> {
  let pending = adoptions.get(tokens.accessToken);
  if (!pending) {
    pending = client.auth
      .setSession({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken })
      .then(({ data, error }) => {
        if (error) throw toDataError(error);
        if (!data.session) throw new DataError(NO_SESSION);
        return data.session;
      });
    adoptions.set(tokens.accessToken, pending);
  }
  return pending;
}

/** The session this browser already holds, or null. */
export async function getCurrentSession(client: AccordClient): Promise<Session | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw toDataError(error);
  return data.session;
}
