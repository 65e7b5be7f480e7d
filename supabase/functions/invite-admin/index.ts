/**
 * POST /functions/v1/invite-admin  { "email": "someone@example.org" }
 *
 * A system administrator invites someone to become one. The invitation is
 * created AS THE CALLER (their JWT, through create_admin_invitation), so the
 * database's own rule decides who may invite; only the sign-in link for the
 * invitee needs the service role, which is why this is an Edge Function and
 * not a browser call. Inviting an address again is "resend": a new token, and
 * the previous invitation to that address is revoked by the RPC. A new address
 * gets its account here, confirmed and without a password, so it is never left
 * unconfirmed for someone else to sign up over.
 *
 * Answers (JSON): 201 { invitationId, email, expiresAt }; otherwise { error, message }
 * with 400 invalid_request | invalid_email, 401 not_authenticated, 403 forbidden,
 * 405 method_not_allowed, 409 already_admin, 502 email_failed, 500 internal.
 * Environment: docs/decisions/013-admin-invitation-delivery.md.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import { emailProblem, inviteeEmailMessage, trimEmail } from '../_shared/email-address.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { sendMail } from '../_shared/mailer.ts';
import { invitationSignInLink } from '../_shared/sign-in-link.ts';
import { renderInvitationEmail } from './email.ts';


interface CreatedInvitation {
  invitation_id: string;
  token: string;
  expires_at: string;
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
}

const NOT_PREPARED = 'The invitation e-mail could not be prepared, so no invitation was sent. Please try again.';

/** What the RPC's refusals mean for the caller (codes from docs/decisions/002 and 013). */
function refusal(error: PostgrestErrorLike, email: string): Response {
  const needsCode = aal2Refusal(error, 'manage administrators');
  if (needsCode) return needsCode;
  if (error.code === '42501') {
    return failure(403, 'forbidden', 'Only system administrators can invite administrators.');
  }
  if (error.message === 'invalid_email') {
    return failure(400, 'invalid_email', inviteeEmailMessage('invalid'));
  }
  if (error.message === 'already_admin') {
    return failure(409, 'already_admin', `${email} is already a system administrator.`);
  }
  // PostgREST's codes for a JWT it refuses (expired, malformed).
  if (error.code?.startsWith('PGRST30')) {
    return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to invite administrators.');
  }
  console.error('create_admin_invitation failed:', error);
  return failure(500, 'internal', 'The invitation could not be created. Please try again.');
}

/** Nothing reached the invitee: withdraw the invitation so the list does not show one they never got. */
async function withdraw(caller: SupabaseClient, invitationId: string): Promise<void> {
  const { error } = await caller.rpc('revoke_admin_invitation', { p_invitation_id: invitationId });
  if (error) console.error('Could not withdraw invitation', invitationId, error);
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request with { "email": "…" }.');

  const signedIn = await signedInCaller(req, 'Sign in to invite administrators.');
  if (signedIn instanceof Response) return signedIn;
  const { caller, user } = signedIn;
  const url = env('SUPABASE_URL');
  const siteUrl = env('SITE_URL');

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return failure(400, 'invalid_request', 'The request body must be JSON: { "email": "…" }.');
  }
  const raw = (body as { email?: unknown } | null)?.email;
  // The app's one e-mail rule, which create_admin_invitation() applies too, so a typo is answered before anything is written.
  const email = typeof raw === 'string' ? trimEmail(raw) : '';
  const problem = emailProblem(email);
  if (problem) return failure(400, 'invalid_email', inviteeEmailMessage(problem));

  const { data, error } = await caller.rpc('create_admin_invitation', { p_email: email });
  if (error) return refusal(error, email);
  const invitation = (data as CreatedInvitation[])[0];

  // The link signs the invitee in and lands on the callback, which forwards the
  // token to /admin/accept-invitation.
  const callback = new URL('/auth/callback', siteUrl);
  callback.searchParams.set('invitation_token', invitation.token);
  const service = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const signInLink = await invitationSignInLink(service, email, callback.href);
  if (signInLink === null) {
    await withdraw(caller, invitation.invitation_id);
    return failure(502, 'email_failed', NOT_PREPARED);
  }

  // In the fragment, which browsers never send: the token reaches no server's
  // access log (the screen reads it from there and removes it, decision 027).
  const acceptUrl = new URL('/admin/accept-invitation', siteUrl);
  acceptUrl.hash = new URLSearchParams({ token: invitation.token }).toString();
  const mail = renderInvitationEmail({
    email,
    inviterEmail: user.email ?? null,
    signInLink,
    invitationLink: acceptUrl.href,
    expiresAt: new Date(invitation.expires_at),
  });
  try {
    await sendMail({ to: email, ...mail });
  } catch (mailError) {
    console.error('Sending the invitation failed:', mailError);
    await withdraw(caller, invitation.invitation_id);
    return failure(502, 'email_failed', 'The invitation e-mail could not be sent, so no invitation was created. Please try again.');
  }

  return json({ invitationId: invitation.invitation_id, email, expiresAt: invitation.expires_at }, 201);
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('invite-admin:', error);
    return failure(500, 'internal', 'Something went wrong while sending the invitation. Please try again.');
  }
});
