import Stripe from 'stripe';
import { expect } from 'vitest';

import { stripeAddress } from '../../supabase/functions/_shared/payments/stripe-address.ts';
import { signatureHeader } from '../../supabase/local/stripe/server.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { draftInvoice, issueAt } from './billing-fixtures.ts';
import { callFunction } from './edge-functions.ts';
import type { TestUser } from './users.ts';
import { sql } from './users.ts';

/**
 * Card payments against the test stack's local Stripe (decision 079): the
 * official library pointed at it, its hosted page as a browser submits it,
 * and its control endpoints (hold deliveries, deliver chosen events).
 */
const config = stackConfig('test');
export const stripe = new Stripe(config.stripe.secretKey, { ...stripeAddress(config.stripe.apiBase), maxNetworkRetries: 0 });
const webhookUrl = `${config.apiUrl}/functions/v1/stripe-webhook`;

export interface ProviderEvent {
  id: string;
  type: string;
  delivered: boolean;
}

export async function stripeControl<T = unknown>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${config.stripe.apiBase}/_control/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json() as Promise<T>;
}

export const eventsAbout = (related: string) => stripeControl<ProviderEvent[]>(`events?related=${related}`);
export const sessionsFor = (invoiceId: string) => stripeControl<Stripe.Checkout.Session[]>(`objects?object=checkout.session&invoice=${invoiceId}`);

/** Runs `fn` with the local Stripe holding its webhook deliveries, released after. */
export async function holdingDeliveries<T>(fn: () => Promise<T>): Promise<T> {
  await stripeControl('webhooks', { hold: true });
  try {
    return await fn();
  } finally {
    await stripeControl('webhooks', { hold: false });
  }
}

/** An issued invoice of `org` for `amountMinor` (no VAT). */
export async function issuedInvoice(org: string, amountMinor: number): Promise<string> {
  const id = await draftInvoice(org, [{ amountMinor, rateBp: 0 }]);
  await issueAt(id, '2086-03-02T10:00:00Z');
  return id;
}

/** "Pay by card" as the browser calls it. */
export async function payInvoice(user: Pick<TestUser, 'client'>, invoiceId: string): Promise<{ status: number; url: string; attemptId: string; body: Record<string, unknown> }> {
  const answer = await callFunction('pay-invoice', user, { invoiceId });
  return { status: answer.status, url: String(answer.body.url ?? ''), attemptId: String(answer.body.attemptId ?? ''), body: answer.body };
}

/** The hosted page's form, submitted with `card`; answers the page's status and where it sends the browser. */
export async function submitCard(url: string, card: string): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** The authentication step after 4000 0027 6000 3184, answered with `outcome`. */
export async function authenticate(url: string, outcome: 'complete' | 'fail'): Promise<number> {
  const res = await fetch(`${url}/authenticate`, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** POSTs a body to stripe-webhook as Stripe would, signed with `secret` (the stack's by default). */
export async function deliverSigned(payload: string, secret = config.stripe.webhookSecret): Promise<number> {
  const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, secret) }, body: payload });
  await res.arrayBuffer();
  return res.status;
}

/** The retry schedule's call, made now. */
export async function retryDueEvents(): Promise<{ retried: number; outcomes: Record<string, number> }> {
  const res = await fetch(`${webhookUrl}/retry`, { method: 'POST', headers: { authorization: `Bearer ${config.keys.serviceRoleKey}` } });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ retried: number; outcomes: Record<string, number> }>;
}

/** Every order of `items` (120 for five). */
export function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** An invoice of `org` paid by `admin` with the authentication card, deliveries held: its five events (created, requires_action, charge, succeeded, completed). */
export async function heldPayment(org: string, admin: Pick<TestUser, 'client'>): Promise<{ invoice: string; events: string[] }> {
  const invoice = await issuedInvoice(org, 2_500);
  const { url } = await payInvoice(admin, invoice);
  await submitCard(url, '4000 0027 6000 3184');
  await authenticate(url, 'complete');
  const [{ provider_session_id }] = await sql<{ provider_session_id: string }>('select provider_session_id from public.payment_attempts where invoice_id = $1', [invoice]);
  const events = await eventsAbout(provider_session_id);
  expect(events.map((e) => e.type)).toEqual([
    'payment_intent.created', 'payment_intent.requires_action', 'charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed',
  ]);
  return { invoice, events: events.map((e) => e.id) };
}

/** The five-event payments of `org`, made and then each delivered `times` at once in one of all 120 orders; every answer must be 200. */
export async function deliveredInAllOrders(org: string, admin: Pick<TestUser, 'client'>, times: number): Promise<{ invoice: string; events: string[] }[]> {
  const orders = permutations([0, 1, 2, 3, 4]);
  expect(orders).toHaveLength(120);
  return holdingDeliveries(async () => {
    const made: { invoice: string; events: string[] }[] = [];
    // Six payments made at a time: each is its own invoice, attempt and session.
    for (let i = 0; i < orders.length; i += 6) made.push(...(await Promise.all(Array.from({ length: 6 }, () => heldPayment(org, admin)))));
    for (let i = 0; i < orders.length; i += 10) {
      await Promise.all(
        orders.slice(i, i + 10).map(async (order, j) => {
          const results = await stripeControl<{ status: number | null }[]>('deliver', { events: made[i + j].events, order, times, concurrent: true });
          expect(results.filter((r) => r.status !== 200)).toEqual([]);
        }),
      );
    }
    return made;
  });
}
