import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../support/db-fixtures.ts';
import { billedOrganization, ensureSeller, newPlan, runBilling, startMembership } from '../support/billing-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The renewal run (public.billing_run, decision 069) moved through 2083 by the
 * billing test clock, one membership at a time: period boundaries, the lead
 * and grace days, each reminder once, a rerun that creates nothing, a price
 * change between periods, the 30-day overdue list that never suspends.
 * Seller settings: lead 14 days, grace 3, terms 30.
 */
let org: string;
let plan: string;
let admin: TestUser;
let firstInvoice: string;

const zero = { periodsStarted: 0, draftsCreated: 0, invoicesIssued: 0, remindersQueued: 0 };

async function membership() {
  const [row] = await sql<{ current_period_start: string; current_period_end: string }>(
    `select current_period_start::text, current_period_end::text from public.memberships where organization_id = $1`, [org],
  );
  return row;
}

async function invoices() {
  return sql<{ id: string; status: string; number: string | null; period_start: string; subtotal_minor: string; due_date: string | null }>(
    `select id, status, number, period_start::text, subtotal_minor, due_date::text from public.invoices
      where organization_id = $1 and kind = 'invoice' order by period_start`, [org],
  );
}

async function reminders(invoiceId: string) {
  return (await sql<{ kind: string }>(`select kind from public.billing_reminders where invoice_id = $1 order by queued_at, kind`, [invoiceId])).map((r) => r.kind);
}

beforeAll(async () => {
  await ensureSeller();
  org = await billedOrganization('NL');
  admin = await newUser('billing-run-admin');
  await addMember(org, admin, 'admin');
  plan = await newPlan(100);
  firstInvoice = await startMembership(org, plan, '2083-01-01');
});

describe('billing_run through a year of test clock', () => {
  it('issues the first draft only once it is three days old', async () => {
    expect(await runBilling('2083-01-03', [org])).toMatchObject({ ...zero, today: '2083-01-03' });
    expect((await invoices())[0]).toMatchObject({ id: firstInvoice, status: 'draft', number: null });
    expect(await runBilling('2083-01-04', [org])).toMatchObject({ ...zero, invoicesIssued: 1 });
    expect((await invoices())[0]).toMatchObject({ status: 'issued', number: expect.stringMatching(/^ACC-2083-\d{6}$/), due_date: '2083-02-03' });
  });

  it('drafts the next period 14 days before it starts, at the price snapshotted then, and a rerun creates nothing', async () => {
    expect(await runBilling('2083-01-17', [org])).toMatchObject(zero);
    expect(await runBilling('2083-01-18', [org])).toMatchObject({ ...zero, draftsCreated: 1 });
    expect(await runBilling('2083-01-18', [org])).toMatchObject(zero);
    const [, next] = await invoices();
    expect(next).toMatchObject({ status: 'draft', period_start: '2083-02-01', subtotal_minor: '10000' });
    const before = await sql('select count(*)::int as n from public.membership_periods where organization_id = $1', [org]);
    expect(await runBilling('2083-01-18', [org])).toMatchObject(zero);
    expect(await sql('select count(*)::int as n from public.membership_periods where organization_id = $1', [org])).toEqual(before);
  });

  it('keeps the old period’s price after a price change and bills the new one from the next period', async () => {
    await sql('update public.pricing_plans set price = 120 where id = $1', [plan]);
    expect(await runBilling('2083-01-21', [org])).toMatchObject({ ...zero, invoicesIssued: 1 });
    expect((await invoices())[1]).toMatchObject({ period_start: '2083-02-01', status: 'issued', subtotal_minor: '10000' });
    const [february] = await sql(`select unit_amount_minor from public.membership_periods where organization_id = $1 and period_start = '2083-02-01'`, [org]);
    expect(february).toEqual({ unit_amount_minor: '10000' });
    expect(await runBilling('2083-02-15', [org])).toMatchObject({ draftsCreated: 1 });
    expect((await invoices())[2]).toMatchObject({ period_start: '2083-03-01', status: 'draft', subtotal_minor: '12000' });
  });

  it('starts a period on its first day, not before', async () => {
    // The runs above already passed 1 February: look at a fresh boundary, 1 March.
    expect(await membership()).toEqual({ current_period_start: '2083-02-01', current_period_end: '2083-03-01' });
    expect(await runBilling('2083-02-28', [org])).toMatchObject({ periodsStarted: 0 });
    expect(await membership()).toEqual({ current_period_start: '2083-02-01', current_period_end: '2083-03-01' });
    expect(await runBilling('2083-03-01', [org])).toMatchObject({ periodsStarted: 1 });
    expect(await membership()).toEqual({ current_period_start: '2083-03-01', current_period_end: '2083-04-01' });
  });

  it('queues each reminder once, on its day, as notifications to the organisation’s administrators', async () => {
    const [january, february, march] = await invoices();
    // January's invoice (due 3 February) was first seen overdue by the run of
    // 15 February, then 14 days overdue on 28 February: one reminder each.
    expect(await reminders(january.id)).toEqual(['overdue_7', 'overdue_14']);
    expect(february.due_date).toBe('2083-02-20');
    expect(await reminders(february.id)).toEqual(['before_due', 'overdue_7']);
    // March's invoice, issued by the run of 28 February, walked day by day.
    expect(march).toMatchObject({ status: 'issued', due_date: '2083-03-30' });
    const walk: [string, string[]][] = [
      ['2083-03-22', []],
      ['2083-03-23', ['before_due']],
      ['2083-03-29', ['before_due']],
      ['2083-03-30', ['before_due', 'due']],
      ['2083-04-05', ['before_due', 'due']],
      ['2083-04-06', ['before_due', 'due', 'overdue_7']],
      ['2083-04-13', ['before_due', 'due', 'overdue_7', 'overdue_14']],
      ['2083-04-20', ['before_due', 'due', 'overdue_7', 'overdue_14']],
    ];
    for (const [day, expected] of walk) {
      await runBilling(day, [org]);
      expect(await reminders(march.id), day).toEqual(expected);
      expect(await runBilling(day, [org]), `rerun on ${day}`).toMatchObject(zero);
    }
    const queued = await sql<{ n: number }>(
      `select count(*)::int as n from public.billing_reminders r join public.invoices i on i.id = r.invoice_id where i.organization_id = $1`, [org],
    );
    const notes = await sql<{ title: string }>(
      `select title from public.notifications where user_id = $1 and kind = 'billing_reminder' order by id`, [admin.id],
    );
    expect(notes).toHaveLength(queued[0].n);
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining([
      `Invoice ${march.number} is due on 30 March 2083`,
      `Invoice ${march.number} is due today`,
      `Invoice ${march.number} is overdue`,
    ]));
  });

  it('puts the organisation on the overdue list 30 days after the due date, and suspends nobody', async () => {
    const registry = await sql('select status from public.registry_entries where organization_id = $1', [org]);
    expect(await runBilling('2083-03-04', [org])).toMatchObject({ overdueOrganizations: 0 });
    expect(await runBilling('2083-03-05', [org])).toMatchObject({ overdueOrganizations: 1 });
    expect(await sql('select status from public.registry_entries where organization_id = $1', [org])).toEqual(registry);
  });
});

describe('who may run it', () => {
  it('only the service role: a visitor and a signed-in person are refused', async () => {
    expect((await asAnon().rpc('billing_run', {})).error?.code).toBe('42501');
    expect((await admin.client.rpc('billing_run', {})).error?.code).toBe('42501');
    const run = await asServiceRole().rpc('billing_run', { p_now: '2083-03-08T08:00:00Z', p_organization_ids: [org] });
    expect(run.error).toBeNull();
    expect(run.data).toMatchObject({ today: '2083-03-08', draftsCreated: 0 });
  });
});
