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
 * The database is reached over the function's own pooled connection
 * (SUPABASE_DB_URL), one statement per step: Stripe waits for the store, and
 * the acknowledgement must take milliseconds, not a trip through the gateway
 * and PostgREST.
 *
 * POST /functions/v1/stripe-webhook/retry with the service role key: the
 * schedule applies the events due again (failed, or received and never applied).
 * Decision: docs/decisions/078-payment-provider.md.
 */
import type Stripe from 'npm:stripe@23.1.0';

import { bearerToken } from '../_shared/caller.ts';
import { call } from '../_shared/database.ts';
import { env } from '../_shared/env.ts';
import { failure, json } from '../_shared/http.ts';
import { answersFirst } from './answers-first.ts';
import { paymentOfEvent, stripeClient, stripeProvider, webhookCrypto } from '../_shared/payments/stripe.ts';

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

const stripe = stripeClient();
const provider = stripeProvider(stripe);
// Applies wait while deliveries are being answered, at most 300 ms; four at a time (the background pool has two connections).
const lanes = answersFirst({ concurrency: 4, maxWaitMs: 300 });

const errorText = (error: unknown) => (error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}`.trim() : String(error));

/** Applies one stored event; a failure is recorded for the retry, never thrown. */
async function apply(event: Pick<Stripe.Event, 'id' | 'type' | 'data'>): Promise<string> {
  try {
    const paymentId = paymentOfEvent(event as Stripe.Event);
    if (!paymentId) {
      await call('select public.mark_provider_event($1, $2, null) as value', [event.id, 'applied'], 'background');
      return 'applied';
    }
    const state = await provider.paymentState(paymentId);
    return String(
      await call('select public.apply_payment_intent($1, $2, $3, $4::bigint, $5, $6, $7, $8) as value', [
        event.id, state.paymentId, state.status, state.amountMinor, state.currency, state.invoiceId, state.failureCode, state.failureMessage,
      ], 'background'),
    );
  } catch (error) {
    console.error(`stripe-webhook: ${event.id} failed to apply:`, error);
    await call('select public.mark_provider_event($1, $2, $3) as value', [event.id, 'failed', errorText(error)], 'background').catch((marking) =>
      // Still stored as received or failed, with a due time: the schedule applies it.
      console.error(`stripe-webhook: ${event.id} not marked failed:`, marking));
    return 'failed';
  }
}

async function retry(req: Request): Promise<Response> {
  if (bearerToken(req) !== env('SUPABASE_SERVICE_ROLE_KEY')) return failure(401, 'not_authenticated', 'The retry is the schedule’s.');
  const due = await call<Stripe.Event[] | null>('select coalesce(jsonb_agg(e.payload), \'[]\') as value from public.provider_events_due($1) e', [50]);
  const outcomes: Record<string, number> = {};
  for (const event of due ?? []) {
    const outcome = await apply(event);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return json({ retried: (due ?? []).length, outcomes });
}

async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Stripe POSTs events here.');
  if (new URL(req.url).pathname.endsWith('/retry')) return retry(req);

  const raw = await req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(raw, req.headers.get('stripe-signature') ?? '', env('STRIPE_WEBHOOK_SECRET'), undefined, webhookCrypto);
  } catch (error) {
    await call('select public.record_provider_refusal($1, $2::jsonb) as value', [
      'signature_invalid', JSON.stringify({ message: String(error instanceof Error ? error.message : error).slice(0, 300) }),
    ]);
    return failure(400, 'signature_invalid', 'The Stripe-Signature header does not verify.');
  }
  const object = event.data.object as { id?: string };
  // The verified raw body is the payload as stored: no second JSON.stringify of a large event.
  // Not stored (this throws): Stripe must try again, so the answer is not 2xx.
  const status = await call<string>('select public.receive_provider_event($1, $2, $3, $4::jsonb) as value', [event.id, event.type, object.id ?? null, raw]);
  if (status === 'received' || status === 'failed') EdgeRuntime.waitUntil(lanes.later(() => apply(event)));
  return json({ received: true, status });
}

Deno.serve(async (req) => {
  try {
    return await lanes.answer(() => handle(req));
  } catch (error) {
    console.error('stripe-webhook:', error);
    return failure(500, 'internal', 'The event was not stored; send it again.');
  }
});
