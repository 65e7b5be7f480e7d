/**
 * POST /functions/v1/review-application
 *   { "organizationId": "<uuid>", "action": "approve" }
 *   { "organizationId": "<uuid>", "action": "reject", "reason": "…" }
 *   { "organizationId": "<uuid>", "action": "request_changes", "message": "…" }
 *
 * A system administrator decides on an application (or asks for changes) and
 * the applicant is told by e-mail. The decision is made AS THE CALLER (their
 * JWT, through approve_application / reject_application /
 * request_application_changes), so the database alone decides who may review
 * and records who did; the RPC also answers whom to write to, so this function
 * needs no service role. It exists because mail must be sent from a server.
 *
 * Answers (JSON): 200 { organizationId, status, decidedAt, registryEffectiveFrom,
 * notified, recipients, mailError? }. The decision is committed before the
 * mail goes out, so a mail failure is reported in `notified: false` (the
 * administrator can tell the applicant another way), not as a failed request.
 * Refusals are { error, message }: 400 invalid_request | reason_required |
 * message_required | too_long, 401 not_authenticated, 403 forbidden,
 * 404 application_not_found, 405 method_not_allowed, 409 already_decided |
 * registry_conflict (the registry already lists an organisation with its name,
 * legal name or domain: docs/decisions/024-registered-facts-and-public-suffixes.md),
 * 500 internal. Environment: docs/decisions/013-admin-invitation-delivery.md.
 */

import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { env } from '../_shared/env.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { sendMail } from '../_shared/mailer.ts';
import { renderReviewEmail, type ReviewAction } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTIONS: readonly ReviewAction[] = ['approve', 'reject', 'request_changes'];

interface ReviewResult {
  organization_id: string;
  organization_name: string;
  status: string;
  decided_at: string | null;
  decision_reason: string | null;
  registry_effective_from: string | null;
  recipients: string[];
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
  details?: string | null;
}

/** What the RPCs' named errors mean for the administrator (codes in docs/decisions/014-onboarding-application-data.md). */
function refusal(error: PostgrestErrorLike): Response {
  switch (error.message) {
    case 'reason_required':
      return failure(400, 'reason_required', 'Give the applicant a reason for the rejection.');
    case 'message_required':
      return failure(400, 'message_required', 'Tell the applicant what to change.');
    case 'reason_required_too_long':
    case 'message_required_too_long':
      return failure(400, 'too_long', 'That text is too long. Shorten it and try again.');
    case 'application_not_found':
      return failure(404, 'application_not_found', 'This application no longer exists.');
    case 'application_already_decided':
      return failure(409, 'already_decided', 'This application has already been decided. Reload to see the decision.');
    case 'registry_conflict':
      // The database's sentence names the member it would clash with.
      return failure(
        409,
        'registry_conflict',
        error.details ?? 'The trust registry already lists an organisation with this name or website. Ask the applicant to change it before approving.',
      );
  }
  const needsCode = aal2Refusal(error, 'review applications');
  if (needsCode) return needsCode;
  if (error.code === '42501') return failure(403, 'forbidden', 'Only system administrators can review applications.');
  if (error.code?.startsWith('PGRST30')) {
    return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to review applications.');
  }
  console.error('review RPC failed:', error);
  return failure(500, 'internal', 'The decision could not be saved. Please try again.');
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request with { "organizationId", "action" }.');

  const signedIn = await signedInCaller(req, 'Sign in to review applications.');
  if (signedIn instanceof Response) return signedIn;
  const { caller } = signedIn;

  let body: Record<string, unknown>;
  try {
    const parsed: unknown = await req.json();
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return failure(400, 'invalid_request', 'The request body must be a JSON object: { "organizationId", "action" }.');
  }
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : '';
  const action = body.action as ReviewAction;
  if (!UUID.test(organizationId)) return failure(400, 'invalid_request', 'organizationId must be the organisation’s id.');
  if (!ACTIONS.includes(action)) return failure(400, 'invalid_request', 'action must be approve, reject or request_changes.');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  const call =
    action === 'approve'
      ? caller.rpc('approve_application', { p_organization_id: organizationId })
      : action === 'reject'
        ? caller.rpc('reject_application', { p_organization_id: organizationId, p_reason: text(body.reason) })
        : caller.rpc('request_application_changes', { p_organization_id: organizationId, p_message: text(body.message) });
  const { data, error } = await call;
  if (error) return refusal(error);
  const result = data as ReviewResult;

  const answer = {
    organizationId: result.organization_id,
    status: result.status,
    decidedAt: result.decided_at,
    registryEffectiveFrom: result.registry_effective_from,
    recipients: result.recipients,
  };
  if (result.recipients.length === 0) return json({ ...answer, notified: false, mailError: 'The organisation has no administrator to write to.' });

  const mail = renderReviewEmail({
    action,
    organizationName: result.organization_name,
    note: action === 'reject' ? result.decision_reason : action === 'request_changes' ? text(body.message) : null,
    siteUrl: env('SITE_URL'),
    effectiveFrom: result.registry_effective_from ? new Date(result.registry_effective_from) : null,
  });
  try {
    // One mail per person: the addresses of one organisation are not shown to each other.
    for (const to of result.recipients) await sendMail({ to, ...mail });
  } catch (mailError) {
    console.error('Sending the review e-mail failed:', mailError);
    return json({ ...answer, notified: false, mailError: 'The decision was saved, but the e-mail to the applicant could not be sent.' });
  }
  return json({ ...answer, notified: true });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('review-application:', error);
    return failure(500, 'internal', 'Something went wrong while saving the decision. Please try again.');
  }
});
