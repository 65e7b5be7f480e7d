/**
 * POST /functions/v1/refund-card-payment  { paymentId, invoiceId, amountMinor, reason }
 *
 * A system administrator refunds a card payment, in full or in part, from the
 * invoice. admin_start_card_refund decides AS THE CALLER and stores the refund
 * with its idempotency key (refund:{payment}:{n}) before Stripe is asked; the
 * provider's answer is recorded with the service role (record_card_refund):
 * the refund on the invoice and a credit note for the same amount, once.
 *
 * Answers { refund } (the card_refunds row); refusals are JSON { error, message }:
 * 400 invalid_request, 401 not_authenticated, 403 forbidden | aal2_required,
 * 404 not_found, 422 refund_invalid, 502 provider_refused, 500 internal.
 * Decision: docs/decisions/078-payment-provider.md.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { signedInCaller } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { ProviderRefusal } from '../_shared/payments/provider.ts';
import { stripeProvider } from '../_shared/payments/stripe.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "paymentId": "<uuid>", "invoiceId": "<uuid>", "amountMinor": <cents>, "reason": "<text>" }.';

function refusal(error: { code?: string; message?: string; details?: string }): Response {
  if (error.code === '22023') return failure(422, error.message ?? 'refund_invalid', error.details ?? 'Check the refund.');
  if (error.code === 'P0002') return failure(404, error.message ?? 'not_found', error.details ?? 'Not found.');
  const needsCode = aal2Refusal(error, 'refund a payment');
  if (needsCode) return needsCode;
  if (error.code === '42501') return failure(403, 'forbidden', 'Only system administrators can refund payments.');
  console.error('admin_start_card_refund failed:', error);
  return failure(500, 'internal', 'The refund could not be started. Please try again.');
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);
  const signedIn = await signedInCaller(req, 'Sign in to refund a payment.');
  if (signedIn instanceof Response) return signedIn;
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  const { paymentId, invoiceId, amountMinor, reason } = body ?? {};
  if (typeof paymentId !== 'string' || !UUID.test(paymentId) || typeof invoiceId !== 'string' || !UUID.test(invoiceId)
      || typeof amountMinor !== 'number' || !Number.isInteger(amountMinor) || typeof reason !== 'string') {
    return failure(400, 'invalid_request', USAGE);
  }
  const started = await signedIn.caller.rpc('admin_start_card_refund', {
    p_payment_id: paymentId, p_invoice_id: invoiceId, p_amount_minor: amountMinor, p_reason: reason,
  });
  if (started.error) return refusal(started.error);
  const request = started.data as { id: string; idempotency_key: string };
  const { data: payment } = await signedIn.caller.from('payments').select('reference').eq('id', paymentId).single();
  const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  try {
    const refund = await stripeProvider().refund({
      idempotencyKey: request.idempotency_key,
      paymentId: (payment as { reference: string }).reference,
      amountMinor,
      invoiceId,
    });
    const recorded = await service.rpc('record_card_refund', { p_refund_id: request.id, p_provider_refund_id: refund.refundId, p_succeeded: refund.succeeded });
    if (recorded.error) throw new Error(recorded.error.message);
    return json({ refund: recorded.data });
  } catch (error) {
    if (error instanceof ProviderRefusal) {
      await service.rpc('record_card_refund', { p_refund_id: request.id, p_provider_refund_id: null, p_succeeded: false });
      return failure(502, 'provider_refused', `Stripe refused the refund: ${error.message}`);
    }
    throw error;
  }
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('refund-card-payment:', error);
    return failure(500, 'internal', 'The refund could not be completed. Please try again.');
  }
});
