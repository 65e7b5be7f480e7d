/**
 * POST /functions/v1/reply-contact-message
 *   { "messageId": "<uuid>", "body": "…", "requestId": "<uuid>" }   answer a Contact Us message
 *   { "answerId": "<uuid>" }                                          send a kept answer again
 *
 * A system administrator answers a visitor's Contact Us message and the
 * visitor receives the answer by e-mail. The answer is kept AS THE CALLER
 * (their JWT, through answer_contact_message), so the database alone decides
 * who may answer (system administrators, at aal2 when they have a factor) and
 * records who did; it also marks the message handled and writes the audit
 * trail. Only then is the mail sent; the service role claims the answer's
 * delivery first (one sender at a time) and records sent or failed after.
 *
 * Idempotent: `requestId` is the answer form's key. The same request again (a
 * double click, a retried fetch) finds the first answer: sent already, it is
 * not mailed again; being sent by the first request, it answers 202.
 *
 * Answers (JSON): 200 { answerId, messageId, delivery: "sent", created };
 * 202 { answerId, messageId, delivery: "sending", created: false } (another request is sending it);
 * 502 { error: "email_failed", message, answerId, messageId, delivery: "failed" }: the answer is kept
 * and can be sent again with { answerId }. Refusals are { error, message }: 400 invalid_request |
 * answer_required | answer_too_long | request_id_reused, 401 not_authenticated, 403 forbidden |
 * aal2_required, 404 message_not_found | answer_not_found, 405 method_not_allowed, 500 internal.
 * Environment: docs/decisions/013-admin-invitation-delivery.md.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import { emailProblem } from '../_shared/email-address.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { sendMail } from '../_shared/mailer.ts';
import { renderContactAnswerEmail } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "messageId", "body", "requestId" } to answer, or { "answerId" } to send an answer again.';
/** What a mail server would read as more than one mailbox, or as something else than an address. */
const NOT_ONE_MAILBOX = /[,;<>()[\]\\":]/;

interface DeliveryRow {
  answer_id: string;
  message_id: string;
  body: string;
  delivery: 'pending' | 'sending' | 'sent' | 'failed';
  created: boolean;
  recipient_name: string;
  recipient_email: string;
  original_message: string;
  original_sent_at: string;
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
  details?: string | null;
}

type ReplyRequest = { kind: 'answer'; messageId: string; body: string; requestId: string } | { kind: 'resend'; answerId: string };

/** The RPCs' named refusals, in words for the administrator (the database's detail where it has one). */
function refusal(error: PostgrestErrorLike): Response {
  switch (error.message) {
    case 'answer_required':
      return failure(400, 'answer_required', 'Write the answer before sending it.');
    case 'answer_too_long':
      return failure(400, 'answer_too_long', 'An answer can be at most 10,000 characters. Shorten it and try again.');
    case 'request_id_reused':
    case 'request_id_required':
      return failure(400, 'request_id_reused', 'This answer could not be matched to your form. Reload the page and send it again.');
    case 'contact_message_not_found':
      return failure(404, 'message_not_found', 'This message no longer exists.');
    case 'contact_answer_not_found':
      return failure(404, 'answer_not_found', 'This answer no longer exists.');
  }
  const needsCode = aal2Refusal(error, 'answer contact messages');
  if (needsCode) return needsCode;
  if (error.code === '42501') return failure(403, 'forbidden', 'Only system administrators can answer contact messages.');
  if (error.code?.startsWith('PGRST30')) {
    return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to answer messages.');
  }
  console.error('reply-contact-message RPC failed:', error);
  return failure(500, 'internal', 'The answer could not be saved. Please try again.');
}

function parse(raw: unknown): ReplyRequest | Response {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return failure(400, 'invalid_request', USAGE);
  const fields = raw as Record<string, unknown>;
  if (fields.answerId !== undefined) {
    if (typeof fields.answerId !== 'string' || !UUID.test(fields.answerId)) return failure(400, 'invalid_request', USAGE);
    return { kind: 'resend', answerId: fields.answerId };
  }
  const { messageId, body, requestId } = fields;
  if (typeof messageId !== 'string' || !UUID.test(messageId) || typeof requestId !== 'string' || !UUID.test(requestId)) {
    return failure(400, 'invalid_request', USAGE);
  }
  // The database trims and checks the text itself; a missing body is its "answer_required".
  return { kind: 'answer', messageId, requestId, body: typeof body === 'string' ? body : '' };
}

/** Records how the e-mail fared; a failure to record is logged (the answer stays "sending" and can be claimed again later). */
async function record(service: SupabaseClient, answerId: string, sent: boolean, error?: string): Promise<void> {
  const { error: recordError } = await service.rpc('record_contact_answer_delivery', {
    p_answer_id: answerId,
    p_sent: sent,
    ...(error ? { p_error: error } : {}),
  });
  if (recordError) console.error('Recording the delivery of answer', answerId, 'failed:', recordError);
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const signedIn = await signedInCaller(req, 'Sign in to answer messages.');
  if (signedIn instanceof Response) return signedIn;
  const { caller } = signedIn;
  const url = env('SUPABASE_URL');

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const request = parse(raw);
  if (request instanceof Response) return request;

  const { data, error } =
    request.kind === 'answer'
      ? await caller.rpc('answer_contact_message', { p_message_id: request.messageId, p_body: request.body, p_request_id: request.requestId })
      : await caller.rpc('contact_answer_for_delivery', { p_answer_id: request.answerId });
  if (error) return refusal(error);
  const row = (data as DeliveryRow[] | null)?.[0];
  if (!row) return failure(404, 'answer_not_found', 'This answer no longer exists.');

  const outcome = { answerId: row.answer_id, messageId: row.message_id, created: row.created };
  if (row.delivery === 'sent') return json({ ...outcome, delivery: 'sent' });

  // One sender at a time: a double click's second request, or a second
  // administrator pressing "Send again", finds the answer claimed.
  const service = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const { data: claimed, error: claimError } = await service.rpc('claim_contact_answer_delivery', { p_answer_id: row.answer_id });
  if (claimError) {
    console.error('Claiming the delivery of answer', row.answer_id, 'failed:', claimError);
    return json({ ...outcome, delivery: 'failed', error: 'email_failed', message: 'The answer was saved, but it could not be sent. Try sending it again.' }, 502);
  }
  if (claimed !== true) return json({ ...outcome, delivery: 'sending' }, 202);

  const address = row.recipient_email.trim();
  if (emailProblem(address) !== null || NOT_ONE_MAILBOX.test(address)) {
    const message = `The answer was saved, but ${address} is not an address Accord can write to. Answer the visitor another way.`;
    await record(service, row.answer_id, false, message);
    return json({ ...outcome, delivery: 'failed', error: 'email_failed', message }, 502);
  }

  const mail = renderContactAnswerEmail({
    recipientName: row.recipient_name,
    answer: row.body,
    originalMessage: row.original_message,
    originalSentAt: new Date(row.original_sent_at),
  });
  try {
    // The object form: the name is encoded and the address is one mailbox, never parsed as a list.
    await sendMail({ to: { name: row.recipient_name.replace(/\p{Cc}/gu, ' ').trim(), address }, ...mail });
  } catch (mailError) {
    console.error('Sending the answer e-mail failed:', mailError);
    const message = 'The answer was saved, but the e-mail could not be sent. Try sending it again.';
    await record(service, row.answer_id, false, message);
    return json({ ...outcome, delivery: 'failed', error: 'email_failed', message }, 502);
  }
  await record(service, row.answer_id, true);
  return json({ ...outcome, delivery: 'sent' });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('reply-contact-message:', error);
    return failure(500, 'internal', 'Something went wrong while answering the message. Please try again.');
  }
});
