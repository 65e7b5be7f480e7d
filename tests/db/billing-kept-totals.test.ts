import { beforeAll, describe, expect, it } from 'vitest';
import { atBillingTime, billedOrganization, draftInvoice, ensureSeller, issueAt, newPlan, ownerPool, runBilling, startMembership } from '../support/billing-fixtures.ts';
import { sql } from '../support/users.ts';

/**
 * The overview's kept totals (decision 069, private.keep_billing_totals):
 * open balance per currency and due date, and the number of drafts, moved by
 * triggers in the writing transaction. After each kind of change they equal a
 * recomputation from invoices, and a rebuild changes nothing. Other files
 * write invoices at the same time, so each comparison is one statement (one
 * snapshot), and the rebuild check holds invoices still with a lock. This file
 * bills in 2086.
 */
interface Kept {
  receivables: { currency: string; due_date: string; open_invoices: number; balance_minor: string }[];
  drafts: string;
  recurring: { currency: string; memberships: number; monthly_minor: string }[];
}

const KEPT = `
  select coalesce((select jsonb_agg(jsonb_build_object('currency', r.currency, 'due_date', r.due_date, 'open_invoices', r.open_invoices,
                                                       'balance_minor', r.balance_minor::text) order by r.currency, r.due_date)
                     from private.billing_receivables r), '[]') as receivables,
         coalesce((select drafts::text from private.billing_draft_count), '0') as drafts,
         coalesce((select jsonb_agg(jsonb_build_object('currency', k.currency, 'memberships', k.memberships, 'monthly_minor', k.monthly_minor::text)
                                    order by k.currency)
                     from private.billing_recurring k), '[]') as recurring`;

const RECOMPUTED = `
  select coalesce((select jsonb_agg(jsonb_build_object('currency', a.currency, 'due_date', a.due_date, 'open_invoices', a.n,
                                                       'balance_minor', a.balance::text) order by a.currency, a.due_date)
                     from (select i.currency, i.due_date, count(*)::integer as n, sum(i.balance_minor) as balance
                             from public.invoices i where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0
                            group by i.currency, i.due_date) a), '[]') as receivables,
         (select count(*)::text from public.invoices where status = 'draft') as drafts,
         coalesce((select jsonb_agg(jsonb_build_object('currency', a.currency, 'memberships', a.n, 'monthly_minor', a.monthly::text) order by a.currency)
                     from (select mp.currency, count(*)::integer as n,
                                  sum(case mp.billing_period when 'year' then mp.unit_amount_minor / 12.0 else mp.unit_amount_minor end) as monthly
                             from public.memberships m
                             join public.membership_periods mp on mp.organization_id = m.organization_id and mp.period_start = m.current_period_start
                            where m.status = 'active' group by mp.currency) a), '[]') as recurring`;

/** The kept totals and their recomputation, read in one snapshot. */
async function keptAndRecomputed(): Promise<{ kept: Kept; recomputed: Kept }> {
  const [row] = await sql<{ kept: Kept; recomputed: Kept }>(
    `select (select to_jsonb(k) from (${KEPT}) k) as kept, (select to_jsonb(r) from (${RECOMPUTED}) r) as recomputed`,
  );
  return row;
}

async function keptFor(currency: string, dueDate: string): Promise<{ open_invoices: number; balance_minor: string } | undefined> {
  const rows = await sql<{ open_invoices: number; balance_minor: string }>(
    'select open_invoices, balance_minor::text from private.billing_receivables where currency = $1 and due_date = $2::date',
    [currency, dueDate],
  );
  return rows[0];
}

let org: string;
beforeAll(async () => {
  await ensureSeller();
  org = await billedOrganization('NL');
});

describe('kept billing totals', () => {
  it('follow drafts, issues, payments, refunds, credit notes and deleted drafts, and equal a recomputation after each', async () => {
    const check = async () => {
      const { kept, recomputed } = await keptAndRecomputed();
      expect(kept).toEqual(recomputed);
    };
    await check();

    // Two EUR invoices due the same day (issued 2086-02-01, 30 days), one in SEK.
    const a = await draftInvoice(org, [{ amountMinor: 10_000, rateBp: null }]);
    const b = await draftInvoice(org, [{ amountMinor: 5_000, rateBp: null }]);
    const c = await draftInvoice(org, [{ amountMinor: 7_000, rateBp: null }], 'SEK');
    const spare = await draftInvoice(org, [{ amountMinor: 1, rateBp: null }]);
    await check();

    await issueAt(a, '2086-02-01T10:00:00Z');
    await issueAt(b, '2086-02-01T11:00:00Z');
    await issueAt(c, '2086-02-01T12:00:00Z');
    await check();
    // 21 % Dutch VAT: 12,100 + 6,050 open in EUR on 3 March (unless another file bills that day, which none does).
    expect(await keptFor('EUR', '2086-03-03')).toEqual({ open_invoices: 2, balance_minor: '18150' });
    expect(await keptFor('SEK', '2086-03-03')).toEqual({ open_invoices: 1, balance_minor: '8470' });

    // Part of a paid, then some of it refunded; b paid in full leaves the day.
    const [{ id: payment }] = await sql<{ id: string }>(
      `select private.record_payment($1, 16050, 'EUR', '2086-02-10', 'bank_transfer', null, $2::jsonb, $3) as id`,
      [org, JSON.stringify([{ invoiceId: a, amountMinor: 10_000 }, { invoiceId: b, amountMinor: 6_050 }]), `kept-${a}`],
    );
    expect(await keptFor('EUR', '2086-03-03')).toEqual({ open_invoices: 1, balance_minor: '2100' });
    await sql(
      `insert into public.payment_refunds (payment_id, invoice_id, amount_minor, refunded_on, idempotency_key) values ($1, $2, 400, '2086-02-11', $3)`,
      [payment, a, `kept-refund-${a}`],
    );
    expect(await keptFor('EUR', '2086-03-03')).toEqual({ open_invoices: 1, balance_minor: '2500' });
    await check();

    // A full credit note closes the SEK invoice: its day leaves the totals.
    await atBillingTime('2086-02-15T10:00:00Z', (client) => client.query('select private.create_credit_note($1, null, $2)', [c, 'Kept totals test']));
    expect(await keptFor('SEK', '2086-03-03')).toBeUndefined();
    await check();

    // A deleted draft is one draft fewer.
    await sql('delete from public.invoice_lines where invoice_id = $1', [spare]);
    await sql('delete from public.invoices where id = $1', [spare]);
    await check();
  });

  it('follow memberships: started, moved into their next period by the run, and ended', async () => {
    const check = async () => {
      const { kept, recomputed } = await keptAndRecomputed();
      expect(kept).toEqual(recomputed);
    };
    const member = await billedOrganization('NL');
    const eurBefore = (await keptAndRecomputed()).kept.recurring.find((r) => r.currency === 'EUR');
    await startMembership(member, await newPlan(99.5), '2086-01-10');
    await check();
    const eurAfter = (await keptAndRecomputed()).kept.recurring.find((r) => r.currency === 'EUR');
    // Other files start memberships at the same time, so only at least this one more.
    expect(eurAfter!.memberships).toBeGreaterThanOrEqual((eurBefore?.memberships ?? 0) + 1);

    // Drafts the next period in its lead days, then moves the membership into it.
    await runBilling('2086-01-30', [member]);
    await check();
    const moved = await runBilling('2086-02-11', [member]);
    expect(moved.periodsStarted).toBe(1);
    await check();

    await sql(`update public.memberships set status = 'ended' where organization_id = $1`, [member]);
    await check();
  });

  it('are what a rebuild from invoices makes', async () => {
    const client = await ownerPool().connect();
    try {
      await client.query('begin');
      // Nobody changes an invoice between reading the kept totals and the rebuild.
      await client.query('lock table public.invoices in share mode');
      const { rows: before } = await client.query<Kept>(KEPT);
      await client.query('select private.rebuild_billing_totals()');
      const { rows: after } = await client.query<Kept>(KEPT);
      expect(before[0].receivables.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
