/**
 * POST /functions/v1/stripe-webhook — Stripe's webhook endpoint (verify_jwt = false:
 * Stripe sends no Supabase JWT; the Stripe-Signature header is what proves the sender).
 *
 * 1. The signature is verified on the raw body (constructEventAsync, Web Crypto);
 *    one that does not verify is refused (400) and recorded (payment.webhook_refused).
 * 2. The event is stored by its id (a repeat is ignored) and acknowledged at once.
 * 3. In the background it is applied: the payment intent it is about is fetched
 *    from Stripe (its state now, never the event's old copy, so order does not
 *    matter) and applied in one transaction (apply_payment_intent: state only
 *    moves forward). An event that fails to apply is marked failed and retried.
 *
 * POST /functions/v1/stripe-webhook/retry with the service role key: the
 * schedule applies the events due again (failed, or received and never applied).
 * Decision: docs/decisions/078-payment-provider.md.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type Stripe from 'npm:stripe@23.1.0';

import { bearerToken } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { failure, json } from '../_shared/http.ts';
import { paymentOfEvent, stripeClient, stripeProvider, webhookCrypto } from '../_shared/payments/stripe.ts';

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

const stripe = stripeClient();
const provider = stripeProvider(stripe);

function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
}

/** Applies one stored event; a failure is recorded for the retry, never thrown. */
async function apply(service: SupabaseClient, event: Pick<Stripe.Event, 'id' | 'type' | 'data'>): Promise<string> {
  try {
    const paymentId = paymentOfEvent(event as Stripe.Event);
    if (!paymentId) {
      const { error } = await service.rpc('mark_provider_event', { p_event_id: event.id, p_status: 'applied', p_error: null });
      if (error) throw new Error(error.message);
      return 'applied';
    }
    const state = await provider.paymentState(paymentId);
    const { data, error } = await service.rpc('apply_payment_intent', {
      p_event_id: event.id,
      p_intent_id: state.paymentId,
      p_status: state.status,
      p_amount_minor: state.amountMinor,
      p_currency: state.currency,
      p_invoice_id: state.invoiceId,
      p_failure_code: state.failureCode,
      p_failure_message: state.failureMessage,
    });
    if (error) throw new Error(`${error.code ?? ''} ${error.message}`.trim());
    return String(data);
  } catch (error) {
    console.error(`stripe-webhook: ${event.id} failed to apply:`, error);
    await service.rpc('mark_provider_event', { p_event_id: event.id, p_status: 'failed', p_error: String(error instanceof Error ? error.message : error) });
    return 'failed';
  }
}

async function retry(req: Request): Promise<Response> {
  if (bearerToken(req) !== env('SUPABASE_SERVICE_ROLE_KEY')) return failure(401, 'not_authenticated', 'The retry is the schedule’s.');
  const service = serviceClient();
  const { data, error } = await service.rpc('provider_events_due', { p_limit: 50 });
  if (error) throw new Error(error.message);
  const outcomes: Record<string, number> = {};
  for (const row of (data ?? []) as { id: string; type: string; payload: Stripe.Event }[]) {
    const outcome = await apply(service, row.payload);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return json({ retried: (data ?? []).length, outcomes });
}

async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Stripe POSTs events here.');
  if (new URL(req.url).pathname.endsWith('/retry')) return retry(req);

  const raw = await req.text();
  const service = serviceClient();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(raw, req.headers.get('stripe-signature') ?? '', env('STRIPE_WEBHOOK_SECRET'), undefined, webhookCrypto);
  } catch (error) {
    await service.rpc('record_provider_refusal', {
      p_reason: 'signature_invalid',
      p_details: { message: String(error instanceof Error ? error.message : error).slice(0, 300) },
    });
    return failure(400, 'signature_invalid', 'The Stripe-Signature header does not verify.');
  }
  const object = event.data.object as { id?: string };
  const stored = await service.rpc('receive_provider_event', {
    p_id: event.id, p_type: event.type, p_object_id: object.id ?? null, p_payload: event,
  });
  // Not stored: Stripe must try again, so the answer is not 2xx.
  if (stored.error) throw new Error(stored.error.message);
  if (stored.data === 'received' || stored.data === 'failed') EdgeRuntime.waitUntil(apply(service, event));
  return json({ received: true, status: stored.data });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('stripe-webhook:', error);
    return failure(500, 'internal', 'The event was not stored; send it again.');
  }
});
