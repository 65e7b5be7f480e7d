/**
 * POST /functions/v1/invite-tenant
 *   { "organizationId": "…", "email": "someone@example.org", "role": "member" | "admin" }  invite
 *   { "invitationId": "…" }                                                            resend
 *
 * An organisation's admin invites someone to it, or sends an open invitation
 * again. The invitation is created AS THE CALLER (their JWT, through
 * create_tenant_invitation / resend_tenant_invitation), so the database decides
 * who may invite, which role, and whether the address is free; only the
 * invitee's account and sign-in link need the service role, which is why this
 * is an Edge Function and not a browser call. A new address gets its account
 * here, confirmed and without a password, so it is never left unconfirmed for
 * someone else to sign up over (decision 022).
 *
 * The link signs the invitee in and lands on
 *   <SITE_URL>/auth/callback?type=tenant_invitation&org_id=<id>#tenant_invitation_token=<token>
 * The token rides in the fragment, which browsers never send, so it reaches no
 * static host's access log; the auth service appends its session fragment
 * after it (…#tenant_invitation_token=…#access_token=…), so the callback reads
 * the fragment's parameters split at every "#" (decision 030).
 *
 * Answers (JSON): 201 (invite) or 200 (resend) { invitationId, organizationId, email, role,
 * expiresAt, resendAvailableAt }; otherwise { error, message } — 400 invalid_request |
 * invalid_email | invalid_role, 401 not_authenticated, 403 not_organization_admin,
 * 404 invitation_not_found, 405 method_not_allowed, 409 already_member |
 * already_in_organization | system_admin | invitation_open | invitation_used | invitation_revoked |
 * organization_suspended | organization_revoked, 429 resend_too_soon (with
 * resendAvailableAt), 502 email_failed, 500 internal.
 * Environment: docs/decisions/013-admin-invitation-delivery.md.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import { failure, json, preflight } from '../_shared/http.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { sendMail } from '../_shared/mailer.ts';
import { emailProblem, inviteeEmailMessage, trimEmail } from '../_shared/email-address.ts';
import { invitationSignInLink } from '../_shared/sign-in-link.ts';
import { renderTenantInvitationEmail } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES = ['admin', 'member'] as const;
type Role = (typeof ROLES)[number];

interface SentInvitation {
  invitation_id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  role: Role;
  token: string;
  expires_at: string;
  resend_available_at: string;
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

type InvitationRequest =
  | { kind: 'invite'; organizationId: string; email: string; role: Role }
  | { kind: 'resend'; invitationId: string };

const NOT_PREPARED = 'The invitation e-mail could not be prepared, so no invitation was sent. Please try again.';
const USAGE = 'Send { "organizationId", "email", "role" } to invite, or { "invitationId" } to resend.';

/** HTTP status for each named refusal of the RPCs (their detail is the message, written for the admin). */
const STATUS: Record<string, number> = {
  not_organization_admin: 403,
  invalid_email: 400,
  invalid_role: 400,
  invitation_not_found: 404,
  already_member: 409,
  already_in_organization: 409,
  system_admin: 409,
  invitation_open: 409,
  invitation_used: 409,
  invitation_revoked: 409,
  organization_suspended: 409,
  organization_revoked: 409,
  resend_too_soon: 429,
};

function refusal(error: PostgrestErrorLike): Response {
  const name = error.message ?? '';
  if (name in STATUS) {
    const message = error.details ?? 'The invitation could not be sent.';
    if (name === 'resend_too_soon') return json({ error: name, message, resendAvailableAt: error.hint ?? null }, STATUS[name]);
    return failure(STATUS[name], name, message);
  }
  // PostgREST's codes for a JWT it refuses (expired, malformed, ended session).
  if (error.code?.startsWith('PGRST30') || error.code === '42501') {
    return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to invite people.');
  }
  console.error('The invitation RPC failed:', error);
  return failure(500, 'internal', 'The invitation could not be created. Please try again.');
}

function parse(body: unknown): InvitationRequest | Response {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof fields.invitationId === 'string') {
    if (!UUID.test(fields.invitationId)) return failure(400, 'invalid_request', USAGE);
    return { kind: 'resend', invitationId: fields.invitationId };
  }
  if (typeof fields.organizationId !== 'string' || !UUID.test(fields.organizationId)) {
    return failure(400, 'invalid_request', USAGE);
  }
  // The app's one e-mail rule, which create_tenant_invitation() applies too, so a typo is answered before anything is written.
  const email = typeof fields.email === 'string' ? trimEmail(fields.email) : '';
  const problem = emailProblem(email);
  if (problem) return failure(400, 'invalid_email', inviteeEmailMessage(problem));
  const role = fields.role ?? 'member';
  if (!ROLES.includes(role as Role)) return failure(400, 'invalid_role', 'Choose admin or member.');
  return { kind: 'invite', organizationId: fields.organizationId, email, role: role as Role };
}

/** Nothing reached the invitee: withdraw a new invitation so the team page does not list one they never got. */
async function withdraw(caller: SupabaseClient, request: InvitationRequest, invitationId: string): Promise<void> {
  if (request.kind !== 'invite') return;
  const { error } = await caller.rpc('revoke_tenant_invitation', { p_invitation_id: invitationId });
  if (error) console.error('Could not withdraw invitation', invitationId, error);
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const signedIn = await signedInCaller(req, 'Sign in to invite people.');
  if (signedIn instanceof Response) return signedIn;
  const { caller, user } = signedIn;
  const url = env('SUPABASE_URL');
  const siteUrl = env('SITE_URL');

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const request = parse(body);
  if (request instanceof Response) return request;

  const { data, error } =
    request.kind === 'invite'
      ? await caller.rpc('create_tenant_invitation', {
          p_organization_id: request.organizationId,
          p_email: request.email,
          p_role: request.role,
        })
      : await caller.rpc('resend_tenant_invitation', { p_invitation_id: request.invitationId });
  if (error) return refusal(error);
  const invitation = data as SentInvitation;

  const callback = new URL('/auth/callback', siteUrl);
  callback.searchParams.set('type', 'tenant_invitation');
  callback.searchParams.set('org_id', invitation.organization_id);
  callback.hash = new URLSearchParams({ tenant_invitation_token: invitation.token }).toString();
  const service = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const signInLink = await invitationSignInLink(service, invitation.email, callback.href);
  if (signInLink === null) {
    await withdraw(caller, request, invitation.invitation_id);
    return failure(502, 'email_failed', NOT_PREPARED);
  }

  const mail = renderTenantInvitationEmail({
    email: invitation.email,
    organizationName: invitation.organization_name,
    role: invitation.role,
    inviterEmail: user.email ?? null,
    signInLink,
    invitationLink: callback.href,
    expiresAt: new Date(invitation.expires_at),
  });
  try {
    await sendMail({ to: invitation.email, ...mail });
  } catch (mailError) {
    console.error('Sending the invitation failed:', mailError);
    await withdraw(caller, request, invitation.invitation_id);
    return failure(
      502,
      'email_failed',
      request.kind === 'invite'
        ? 'The invitation e-mail could not be sent, so no invitation was created. Please try again.'
        : 'The invitation e-mail could not be sent. Please try again in a minute.',
    );
  }

  return json(
    {
      invitationId: invitation.invitation_id,
      organizationId: invitation.organization_id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expires_at,
      resendAvailableAt: invitation.resend_available_at,
    },
    request.kind === 'invite' ? 201 : 200,
  );
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('invite-tenant:', error);
    return failure(500, 'internal', 'Something went wrong while sending the invitation. Please try again.');
  }
});
