import type { Session } from '@supabase/supabase-js';

import type { AccordClient, SessionInspector } from '../client';
import { DataError, toDataError } from '../errors';

const NO_SESSION = 'The sign-in link did not start a session. Request a new link and try again.';

/**
 * A code whose verifier is not in this browser (supabase-js refuses before
 * asking) or is another flow's (the auth service refuses): the link was asked
 * for somewhere else, and only works there (decisions 027 and 067).
 */
export const STARTED_ELSEWHERE_MESSAGE =
  'This link was started in another browser. It works only in the browser that asked for it, so nothing was signed in or linked here.';

/** The auth service's refusals of a code, in words a person can act on; anything else keeps its own message. */
const CODE_REFUSALS: Record<string, string> = {
  pkce_code_verifier_not_found: STARTED_ELSEWHERE_MESSAGE,
  bad_code_verifier: STARTED_ELSEWHERE_MESSAGE,
  flow_state_expired: 'This link has expired, so nothing was signed in or linked. Start again.',
  flow_state_not_found: 'This link has already been used or has expired, so nothing was signed in or linked. Start again.',
  identity_already_exists: 'That account is already linked to another Accord account, so nothing was linked.',
};

function codeRefusal(error: unknown): DataError {
  const refused = toDataError(error);
  const sentence = refused.code ? CODE_REFUSALS[refused.code] : undefined;
  return sentence ? new DataError(sentence, { code: refused.code, status: refused.status, cause: error }) : refused;
}

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
      if (error) throw codeRefusal(error);
      if (!data.session) throw new DataError(NO_SESSION);
      return data.session;
    });
    exchanges.set(code, pending);
  }
  return pending;
}

type Tokens = { accessToken: string; refreshToken: string };

// Checking an expired token spends its refresh token, which must not be used twice either.
const inspections = new Map<string, Promise<Session>>();

/** `auth.setSession` for a token pair, once per access token (`cache`), as a session or a DataError. */
function setSessionOnceIn(cache: Map<string, Promise<Session>>, auth: () => SessionInspector, tokens: Tokens): Promise<Session> {
  let pending = cache.get(tokens.accessToken);
  if (!pending) {
    pending = auth()
      .setSession({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken })
      .then(({ data, error }) => {
        if (error) throw toDataError(error);
        if (!data.session) throw new DataError(NO_SESSION);
        return data.session;
      });
    cache.set(tokens.accessToken, pending);
  }
  return pending;
}

/** Adopts the access and refresh tokens of a link's URL fragment, at most once per token. */
export function setSessionOnce(client: AccordClient, tokens: Tokens): Promise<Session> {
  return setSessionOnceIn(adoptions, () => client.auth, tokens);
}

/**
 * Whose session a link's tokens are, as the auth server says, not as the
 * token claims: an access token's payload is readable and forgeable by
 * anyone, and an expired one is not checked before its refresh token is used
 * (decision 027). Resolves with that session — fresh tokens if it had to be
 * refreshed — for the app to adopt if the person wants it.
 */
export function inspectLinkSessionOnce(inspector: () => SessionInspector, tokens: Tokens): Promise<Session> {
  return setSessionOnceIn(inspections, inspector, tokens);
}

/** The session this browser already holds, or null. */
export async function getCurrentSession(client: AccordClient): Promise<Session | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw toDataError(error);
  return data.session;
}
