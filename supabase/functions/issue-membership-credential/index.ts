/**
 * POST /functions/v1/issue-membership-credential   { "organizationId": "<uuid>" }
 *
 * An organisation's admin downloads its membership as an SD-JWT VC (decision
 * 081). The database decides AS THE CALLER (issue_membership_credential: the
 * organisation's admins, aal2 when enrolled, an active member only), records
 * the credential with its status list index and network_activity
 * membership_credential.issued, and returns the claims; this function signs
 * them with the network's key (NETWORK_SIGNING_KEY, decision 080).
 *
 * Answers (JSON): 200 { credential, fileName, expiresAt }; 400 invalid_request,
 * 401 not_authenticated, 403 forbidden | aal2_required, 409 not_active_member,
 * 405 method_not_allowed, 500 internal.
 */
import { signedInCaller } from '../_shared/caller.ts';
import { env } from '../_shared/env.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { type CredentialDraft, type EcJwk, issueMembershipCredential, membershipVct } from '../_shared/trust/credential.ts';
import { networkDid, statusListUrl } from '../_shared/trust/identity.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');
  const signedIn = await signedInCaller(req, 'Sign in to download your membership credential.');
  if (signedIn instanceof Response) return signedIn;
  const { organizationId } = (await req.json().catch(() => ({}))) as { organizationId?: unknown };
  if (typeof organizationId !== 'string' || !UUID.test(organizationId)) return failure(400, 'invalid_request', 'Send { "organizationId": "<uuid>" }.');

  const { data, error } = await signedIn.caller.rpc('issue_membership_credential', { p_organization_id: organizationId });
  if (error) {
    const needsCode = aal2Refusal(error, 'download the membership credential');
    if (needsCode) return needsCode;
    if (error.message === 'not_active_member') return failure(409, 'not_active_member', 'Only an active member of the network can download a membership credential.');
    if (error.code === '42501') return failure(403, 'forbidden', 'Only your organisation’s administrators can download its membership credential.');
    console.error('issue_membership_credential failed:', error);
    return failure(500, 'internal', 'The credential could not be issued. Please try again.');
  }
  const draft = data as CredentialDraft;
  const signingKey = JSON.parse(env('NETWORK_SIGNING_KEY')) as EcJwk & { kid: string };
  const siteUrl = env('SITE_URL');
  const credential = await issueMembershipCredential(draft, {
    issuer: networkDid(siteUrl),
    vct: membershipVct(siteUrl),
    kid: signingKey.kid,
    privateJwk: signingKey,
    statusListUri: statusListUrl(Deno.env.get('PUBLIC_SUPABASE_URL') ?? env('SUPABASE_URL')),
  });
  const slug = String(draft.claims.name ?? 'organisation').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return json({ credential, fileName: `accord-membership-${slug || 'organisation'}.sd-jwt`, expiresAt: new Date(draft.exp * 1000).toISOString() });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('issue-membership-credential failed:', error);
    return failure(500, 'internal', 'The credential could not be issued. Please try again.');
  }
});
