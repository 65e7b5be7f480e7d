import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * A session can end elsewhere: "sign out everywhere" on another device, an
 * administrator's ban. From then on the Data API and Storage refuse this tab's
 * access token (supabase/migrations/20261124000200_ended-sessions.sql), but
 * supabase-js keeps the session until the token expires: a failed refresh
 * while the token is still valid is kept as "proactive", so the person would
 * see refused requests for up to jwt_expiry. This fetch notices the refusal
 * and ends the session in this browser, which makes supabase-js say
 * SIGNED_OUT: the app then takes its ordinary signed-out path (the session
 * machine clears the facts, the guard sends a protected page to /login).
 * Decision record: docs/decisions/023-ended-sessions.md.
 */

/** GoTrue's codes for an ended session, which the Data API sends as `code` (401). */
const ENDED_SESSION_CODES = new Set(['session_not_found', 'session_expired']);
/** GoTrue's wording, which Storage sends as `message` with statusCode "403". */
const ENDED_SESSION_MESSAGES = new Set(['Session from session_id claim in JWT does not exist', 'Session is no longer valid']);

/**
 * Whether Realtime's words say the session has ended: a refused join
 * (realtime-js wraps the reason, "InvalidJWTToken: Session from …") or the
 * system message of a channel closed because its session ended (decision 065).
 */
export function isEndedSessionText(text: string): boolean {
  return [...ENDED_SESSION_MESSAGES].some((message) => text.includes(message));
}

type Fetch = typeof fetch;
type AuthLike = Pick<SupabaseClient['auth'], 'getSession' | 'signOut'>;

async function jsonOf(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the Data API (401) or Storage (400, statusCode "403") refused the request because its session has ended. */
export async function isEndedSessionResponse(response: Response): Promise<boolean> {
  if (response.status !== 401 && response.status !== 400) return false;
  const body = await jsonOf(response);
  if (!body) return false;
  if (response.status === 401) return typeof body.code === 'string' && ENDED_SESSION_CODES.has(body.code);
  return body.statusCode === '403' && typeof body.message === 'string' && ENDED_SESSION_MESSAGES.has(body.message);
}

/**
 * Ends the session in this browser if `token` is still the one it holds (not
 * one a newer sign-in has replaced); answers whether it did. A local sign-out
 * asks the auth service to end the session, which is already gone, and drops
 * it here whatever the answer: supabase-js then says SIGNED_OUT.
 */
export async function endSessionIfCurrent(auth: AuthLike, token: string): Promise<boolean> {
  const { data } = await auth.getSession();
  if (data.session?.access_token !== token) return false;
  await auth.signOut({ scope: 'local' });
  return true;
}

function bearerOf(init: RequestInit | undefined, input: Parameters<Fetch>[0]): string | undefined {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return /^Bearer (\S+)$/i.exec(headers.get('authorization') ?? '')?.[1];
}

/**
 * A fetch for the one client: requests to the Data API and Storage go out
 * unchanged; when one is refused because its session has ended, the session
 * is ended here too (endSessionIfCurrent) — once, however many requests were
 * refused together. `auth` is read lazily because the client that owns this
 * fetch is created with it.
 */
export function fetchEndingSessions(
  apiUrl: string,
  auth: () => AuthLike,
  baseFetch: Fetch = (input, init) => fetch(input, init),
): Fetch {
  // As supabase-js builds its service URLs from the project URL.
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  const watched = [new URL('rest/v1/', base).href, new URL('storage/v1/', base).href];
  let ending: string | undefined;

  async function endIfCurrent(token: string): Promise<void> {
    if (ending === token) return;
    ending = token;
    try {
      await endSessionIfCurrent(auth(), token);
    } finally {
      ending = undefined;
    }
  }

  return async (input, init) => {
    const response = await baseFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!watched.some((prefix) => url.startsWith(prefix))) return response;
    const token = bearerOf(init, input);
    if (token && (await isEndedSessionResponse(response))) {
      // Not awaited: the caller gets its answer (and shows it) while the session ends.
      void endIfCurrent(token).catch(() => undefined);
    }
    return response;
  };
}
