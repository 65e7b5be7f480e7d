import { startStack } from '../supabase/local/stack.ts';
import { billedOrganization, ensureSeller } from '../tests/support/billing-fixtures.ts';
import { deliveredInAllOrders, eventsAbout, holdingDeliveries, issuedInvoice, payInvoice, stripeControl, submitCard } from '../tests/support/card-payments.ts';
import { addMember } from '../tests/support/db-fixtures.ts';
import { newUser, sql } from '../tests/support/users.ts';
import { PAYMENT_EVENT_RETRY_INTERVAL_MS } from '../supabase/local/payment-event-schedule.ts';

/**
 * `npm run bench -- --webhooks` (decision 078): 50 card payments made against
 * the local Stripe with their deliveries held, then their 50
 * `payment_intent.succeeded` events delivered to stripe-webhook at once.
 * Acknowledged: the delivery's round trip as Stripe sees it; applied: from
 * the event's storing to its applying (provider_events). Goals: ack p95
 * ≤ 250 ms, applied p95 ≤ 1 s. Then a failed event's retry and the issue's
 * full property (below). On a fresh test stack.
 */
const PAYMENTS = 50;
const GOAL_ACK_MS = 250;
const GOAL_APPLIED_MS = 1000;
const ROUNDS = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function webhooksBench(): Promise<boolean> {
  const stack = await startStack('test', { fresh: true });
  try {
    await ensureSeller();
    const admin = await newUser('bench-webhooks');
    const org = await billedOrganization('NL');
    await addMember(org, admin, 'admin');
    // The first burst a function gets after the stack starts boots its worker,
    // compiles its code and opens its database connections (a cold start, as
    // after a deploy): reported apart, not judged. Then the goal's 50 at
    // once, three times, each round on payments of its own; every round must
    // meet the goals.
    const cold = await deliveredAtOnce(org, admin, PAYMENTS);
    console.log(`  first ${cold.sent} deliveries after start (cold): acknowledged p50 ${cold.ackP50.toFixed(0)} ms, p95 ${cold.ackP95.toFixed(0)} ms; applied p95 ${cold.appliedP95.toFixed(0)} ms; ${cold.bad} not 200`);
    let ok = cold.bad === 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await deliveredAtOnce(org, admin, PAYMENTS);
      const good = r.bad === 0 && r.ackP95 <= GOAL_ACK_MS && r.appliedP95 <= GOAL_APPLIED_MS;
      ok &&= good;
      console.log(`  round ${round}: ${PAYMENTS} concurrent deliveries, ${r.bad} not 200`);
      console.log(`    acknowledged p50 ${r.ackP50.toFixed(0)} ms, p95 ${r.ackP95.toFixed(0)} ms  goal p95 ≤ ${GOAL_ACK_MS} ms  ${r.ackP95 <= GOAL_ACK_MS ? 'ok' : 'OVER'}`);
      console.log(`    applied p50 ${r.appliedP50.toFixed(0)} ms, p95 ${r.appliedP95.toFixed(0)} ms (${r.applied}/${r.sent})  goal p95 ≤ ${GOAL_APPLIED_MS} ms  ${r.appliedP95 <= GOAL_APPLIED_MS ? 'ok' : 'OVER'}`);
    }
    const retried = await retryBench(org, admin);
    const property = await propertyBench(org, admin);
    return ok && retried && property;
  } finally {
    await stack.stop();
  }
}

/**
 * `count` card payments made with their deliveries held, then their
 * `payment_intent.succeeded` events delivered at once. Acknowledged: each
 * delivery's round trip as Stripe sees it; applied: from the event's storing
 * to its applying.
 */
async function deliveredAtOnce(org: string, admin: Parameters<typeof payInvoice>[0], count: number) {
  const events = await holdingDeliveries(async () => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const invoice = await issuedInvoice(org, 1_000 + i);
      const { url } = await payInvoice(admin, invoice);
      await submitCard(url, '4242424242424242');
      const session = url.split('/').pop()!;
      ids.push((await eventsAbout(session)).find((e) => e.type === 'payment_intent.succeeded')!.id);
    }
    return ids;
  });
  const results = await stripeControl<{ status: number; ms: number }[]>('deliver', { events, concurrent: true });
  const acks = results.map((r) => r.ms).sort((a, b) => a - b);
  const rows = await waitFor(async () => {
    const found = await sql<{ ms: number }>(
      `select extract(epoch from (applied_at - received_at)) * 1000 as ms from private.provider_events where id = any($1) and status = 'applied'`,
      [events],
    );
    return found.length === events.length ? found : undefined;
  }, 30_000);
  const applied = (rows ?? []).map((r) => Number(r.ms)).sort((a, b) => a - b);
  const whole = applied.length === events.length;
  return {
    sent: events.length,
    bad: results.filter((r) => r.status !== 200).length,
    ackP50: percentile(acks, 50),
    ackP95: percentile(acks, 95),
    applied: applied.length,
    appliedP50: whole ? percentile(applied, 50) : Number.POSITIVE_INFINITY,
    appliedP95: whole ? percentile(applied, 95) : Number.POSITIVE_INFINITY,
  };
}

/** Polls `check` every 250 ms until it answers a value, or gives up after `ms`. */
async function waitFor<T>(check: () => Promise<T | undefined>, ms: number): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

/**
 * "A failed event retried within the scheduler's next minute": a payment's
 * event delivered while Stripe fails every call (so applying it fails), Stripe
 * then well again; measured from the failure to the schedule's successful
 * retry. The first retry is due at once (next_retry_at), so the schedule's
 * next run takes it: within 20 s here, within the minute on hosted. The goal
 * is hosted's: a minute.
 */
async function retryBench(org: string, admin: Parameters<typeof payInvoice>[0]): Promise<boolean> {
  const goalMs = 60_000;
  const event = await holdingDeliveries(async () => {
    const invoice = await issuedInvoice(org, 4_200);
    const { url } = await payInvoice(admin, invoice);
    await submitCard(url, '4242424242424242');
    return (await eventsAbout(url.split('/').pop()!)).find((e) => e.type === 'payment_intent.succeeded')!.id;
  });
  await stripeControl('api', { failing: true });
  let failedAt: number | undefined;
  try {
    await stripeControl('deliver', { events: [event] });
    failedAt = await waitFor(async () => {
      const [row] = await sql<{ at: Date }>(`select now() as at from private.provider_events where id = $1 and status = 'failed'`, [event]);
      return row ? row.at.getTime() : undefined;
    }, 30_000);
  } finally {
    await stripeControl('api', { failing: false });
  }
  const appliedAt = failedAt === undefined ? undefined : await waitFor(async () => {
    const [row] = await sql<{ applied_at: Date }>(`select applied_at from private.provider_events where id = $1 and status = 'applied'`, [event]);
    return row?.applied_at.getTime();
  }, goalMs + 30_000);
  const delay = failedAt !== undefined && appliedAt !== undefined ? appliedAt - failedAt : Number.POSITIVE_INFINITY;
  console.log(`  failed event retried after ${Number.isFinite(delay) ? (delay / 1000).toFixed(1) : '–'} s  goal ≤ ${goalMs / 1000} s (the schedule's next run, every ${PAYMENT_EVENT_RETRY_INTERVAL_MS / 1000} s here)  ${delay <= goalMs ? 'ok' : 'OVER'}`);
  return delay <= goalMs;
}

/**
 * The issue's full webhook property: all 120 orders of a five-event payment,
 * each delivered ten times concurrently (6,000 requests), every one ends with
 * one payment, one receipt, the invoice paid. The db test runs it twice over.
 */
async function propertyBench(org: string, admin: Parameters<typeof payInvoice>[0]): Promise<boolean> {
  const started = performance.now();
  const payments = await deliveredInAllOrders(org, admin, 10);
  const events = payments.flatMap((p) => p.events);
  const allApplied = await waitFor(async () => {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from private.provider_events where id = any($1) and status = 'applied'`, [events]);
    return n === events.length ? true : undefined;
  }, 120_000);
  const [{ wrong }] = await sql<{ wrong: number }>(
    `select count(*)::int as wrong from public.invoices i
      where i.id = any($1::uuid[])
        and (i.payment_status <> 'paid'
          or (select count(*) from public.payment_allocations a where a.invoice_id = i.id) <> 1
          or (select count(*) from public.notifications n where n.organization_id = i.organization_id and n.kind = 'payment_received' and n.title = 'Payment received for invoice ' || i.number) <> 1)`,
    [payments.map((p) => p.invoice)],
  );
  const pass = allApplied === true && wrong === 0;
  console.log(`  property: 120 orders × 10 concurrent deliveries (6,000 requests): ${pass ? 'pass' : `FAIL (${wrong} invoices not paid once with one receipt${allApplied ? '' : ', events not all applied'})`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return pass;
}
