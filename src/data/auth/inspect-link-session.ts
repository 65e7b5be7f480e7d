import type { Session } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/**
 * What the app asks of an auth client that keeps nothing (client.ts
 * `createSessionInspector`): setSession checks a token pair with the auth
 * server — the user behind a live access token, or a refresh for an expired
 * one — and answers with the session, without touching the app's own.
 */
export type SessionInspector = Pick<AccordClient['auth'], 'setSession'>;

const NO_SESSION = 'The sign-in link did not start a session. Request a new link and try again.';

// One check per access token for the life of the page: React's StrictMode
// starts the callback twice in development, and checking an expired token
// spends its refresh token, which must not be used twice.
const inspections = new Map<string, Promise<Session>>();

/**
 * Whose session a link's tokens are, as the auth server says, not as the
 * token claims: an access token's payload is readable and forgeable by
 * anyone, and an expired one is not checked before its refresh token is used
 * (decision 027). Resolves with that session — fresh tokens if it had to be
 * refreshed — for the app to adopt if the person wants it.
 */
export function inspectLinkSessionOnce(
  inspector: () => SessionInspector,
  tokens: { accessToken: string; refreshToken: string },
): Promise<Session> {
  let pending = inspections.get(tokens.accessToken);
  if (!pending) {
    pending = inspector()
      .setSession({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken })
      .then(({ data, error }) => {
        if (error) throw toDataError(error);
        if (!data.session) throw new DataError(NO_SESSION);
        return data.session;
      });
    inspections.set(tokens.accessToken, pending);
  }
  return pending;
}
