import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { stripeAddress } from '../../functions/_shared/payments/stripe-address.ts';
import { startStripe, type RunningStripe } from './server.ts';

/**
 * The local Stripe through the official `stripe` library, configured as the
 * Edge Functions configure it: what keeps the stand-in faithful to the API
 * Accord calls (decision 079). Webhook deliveries go to a receiver of this
 * file's own and are verified with the library's constructEventAsync and its
 * Web Crypto provider, as stripe-webhook verifies them.
 */
const SECRET = 'sk_test_contract';
const WEBHOOK_SECRET = 'whsec_contract';

interface Delivery {
  body: string;
  signature: string;
}

let stripeServer: RunningStripe;
let receiver: http.Server;
let stripe: Stripe;
const deliveries: Delivery[] = [];
/** Statuses the receiver answers with, in turn; 200 once they are used up. */
const answers: number[] = [];
const crypto = Stripe.createSubtleCryptoProvider();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  stripeServer = await startStripe({
    port: 0,
    secretKey: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    retryDelaysSeconds: [0.05, 0.05],
  });
  stripe = new Stripe(SECRET, { ...stripeAddress(`http://127.0.0.1:${stripeServer.port}`), maxNetworkRetries: 0 });
});

afterAll(async () => {
  await stripeServer?.stop();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

beforeEach(() => {
  deliveries.length = 0;
  answers.length = 0;
});

async function verified(delivery: Delivery, secret = WEBHOOK_SECRET): Promise<Stripe.Event> {
  return stripe.webhooks.constructEventAsync(delivery.body, delivery.signature, secret, undefined, crypto);
}

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${stripeServer.port}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

async function eventsOf(related: string): Promise<{ id: string; type: string; delivered: boolean }[]> {
  return (await fetch(`http://127.0.0.1:${stripeServer.port}/_control/events?related=${related}`)).json() as Promise<{ id: string; type: string; delivered: boolean }[]>;
}

function newSession(amount = 14_520, key?: string, invoiceId = 'inv-1'): Promise<Stripe.Response<Stripe.Checkout.Session>> {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Invoice ACC-2026-000042' } } }],
      success_url: 'http://localhost:5173/dashboard/billing?payment=returned&session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/dashboard/billing?payment=cancelled',
      metadata: { invoice_id: invoiceId },
      payment_intent_data: { metadata: { invoice_id: invoiceId } },
    },
    key ? { idempotencyKey: key } : undefined,
  );
}

/** The hosted page as a browser submits it: a form post, the redirect not followed. */
async function payWith(session: Stripe.Checkout.Session, card: string): Promise<Response> {
  return fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
}

async function waitForDeliveries(count: number): Promise<void> {
  await expect.poll(() => deliveries.length).toBeGreaterThanOrEqual(count);
}

describe('objects', () => {
  it('creates and reads a customer', async () => {
    const customer = await stripe.customers.create({ email: 'billing@example.org', name: 'Example Org', metadata: { organization_id: 'org-1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'billing@example.org', name: 'Example Org', metadata: { organization_id: 'org-1' }, livemode: false });
    expect(customer.id).toMatch(/^cus_/);
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ id: customer.id });
  });

  it('creates a Checkout Session whose page is on the local server', async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
      amount_total: 14_520, currency: 'eur', metadata: { invoice_id: 'inv-1' }, payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`http://localhost:${stripeServer.port}/pay/${session.id}`);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Pay €145.20');
    expect(page).toContain('Invoice ACC-2026-000042');
  });

  it('answers an unknown object as Stripe does', async () => {
    const error = await stripe.checkout.sessions.retrieve('cs_test_nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nothing'" });
  });

  it('refuses a wrong secret key', async () => {
    const other = new Stripe('sk_test_wrong', { ...stripeAddress(`http://127.0.0.1:${stripeServer.port}`), maxNetworkRetries: 0 });
    await expect(other.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key with the same parameters with the first answer, creating nothing more', async () => {
    const key = `pay:same-params:${Date.now()}:1`;
    const [a, b, c] = await Promise.all([newSession(5_000, key), newSession(5_000, key), newSession(5_000, key)]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(b.lastResponse.headers['idempotent-replayed'] ?? c.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters (400 idempotency_error)', async () => {
    const key = `pay:other-params:${Date.now()}`;
    await newSession(5_000, key);
    const error = await newSession(5_001, key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect((error as Error).message).toContain('same parameters');
  });
});

describe('the hosted page and its events', () => {
  it('4242 4242 4242 4242 pays: back to success_url, the intent succeeded, four signed events delivered', async () => {
    const session = await newSession(14_520, undefined, 'inv-paid');
    const res = await payWith(session, '4242 4242 4242 4242');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:5173/dashboard/billing?payment=returned&session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 14_520, amount_received: 14_520, currency: 'eur', metadata: { invoice_id: 'inv-paid' } });

    await waitForDeliveries(4);
    const received = await Promise.all(deliveries.map((d) => verified(d)));
    expect(received.map((e) => e.type)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']);
    expect(received[2].data.object).toMatchObject({ id: intent.id, status: 'succeeded' });
    await expect(stripe.events.retrieve(received[3].id)).resolves.toMatchObject({ type: 'checkout.session.completed' });
  });

  it('4000 0000 0000 0002 is declined with the reason in words; the session stays open', async () => {
    const session = await newSession();
    const res = await payWith(session, '4000000000000002');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(open.status).toBe('open');
    expect((open.payment_intent as Stripe.PaymentIntent).last_payment_error).toMatchObject({
      type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.',
    });
    await waitForDeliveries(3);
    expect((await Promise.all(deliveries.map((d) => verified(d)))).map((e) => e.type)).toEqual([
      'payment_intent.created', 'charge.failed', 'payment_intent.payment_failed',
    ]);
  });

  it('4000 0027 6000 3184 asks for authentication: completed it pays, failed it does not', async () => {
    const session = await newSession();
    const res = await payWith(session, '4000002760003184');
    expect(res.status).toBe(303);
    const step = new URL(res.headers.get('location')!, session.url!).href;
    expect(await (await fetch(step)).text()).toContain('Complete authentication');
    const pending = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect((pending.payment_intent as Stripe.PaymentIntent).status).toBe('requires_action');

    const failed = await fetch(step, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }), redirect: 'manual' });
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect(await payWith(session, '4000002760003184').then((r) => r.status)).toBe(303);
    const ok = await fetch(step, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    expect(ok.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('an unknown card number changes nothing', async () => {
    const session = await newSession();
    const res = await payWith(session, '1234 5678 9012 3456');
    expect(await res.text()).toContain('Your card number is incorrect.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, and refuses more', async () => {
    const session = await newSession(10_000);
    await payWith(session, '4242424242424242');
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: intentId, amount: 3_000, metadata: { invoice_id: 'inv-1' } }, { idempotencyKey: `refund:${intentId}:1` });
    expect(part).toMatchObject({ object: 'refund', amount: 3_000, status: 'succeeded', payment_intent: intentId, currency: 'eur' });
    const again = await stripe.refunds.create({ payment_intent: intentId, amount: 3_000, metadata: { invoice_id: 'inv-1' } }, { idempotencyKey: `refund:${intentId}:1` });
    expect(again.id).toBe(part.id);
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(7_000);
    const error = await stripe.refunds.create({ payment_intent: intentId, amount: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    const charge = await stripe.charges.retrieve(part.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
  });
});

describe('webhook deliveries on demand', () => {
  it('held events are delivered duplicated, reordered and concurrently, each signed', async () => {
    await control('webhooks', { hold: true });
    try {
      const session = await newSession();
      await payWith(session, '4242424242424242');
      const events = await eventsOf(session.id);
      expect(events).toHaveLength(4);
      expect(deliveries).toHaveLength(0);
      const results = (await control('deliver', { events: events.map((e) => e.id), order: [3, 1, 2, 0], times: 3, concurrent: true })) as { status: number }[];
      expect(results).toHaveLength(12);
      expect(results.every((r) => r.status === 200)).toBe(true);
      const received = await Promise.all(deliveries.map((d) => verified(d)));
      expect(received.slice(0, 4).map((e) => e.id)).toEqual([3, 1, 2, 0].map((i) => events[i].id));
      expect(received.filter((e) => e.id === events[0].id)).toHaveLength(3);
    } finally {
      await control('webhooks', { hold: false });
    }
  });

  it('a failing delivery carries a signature that does not verify, or a stale one', async () => {
    await control('webhooks', { hold: true });
    try {
      const session = await newSession();
      await payWith(session, '4000000000000002');
      const [first] = await eventsOf(session.id);
      await control('deliver', { events: [first.id], fail: 'signature' });
      await control('deliver', { events: [first.id], fail: 'stale' });
      await expect(verified(deliveries[0])).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
      await expect(verified(deliveries[1])).rejects.toThrow(/tolerance/);
    } finally {
      await control('webhooks', { hold: false });
    }
  });

  it('an endpoint that answers 500 gets the event again', async () => {
    answers.push(500);
    await stripe.customers.create({ email: 'retry@example.org' });
    await waitForDeliveries(2);
    const [a, b] = await Promise.all(deliveries.slice(0, 2).map((d) => verified(d)));
    expect(a.id).toBe(b.id);
    expect(a.type).toBe('customer.created');
  });
});
