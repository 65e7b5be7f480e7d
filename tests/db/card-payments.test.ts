import { randomUUID } from 'node:crypto';

import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';

import { billedOrganization, ensureSeller } from '../support/billing-fixtures.ts';
import {
  deliverSigned,
  deliveredInAllOrders,
  eventsAbout,
  holdingDeliveries,
  issuedInvoice,
  payInvoice,
  retryDueEvents,
  sessionsFor,
  stripe,
  stripeControl,
  submitCard,
} from '../support/card-payments.ts';
import { addMember, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Paying an invoice by card through the local Stripe (decision 078): the
 * pay-invoice function stores the attempt's key before it asks Stripe, so
 * clicks and retries make one payment; the stripe-webhook function verifies,
 * stores by event id and applies in one transaction from the payment's state
 * at Stripe, so duplicated and reordered deliveries end in one payment and one
 * receipt; what does not fit is refused, recorded, and changes nothing.
 */
let admin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let sysAdmin: TestUser;
let org: string;

interface InvoiceState {
  payment_status: string;
  balance_minor: string;
  payments: number;
  receipts: number;
}

async function stateOf(invoiceId: string): Promise<InvoiceState> {
  const [row] = await sql<InvoiceState>(
    `select i.payment_status, i.balance_minor,
            (select count(*)::int from public.payment_allocations a where a.invoice_id = i.id) as payments,
            (select count(*)::int from public.notifications n
              where n.organization_id = i.organization_id and n.kind = 'payment_received' and n.title like '%' || i.number) as receipts
       from public.invoices i where i.id = $1`,
    [invoiceId],
  );
  return row;
}

async function activity(action: string, match: Record<string, string>): Promise<number> {
  const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where action = $1 and details @> $2::jsonb`, [action, JSON.stringify(match)]);
  return n;
}

async function eventStatus(eventId: string): Promise<{ status: string; last_error: string | null } | undefined> {
  const [row] = await sql<{ status: string; last_error: string | null }>('select status, last_error from private.provider_events where id = $1', [eventId]);
  return row;
}

beforeAll(async () => {
  await ensureSeller();
  [admin, member, otherAdmin, sysAdmin] = await Promise.all(['admin', 'member', 'other-admin', 'sys'].map((l) => newUser(`card-${l}`)));
  org = await billedOrganization('NL');
  const other = await billedOrganization('NL');
  await addMember(org, admin, 'admin');
  await addMember(org, member, 'member');
  await addMember(other, otherAdmin, 'admin');
  await makeSystemAdmin(sysAdmin);
  await enrolVerifiedTotp(sysAdmin.client);
  // Four accounts, two organisations and a second factor on a loaded 2-core machine.
}, 60_000);

describe('Pay by card', () => {
  it('three clicks within a second make one payment at Stripe, for exactly the open balance', async () => {
    const invoice = await issuedInvoice(org, 12_345);
    const clicks = await Promise.all([payInvoice(admin, invoice), payInvoice(admin, invoice), payInvoice(admin, invoice)]);
    expect(clicks.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(new Set(clicks.map((c) => c.url)).size).toBe(1);
    const sessions = await sessionsFor(invoice);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ amount_total: 12_345, currency: 'eur', metadata: { invoice_id: invoice } });
    const attempts = await sql<{ idempotency_key: string; status: string }>('select idempotency_key, status from public.payment_attempts where invoice_id = $1', [invoice]);
    expect(attempts).toEqual([{ idempotency_key: `pay:${invoice}:1`, status: 'open' }]);
    expect(await activity('payment.card_started', { invoice_id: invoice })).toBe(1);
  });

  it('only the organisation’s administrators may pay its invoices', async () => {
    const invoice = await issuedInvoice(org, 1_000);
    expect((await payInvoice(member, invoice)).status).toBe(403);
    expect((await payInvoice(otherAdmin, invoice)).status).toBe(403);
    // An invoice that does not exist is one the caller may not pay; only a system administrator hears it is missing.
    expect((await payInvoice(admin, randomUUID())).status).toBe(403);
    expect((await payInvoice(sysAdmin, randomUUID())).status).toBe(404);
    expect(await sessionsFor(invoice)).toEqual([]);
  });

  it('the success card pays the invoice: one payment, one receipt, in the activity', async () => {
    const invoice = await issuedInvoice(org, 4_200);
    const { url } = await payInvoice(admin, invoice);
    const page = await submitCard(url, '4242 4242 4242 4242');
    expect(page.location).toContain(`/dashboard/billing?invoice=${invoice}&payment=returned`);
    await expect.poll(() => stateOf(invoice)).toEqual({ payment_status: 'paid', balance_minor: '0', payments: 1, receipts: 1 });
    const [attempt] = await sql<{ status: string; provider_payment_id: string }>('select status, provider_payment_id from public.payment_attempts where invoice_id = $1', [invoice]);
    expect(attempt.status).toBe('succeeded');
    const payments = await sql<{ id: string; amount_minor: string }>(`select id, amount_minor from public.payments where idempotency_key = $1 and method = 'card'`, [`stripe:${attempt.provider_payment_id}`]);
    expect(payments.map((p) => p.amount_minor)).toEqual(['4200']);
    expect(await activity('payment.recorded', { payment_id: payments[0].id, method: 'card' })).toBe(1);
    // A paid invoice has nothing left to pay.
    expect((await payInvoice(admin, invoice)).status).toBe(409);
  });

  it('the declined card keeps its reason in words and the invoice unpaid', async () => {
    const invoice = await issuedInvoice(org, 5_000);
    const { url } = await payInvoice(admin, invoice);
    expect((await submitCard(url, '4000 0000 0000 0002')).text).toContain('Your card was declined.');
    await expect
      .poll(async () => (await sql('select status, failure_code, failure_message from public.payment_attempts where invoice_id = $1', [invoice]))[0])
      .toEqual({ status: 'failed', failure_code: 'generic_decline', failure_message: 'Your card was declined.' });
    expect(await stateOf(invoice)).toMatchObject({ payment_status: 'unpaid', payments: 0, receipts: 0 });
    // Paying again is the same page, where another card may succeed.
    expect((await payInvoice(admin, invoice)).url).toBe(url);
  });
});

describe('the webhook refuses what does not fit, records it, and changes nothing', () => {
  it('a signature that does not verify', async () => {
    const marker = randomUUID();
    const status = await deliverSigned(JSON.stringify({ id: `evt_${marker}`, type: 'payment_intent.succeeded', data: { object: {} } }), 'whsec_someone_else');
    expect(status).toBe(400);
    expect(await eventStatus(`evt_${marker}`)).toBeUndefined();
    expect(await activity('payment.webhook_refused', { reason: 'signature_invalid' })).toBeGreaterThan(0);
  });

  it('a flood of forged deliveries is counted, not written to the activity log one row each', async () => {
    const windows = async () =>
      sql<{ window_start: string; refusals: number }>(
        `select window_start::text, refusals from private.provider_refusal_windows where reason = 'signature_invalid' order by window_start`,
      );
    const before = await windows();
    const loggedBefore = await activity('payment.webhook_refused', { reason: 'signature_invalid' });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => deliverSigned(JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', data: { object: {} } }), 'whsec_forged')),
    );
    expect(statuses).toEqual(Array(20).fill(400));
    const after = await windows();
    const total = (rows: typeof before) => rows.reduce((sum, w) => sum + w.refusals, 0);
    // Every refusal is counted …
    expect(total(after) - total(before)).toBe(20);
    // … and only the first of each ten-minute window is in the log (two if the run crossed a window's end).
    const opened = after.filter((w) => !before.some((b) => b.window_start === w.window_start)).length;
    expect(await activity('payment.webhook_refused', { reason: 'signature_invalid' })).toBe(loggedBefore + opened);
    expect(opened).toBeLessThanOrEqual(2);
  });

  it('an unknown invoice', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 700, product_data: { name: 'Not ours' } } }],
      success_url: 'http://localhost/ok',
      payment_intent_data: { metadata: { invoice_id: randomUUID() } },
    });
    await submitCard(session.url!, '4242424242424242');
    const events = await eventsAbout(session.id);
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    await expect.poll(() => eventStatus(succeeded.id)).toEqual({ status: 'refused', last_error: 'unknown_invoice' });
    expect(await activity('payment.event_refused', { event_id: succeeded.id, reason: 'unknown_invoice' })).toBe(1);
  });

  it('an amount that no longer matches the open balance', async () => {
    const invoice = await issuedInvoice(org, 8_000);
    const events = await holdingDeliveries(async () => {
      const { url } = await payInvoice(admin, invoice);
      await submitCard(url, '4242424242424242');
      // Meanwhile part of the invoice is credited: the card paid more than it owes now.
      await sql(`select private.create_credit_note($1, 1000, 'Discount agreed')`, [invoice]);
      const [{ provider_session_id }] = await sql<{ provider_session_id: string }>('select provider_session_id from public.payment_attempts where invoice_id = $1', [invoice]);
      const list = await eventsAbout(provider_session_id);
      await stripeControl('deliver', { events: list.map((e) => e.id) });
      return list;
    });
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    await expect.poll(() => eventStatus(succeeded.id)).toEqual({ status: 'refused', last_error: 'amount_mismatch' });
    expect(await stateOf(invoice)).toMatchObject({ balance_minor: '7000', payments: 0, receipts: 0 });
    expect(await activity('payment.event_refused', { invoice_id: invoice, reason: 'amount_mismatch' })).toBeGreaterThan(0);
  });
});

describe('exactly once, whatever the deliveries do', () => {
  // Every order of the five events, each delivered twice at once (a duplicate racing
  // its original), ten payments' deliveries together (100 requests at the webhook).
  // The ten-times-concurrent variant runs in `npm run bench -- --webhooks` (decision 078).
  it('a five-event payment delivered twice concurrently, in all 120 orders, ends with one payment, one receipt, the invoice paid', { timeout: 600_000 }, async () => {
    const payments = await deliveredInAllOrders(org, admin, 2);
    const invoices = payments.map((p) => p.invoice);
    await expect
      .poll(async () => (await sql<{ n: number }>(`select count(*)::int as n from private.provider_events where id = any($1) and status = 'applied'`, [payments.flatMap((p) => p.events)]))[0].n)
      .toBe(600);
    const states = await Promise.all(invoices.map(stateOf));
    expect(states.filter((s) => !(s.payment_status === 'paid' && s.payments === 1 && s.receipts === 1))).toEqual([]);
    // Each receipt goes by e-mail once.
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from private.notification_emails e join public.notifications n on n.id = e.notification_id
         join public.invoices i on n.title = 'Payment received for invoice ' || i.number
        where n.kind = 'payment_received' and i.id = any($1)`,
      [invoices],
    );
    expect(n).toBe(120);
  });
});

describe('failed events', () => {
  it('are listed for system administrators and retried by the schedule; a stored event never applied is applied by it', async () => {
    const missing = `pi_${randomUUID().replace(/-/g, '')}`;
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const payload = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', created: 1, data: { object: { id: missing, object: 'payment_intent' } } });
    expect(await deliverSigned(payload)).toBe(200);
    await expect.poll(async () => (await eventStatus(eventId))?.status).toBe('failed');
    expect(await activity('payment.event_failed', { event_id: eventId })).toBe(1);
    const { data: listed } = await sysAdmin.client.rpc('admin_list_payment_event_failures');
    expect((listed as { id: string }[]).map((e) => e.id)).toContain(eventId);
    expect((await admin.client.rpc('admin_list_payment_event_failures')).error?.code).toBe('42501');

    // A paid session whose events were stored but whose applying never happened.
    const invoice = await issuedInvoice(org, 3_300);
    const held = await holdingDeliveries(async () => {
      const { url } = await payInvoice(admin, invoice);
      await submitCard(url, '4242424242424242');
      const [{ provider_session_id }] = await sql<{ provider_session_id: string }>('select provider_session_id from public.payment_attempts where invoice_id = $1', [invoice]);
      return (await eventsAbout(provider_session_id)).find((e) => e.type === 'payment_intent.succeeded')!;
    });
    const event = await stripe.events.retrieve(held.id);
    await sql(`select public.receive_provider_event($1, $2, null, $3::jsonb)`, [event.id, event.type, JSON.stringify(event)]);
    await sql(`update private.provider_events set next_retry_at = now() - interval '1 second' where id = any($1)`, [[event.id, eventId]]);
    // The failed event is due at once, so the running schedule may have retried it already: count from here.
    const [{ attempts }] = await sql<{ attempts: number }>('select attempts from private.provider_events where id = $1', [eventId]);

    const run = await retryDueEvents();
    expect(run.outcomes).toMatchObject({ applied: 1, failed: 1 });
    expect(await stateOf(invoice)).toMatchObject({ payment_status: 'paid', payments: 1, receipts: 1 });
    expect(await sql('select status, attempts from private.provider_events where id = $1', [eventId])).toEqual([{ status: 'failed', attempts: attempts + 1 }]);
  });

  it('are due again at once, for the schedule\'s next run, after their first failure; then after 1, 2, 4 minutes', async () => {
    // One transaction, rolled back by the exception that reports the delays: the running schedule never sees the event.
    const steps = sql(`do $$
      declare
        v_delays text[] := '{}';
      begin
        perform public.receive_provider_event('evt_retry_steps', 'payment_intent.succeeded', null, '{}'::jsonb);
        for i in 1..4 loop
          perform public.mark_provider_event('evt_retry_steps', 'failed', 'Stripe did not answer');
          v_delays := v_delays || (select extract(epoch from e.next_retry_at - now())::integer::text from private.provider_events e where e.id = 'evt_retry_steps');
        end loop;
        raise exception 'retry delays: %', array_to_string(v_delays, ', ');
      end $$`);
    await expect(steps).rejects.toThrow(/^retry delays: 0, 60, 120, 240$/);
  });
});

describe('card refunds', () => {
  it('a system administrator refunds part and then the rest at Stripe; each refund issues its credit note, once', async () => {
    const invoice = await issuedInvoice(org, 6_000);
    const { url } = await payInvoice(admin, invoice);
    await submitCard(url, '4242424242424242');
    await expect.poll(async () => (await stateOf(invoice)).payment_status).toBe('paid');
    const [{ id: paymentId, reference }] = await sql<{ id: string; reference: string }>(
      `select p.id, p.reference from public.payments p join public.payment_allocations a on a.payment_id = p.id where a.invoice_id = $1`, [invoice]);
    const refund = (amountMinor: number, who: TestUser = sysAdmin) =>
      callFunction('refund-card-payment', who, { paymentId, invoiceId: invoice, amountMinor, reason: 'Membership cancelled' });

    expect((await refund(1_000, admin)).status).toBe(403);
    const part = await refund(2_000);
    expect(part.status).toBe(200);
    expect(part.body.refund).toMatchObject({ status: 'succeeded', amount_minor: 2000, idempotency_key: `refund:${paymentId}:1` });
    expect((await refund(4_001)).body).toMatchObject({ error: 'refund_exceeds_payment' });
    expect((await refund(4_000)).status).toBe(200);

    const intent = await stripe.paymentIntents.retrieve(reference);
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(6_000);
    const notes = await sql<{ total_minor: string; status: string }>(
      `select total_minor, status from public.invoices where credited_invoice_id = $1 order by created_at`, [invoice]);
    expect(notes).toEqual([{ total_minor: '2000', status: 'issued' }, { total_minor: '4000', status: 'issued' }]);
    expect(await stateOf(invoice)).toMatchObject({ payment_status: 'credited', balance_minor: '0' });
    expect(await activity('payment.refunded', { payment_id: paymentId })).toBe(2);
    // The member's administrator sees the credit notes.
    const seen = await admin.client.from('invoices').select('id').eq('credited_invoice_id', invoice);
    expect(seen.data).toHaveLength(2);
  });
});

describe('who sees card payments', () => {
  it('the organisation’s administrators and system administrators; no one else', async () => {
    const invoice = await issuedInvoice(org, 1_500);
    await payInvoice(admin, invoice);
    const seen = async (client: SupabaseClient) => (await client.from('payment_attempts').select('id').eq('invoice_id', invoice)).data?.length ?? 0;
    expect(await seen(admin.client)).toBe(1);
    expect(await seen(sysAdmin.client)).toBe(1);
    expect(await seen(member.client)).toBe(0);
    expect(await seen(otherAdmin.client)).toBe(0);
    expect(await seen(asAnon())).toBe(0);
    const write = await admin.client.from('payment_attempts').update({ status: 'succeeded' }).eq('invoice_id', invoice).select();
    expect(write.data ?? []).toEqual([]);
    expect((await admin.client.rpc('receive_provider_event', { p_id: 'evt_x', p_type: 'x', p_object_id: null, p_payload: {} })).error?.code).toBe('42501');
  });
});
