/**
 * POST /functions/v1/grant-access
 *   { "action": "grant", "requestId": "…", "level": "lite" | "data_room", "expiresAt"?: ISO date-time | null }
 *   { "action": "decline", "requestId": "…", "reason": "…" }
 *   { "action": "invite_stakeholder", "email": "…", "affiliation"?: "…" }
 *
 * The back office answers investor access requests and invites stakeholders
 * (docs/decisions/059-investor-and-stakeholder-access.md). Every decision is
 * made AS THE CALLER (their JWT, through grant_investor_access_from_request,
 * decline_investor_request and invite_stakeholder), so the database decides
 * who may grant and whether the input holds; the service role only creates a
 * missing account and the sign-in link, which is why this is an Edge Function
 * and not a browser call.
 *
 * An address without an account: the RPC answers account_needed only after it
 * has checked the caller and the input, so an account is created (confirmed,
 * without a password: decision 022) only for a grant the database accepted;
 * then the RPC is called again. The sign-in link lands on
 *   <SITE_URL>/auth/callback?next=/investor/dashboard   (or /stakeholder/dashboard)
 * A decline e-mails the requester the reason.
 *
 * Answers (JSON): 200 { action, userId?, email, level?, expiresAt?, affiliation? };
 * otherwise { error, message } — 400 invalid_request | invalid_email | level_required |
 * expiry_in_past | reason_required | reason_too_long | affiliation_too_long,
 * 401 not_authenticated, 403 not_allowed | aal2_required, 404 request_not_found,
 * 405 method_not_allowed, 409 request_already_decided | already_stakeholder,
 * 502 email_failed (the decision stands; the message says so), 500 internal.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { sendMail } from '../_shared/mailer.ts';
import { emailProblem, inviteeEmailMessage, trimEmail } from '../_shared/email-address.ts';
import { invitationSignInLink } from '../_shared/sign-in-link.ts';
import { renderAccessGrantedEmail, renderRequestDeclinedEmail, type AccessArea } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEVELS = ['lite', 'data_room'] as const;
type Level = (typeof LEVELS)[number];

type AccessRequest =
  | { action: 'grant'; requestId: string; level: Level; expiresAt: string | null }
  | { action: 'decline'; requestId: string; reason: string }
  | { action: 'invite_stakeholder'; email: string; affiliation: string | null };

interface PostgrestErrorLike {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

const USAGE =
  'Send { "action": "grant", "requestId", "level", "expiresAt" }, { "action": "decline", "requestId", "reason" } or { "action": "invite_stakeholder", "email", "affiliation" }.';

/** HTTP status for each named refusal of the RPCs (their detail is the sentence, written for the administrator). */
const STATUS: Record<string, number> = {
  invalid_email: 400,
  level_required: 400,
  expiry_in_past: 400,
  reason_required: 400,
  reason_too_long: 400,
  affiliation_too_long: 400,
  request_not_found: 404,
  request_already_decided: 409,
  already_stakeholder: 409,
};

function refusal(error: PostgrestErrorLike): Response {
  const name = error.message ?? '';
  if (name in STATUS) return failure(STATUS[name], name, error.details ?? 'This could not be done.');
  const aal2 = aal2Refusal(error, 'grant access');
  if (aal2) return aal2;
  if (error.code === '42501' && name.startsWith('Only system administrators')) {
    return failure(403, 'not_allowed', 'Only system administrators grant access.');
  }
  if (error.code?.startsWith('PGRST30') || error.code === '42501') {
    return failure(401, 'not_authenticated', 'Your session has expired. Sign in again.');
  }
  console.error('The access RPC failed:', error);
  return failure(500, 'internal', 'The decision could not be saved. Please try again.');
}

function parse(body: unknown): AccessRequest | Response {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  switch (fields.action) {
    case 'grant': {
      if (typeof fields.requestId !== 'string' || !UUID.test(fields.requestId)) return failure(400, 'invalid_request', USAGE);
      if (!LEVELS.includes(fields.level as Level)) return failure(400, 'level_required', 'Choose lite or data room.');
      const expiresAt = fields.expiresAt ?? null;
      if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) {
        return failure(400, 'invalid_request', 'The expiry must be a date and time, or none.');
      }
      return { action: 'grant', requestId: fields.requestId, level: fields.level as Level, expiresAt: expiresAt as string | null };
    }
    case 'decline': {
      if (typeof fields.requestId !== 'string' || !UUID.test(fields.requestId)) return failure(400, 'invalid_request', USAGE);
      if (typeof fields.reason !== 'string') return failure(400, 'reason_required', 'Write the reason the requester will read.');
      return { action: 'decline', requestId: fields.requestId, reason: fields.reason };
    }
    case 'invite_stakeholder': {
      const email = typeof fields.email === 'string' ? trimEmail(fields.email) : '';
      const problem = emailProblem(email);
      if (problem) return failure(400, 'invalid_email', inviteeEmailMessage(problem));
      if (fields.affiliation !== undefined && fields.affiliation !== null && typeof fields.affiliation !== 'string') {
        return failure(400, 'invalid_request', USAGE);
      }
      return { action: 'invite_stakeholder', email, affiliation: (fields.affiliation as string | null | undefined) ?? null };
    }
    default:
      return failure(400, 'invalid_request', USAGE);
  }
}

/** One call of the deciding RPC as the caller: its first row, or the refusal. */
async function decide<Row>(caller: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<{ row: Row } | { error: PostgrestErrorLike }> {
  const { data, error } = await caller.rpc(fn, args);
  if (error) return { error };
  const row = (Array.isArray(data) ? data[0] : data) as Row | undefined;
  if (!row) return { error: { message: 'no_row' } };
  return { row };
}

/**
 * The grant as the caller; when the address has no account yet (and only
 * then: the database has already said yes), the account, then the grant again.
 */
async function decideWithAccount<Row>(
  caller: SupabaseClient,
  service: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  emailOf: (error: PostgrestErrorLike) => string | null,
): Promise<{ row: Row; created: boolean } | Response> {
  const first = await decide<Row>(caller, fn, args);
  if ('row' in first) return { row: first.row, created: false };
  if (first.error.message !== 'account_needed') return refusal(first.error);
  const email = emailOf(first.error);
  if (!email) return failure(500, 'internal', 'The account could not be created. Please try again.');
  const { error: accountError } = await service.auth.admin.createUser({ email, email_confirm: true });
  if (accountError && accountError.code !== 'email_exists') {
    console.error('createUser failed:', accountError);
    return failure(502, 'email_failed', 'The account could not be created, so nothing was granted. Please try again.');
  }
  const second = await decide<Row>(caller, fn, args);
  if ('error' in second) return refusal(second.error);
  return { row: second.row, created: true };
}

/** The address the account_needed refusal names (its hint). */
const addressIn = (error: PostgrestErrorLike) => (error.hint?.includes('@') ? error.hint : null);

async function mailSignIn(
  service: SupabaseClient,
  area: AccessArea,
  to: string,
  words: { name: string | null; level: Level | null; expiresAt: string | null },
): Promise<boolean> {
  const siteUrl = env('SITE_URL');
  const callback = new URL('/auth/callback', siteUrl);
  callback.searchParams.set('next', area === 'investor' ? '/investor/dashboard' : '/stakeholder/dashboard');
  const signInLink = await invitationSignInLink(service, to, callback.href);
  if (signInLink === null) return false;
  const mail = renderAccessGrantedEmail({
    area,
    email: to,
    name: words.name,
    level: words.level,
    expiresAt: words.expiresAt ? new Date(words.expiresAt) : null,
    signInLink,
    loginUrl: new URL('/login', siteUrl).href,
  });
  try {
    await sendMail({ to, ...mail });
    return true;
  } catch (mailError) {
    console.error('Sending the access e-mail failed:', mailError);
    return false;
  }
}

const NOT_MAILED =
  'Access was granted, but the e-mail with the sign-in link could not be sent. They can sign in with their address on the sign-in page; or revoke and grant again later.';

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const signedIn = await signedInCaller(req, 'Sign in to grant access.');
  if (signedIn instanceof Response) return signedIn;
  const { caller } = signedIn;
  const url = env('SUPABASE_URL');

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const request = parse(body);
  if (request instanceof Response) return request;
  const service = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);

  if (request.action === 'decline') {
    const decided = await decide<{ email: string; name: string; reason: string; requested_at: string }>(caller, 'decline_investor_request', {
      p_request_id: request.requestId,
      p_reason: request.reason,
    });
    if ('error' in decided) return refusal(decided.error);
    const { row } = decided;
    try {
      await sendMail({ to: row.email, ...renderRequestDeclinedEmail({ name: row.name, reason: row.reason, requestedAt: new Date(row.requested_at) }) });
    } catch (mailError) {
      console.error('Sending the decline failed:', mailError);
      return failure(502, 'email_failed', `The request was declined, but the e-mail to ${row.email} could not be sent. Write to them yourself.`);
    }
    return json({ action: 'decline', requestId: request.requestId, email: row.email });
  }

  if (request.action === 'grant') {
    const granted = await decideWithAccount<{ user_id: string; email: string; name: string; level: Level; expires_at: string | null }>(
      caller,
      service,
      'grant_investor_access_from_request',
      { p_request_id: request.requestId, p_level: request.level, p_expires_at: request.expiresAt },
      addressIn,
    );
    if (granted instanceof Response) return granted;
    const { row } = granted;
    const mailed = await mailSignIn(service, 'investor', row.email, { name: row.name, level: row.level, expiresAt: row.expires_at });
    if (!mailed) return failure(502, 'email_failed', NOT_MAILED);
    return json({ action: 'grant', userId: row.user_id, email: row.email, level: row.level, expiresAt: row.expires_at, accountCreated: granted.created });
  }

  const invited = await decideWithAccount<{ user_id: string; email: string; affiliation: string | null }>(
    caller,
    service,
    'invite_stakeholder',
    { p_email: request.email, p_affiliation: request.affiliation },
    addressIn,
  );
  if (invited instanceof Response) return invited;
  const { row } = invited;
  const mailed = await mailSignIn(service, 'stakeholder', row.email, { name: null, level: null, expiresAt: null });
  if (!mailed) return failure(502, 'email_failed', NOT_MAILED);
  return json({ action: 'invite_stakeholder', userId: row.user_id, email: row.email, affiliation: row.affiliation, accountCreated: invited.created });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('grant-access:', error);
    return failure(500, 'internal', 'Something went wrong while granting access. Please try again.');
  }
});
