/**
 * POST /functions/v1/pay-invoice  { invoiceId }
 *
 * An organisation's administrator pays an issued invoice by card. The attempt
 * and its idempotency key (pay:{invoice}:{attempt}) are stored by
 * start_card_payment AS THE CALLER, before the provider is called; the open
 * attempt for exactly the open balance is answered again, so a double click, a
 * retry or a second tab sends the same key and the provider answers the same
 * payment. Then the provider's hosted page is created for exactly the open
 * balance, with metadata.invoice_id, and recorded with the service role.
 *
 * Answers { url, attemptId }; refusals are JSON { error, message }:
 * 400 invalid_request, 401 not_authenticated, 403 forbidden | aal2_required,
 * 404 invoice_not_found, 405 method_not_allowed, 409 invoice_not_payable,
 * 502 provider_refused, 500 internal. Decision: docs/decisions/078-payment-provider.md.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { signedInCaller } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { ProviderRefusal } from '../_shared/payments/provider.ts';
import { stripeProvider } from '../_shared/payments/stripe.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "invoiceId": "<uuid>" }.';

interface Attempt {
  id: string;
  invoice_id: string;
  idempotency_key: string;
  amount_minor: number;
  currency: string;
  status: string;
  checkout_url: string | null;
}

function refusal(error: { code?: string; message?: string; details?: string }): Response {
  switch (error.message) {
    case 'invoice_not_found':
      return failure(404, 'invoice_not_found', 'This invoice does not exist.');
    case 'invoice_not_payable':
      return failure(409, 'invoice_not_payable', error.details ?? 'This invoice has nothing left to pay.');
    case 'not_authenticated':
      return failure(401, 'not_authenticated', 'Sign in to pay an invoice.');
  }
  const needsCode = aal2Refusal(error, 'pay an invoice');
  if (needsCode) return needsCode;
  if (error.code === '42501') return failure(403, 'forbidden', 'Only your organisation’s administrators can pay its invoices.');
  console.error('start_card_payment failed:', error);
  return failure(500, 'internal', 'The payment could not be started. Please try again.');
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);
  const signedIn = await signedInCaller(req, 'Sign in to pay an invoice.');
  if (signedIn instanceof Response) return signedIn;
  const body = (await req.json().catch(() => null)) as { invoiceId?: unknown } | null;
  const invoiceId = body?.invoiceId;
  if (typeof invoiceId !== 'string' || !UUID.test(invoiceId)) return failure(400, 'invalid_request', USAGE);

  const started = await signedIn.caller.rpc('start_card_payment', { p_invoice_id: invoiceId });
  if (started.error) return refusal(started.error);
  const attempt = started.data as Attempt;
  if (attempt.checkout_url && attempt.status !== 'creating') return json({ url: attempt.checkout_url, attemptId: attempt.id });

  const { data: invoice } = await signedIn.caller.from('invoices').select('number').eq('id', invoiceId).single();
  const back = `${env('SITE_URL')}/dashboard/billing?invoice=${invoiceId}`;
  const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  try {
    const checkout = await stripeProvider().createCheckout({
      idempotencyKey: attempt.idempotency_key,
      invoiceId,
      attemptId: attempt.id,
      invoiceNumber: (invoice as { number: string } | null)?.number ?? invoiceId,
      amountMinor: attempt.amount_minor,
      currency: attempt.currency,
      returnUrl: `${back}&payment=returned`,
      cancelUrl: `${back}&payment=cancelled`,
    });
    const recorded = await service.rpc('record_card_checkout', {
      p_attempt_id: attempt.id, p_session_id: checkout.sessionId, p_payment_id: checkout.paymentId, p_url: checkout.url,
    });
    if (recorded.error) throw new Error(recorded.error.message);
    return json({ url: checkout.url, attemptId: attempt.id });
  } catch (error) {
    if (error instanceof ProviderRefusal) {
      // Refused for good: the next click starts a new attempt with a new key.
      await service.rpc('fail_card_checkout', { p_attempt_id: attempt.id, p_code: error.code, p_message: error.message });
      return failure(502, 'provider_refused', 'The card payment could not be started. Please try again later or pay by bank transfer.');
    }
    // Unknown outcome (a timeout, a lost answer): the attempt keeps its key, so trying again is safe.
    throw error;
  }
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('pay-invoice:', error);
    return failure(500, 'internal', 'The payment could not be started. Please try again.');
  }
});
