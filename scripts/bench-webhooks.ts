import { startStack } from '../supabase/local/stack.ts';
import { billedOrganization, ensureSeller } from '../tests/support/billing-fixtures.ts';
import { eventsAbout, holdingDeliveries, issuedInvoice, payInvoice, stripeControl, submitCard } from '../tests/support/card-payments.ts';
import { addMember } from '../tests/support/db-fixtures.ts';
import { newUser, sql } from '../tests/support/users.ts';

/**
 * `npm run bench -- --webhooks` (decision 078): 50 card payments made against
 * the local Stripe with their deliveries held, then their 50
 * `payment_intent.succeeded` events delivered to stripe-webhook at once.
 * Acknowledged: the delivery's round trip as Stripe sees it; applied: from
 * the event's storing to its applying (provider_events). Goals: ack p95
 * ≤ 250 ms, applied p95 ≤ 1 s. On a fresh test stack.
 */
const PAYMENTS = 50;
const GOAL_ACK_MS = 250;
const GOAL_APPLIED_MS = 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function webhooksBench(): Promise<boolean> {
  const stack = await startStack('test', { fresh: true });
  try {
    await ensureSeller();
    const admin = await newUser('bench-webhooks');
    const org = await billedOrganization('NL');
    await addMember(org, admin, 'admin');
    const events = await holdingDeliveries(async () => {
      const ids: string[] = [];
      for (let i = 0; i < PAYMENTS; i++) {
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
    const deadline = Date.now() + 30_000;
    let applied: number[] = [];
    while (Date.now() < deadline) {
      const rows = await sql<{ ms: number }>(
        `select extract(epoch from (applied_at - received_at)) * 1000 as ms from private.provider_events where id = any($1) and status = 'applied'`,
        [events],
      );
      applied = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
      if (applied.length === events.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ackP95 = percentile(acks, 95);
    const appliedP95 = applied.length === events.length ? percentile(applied, 95) : Number.POSITIVE_INFINITY;
    const bad = results.filter((r) => r.status !== 200).length;
    console.log(`  ${PAYMENTS} concurrent deliveries, ${bad} not 200`);
    console.log(`  acknowledged p50 ${percentile(acks, 50).toFixed(0)} ms, p95 ${ackP95.toFixed(0)} ms  goal p95 ≤ ${GOAL_ACK_MS} ms  ${ackP95 <= GOAL_ACK_MS ? 'ok' : 'OVER'}`);
    console.log(`  applied p50 ${applied.length ? percentile(applied, 50).toFixed(0) : '–'} ms, p95 ${appliedP95.toFixed(0)} ms (${applied.length}/${events.length})  goal p95 ≤ ${GOAL_APPLIED_MS} ms  ${appliedP95 <= GOAL_APPLIED_MS ? 'ok' : 'OVER'}`);
    return bad === 0 && ackP95 <= GOAL_ACK_MS && appliedP95 <= GOAL_APPLIED_MS;
  } finally {
    await stack.stop();
  }
}
