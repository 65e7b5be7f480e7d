import Stripe from 'npm:stripe@23.1.0';

import { env } from '../env.ts';
import type { Checkout, CheckoutRequest, PaymentProvider, PaymentState, RefundRequest } from './provider.ts';
import { ProviderRefusal } from './provider.ts';
import { stripeAddress } from './stripe-address.ts';

/**
 * The Stripe adapter (decision 078), configured from Supabase secrets only:
 * STRIPE_SECRET_KEY, STRIPE_API_BASE (https://api.stripe.com on hosted, the
 * local stand-in on the loopback here) and, for webhooks, STRIPE_WEBHOOK_SECRET.
 * Payments are Checkout Sessions in payment mode: Stripe's hosted page, which
 * creates the PaymentIntent that carries metadata.invoice_id.
 */
export function stripeClient(): Stripe {
  return new Stripe(env('STRIPE_SECRET_KEY'), {
    ...stripeAddress(Deno.env.get('STRIPE_API_BASE') || undefined),
    httpClient: Stripe.createFetchHttpClient(),
    // Retries keep the same Idempotency-Key, so they cannot charge twice.
    maxNetworkRetries: 2,
    timeout: 10_000,
    // The library otherwise buffers request timings to send with later calls
    // ("Request metrics buffer is full" in the log under load); Accord has no use for them.
    telemetry: false,
  });
}

/** Web Crypto: what verifies a webhook's signature in the Edge Runtime. */
export const webhookCrypto = Stripe.createSubtleCryptoProvider();

function refusal(error: unknown): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new ProviderRefusal(error.code ?? error.type, error.message);
  }
  throw error;
}

export function stripeProvider(stripe: Stripe = stripeClient()): PaymentProvider {
  return {
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const metadata = { invoice_id: request.invoiceId, attempt_id: request.attemptId };
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [{
              quantity: 1,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: `Invoice ${request.invoiceNumber}` } },
            }],
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.invoiceId,
            metadata,
            payment_intent_data: { metadata },
          },
          { idempotencyKey: request.idempotencyKey },
        )
        .catch(refusal);
      return { sessionId: session.id, paymentId: typeof session.payment_intent === 'string' ? session.payment_intent : null, url: session.url ?? '' };
    },

    async paymentState(paymentId: string): Promise<PaymentState> {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      const error = intent.last_payment_error;
      return {
        paymentId: intent.id,
        status: intent.status,
        amountMinor: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
        currency: intent.currency,
        invoiceId: intent.metadata?.invoice_id ?? null,
        failureCode: error ? (error.decline_code ?? error.code ?? 'card_error') : null,
        failureMessage: error?.message ?? null,
      };
    },

    async refund(request: RefundRequest) {
      const refund = await stripe.refunds
        .create(
          { payment_intent: request.paymentId, amount: request.amountMinor, metadata: { invoice_id: request.invoiceId } },
          { idempotencyKey: request.idempotencyKey },
        )
        .catch(refusal);
      return { refundId: refund.id, succeeded: refund.status === 'succeeded' || refund.status === 'pending' };
    },
  };
}

/** The payment intent an event is about, or null for events that carry no payment. */
export function paymentOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  if (object.object === 'payment_intent') return object.id ?? null;
  if ((object.object === 'charge' || object.object === 'checkout.session' || object.object === 'refund') && typeof object.payment_intent === 'string') {
    return object.payment_intent;
  }
  return null;
}
