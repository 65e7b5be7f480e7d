import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * /admin/pricing (supabase/migrations/20261128000200_pricing-admin.sql):
 * only system administrators change plans, and only through the RPCs, each of
 * which records its activity; archived plans are hidden from visitors; every
 * price a plan has had is kept with its dates and plan_price_at names it.
 */
let admin: TestUser;
let member: TestUser;

interface PlanInput {
  p_plan_id: string | null;
  p_name: string;
  p_summary: string;
  p_price: number | null;
  p_currency: string;
  p_billing_period: string;
  p_included_verifications: number | null;
  p_additional_verification_eur: number | null;
  p_support: string;
  p_features: string[];
  p_is_featured: boolean;
}

const planInput = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  p_plan_id: null,
  p_name: `Test plan ${randomUUID().slice(0, 8)}`,
  p_summary: 'For the pricing tests.',
  p_price: 100,
  p_currency: 'EUR',
  p_billing_period: 'month',
  p_included_verifications: 100,
  p_additional_verification_eur: 0.5,
  p_support: 'E-mail, next business day',
  p_features: ['Listing in the registry', 'Dashboard'],
  p_is_featured: false,
  ...overrides,
});

async function addPlan(overrides: Partial<PlanInput> = {}): Promise<string> {
  return expectOk(await admin.client.rpc('admin_save_pricing_plan', planInput(overrides))) as string;
}

/** An RPC that returns nothing succeeded. */
function expectDone(result: { error: unknown }): void {
  expect(result.error).toBeNull();
}

async function storedPlan(id: string) {
  const [row] = await sql('select * from public.pricing_plans where id = $1', [id]);
  return row!;
}

async function activityFor(id: string) {
  return sql<{ action: string; actor_id: string; details: Record<string, unknown> }>(
    `select action, actor_id, details from public.network_activity where details ->> 'plan_id' = $1 order by occurred_at, id`,
    [id],
  );
}

async function history(id: string) {
  return sql<{ price: string | null; currency: string; billing_period: string; valid_from: Date; valid_to: Date | null }>(
    'select price, currency, billing_period, valid_from, valid_to from public.pricing_plan_prices where plan_id = $1 order by valid_from',
    [id],
  );
}

let featuredBefore: string[] = [];

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('pricing-admin'), newUser('pricing-member')]);
  await makeSystemAdmin(admin);
  await createOrganization(member, { status: 'approved', name: 'Pricing Test Clinic' });
  featuredBefore = (await sql<{ id: string }>('select id from public.pricing_plans where is_featured')).map((r) => r.id);
});

afterAll(async () => {
  // The highlight is one for the whole table: give it back to the seed's plan.
  await sql('update public.pricing_plans set is_featured = (id = any($1::uuid[]))', [featuredBefore]);
});

describe('who may change plans', () => {
  let planId: string;
  beforeAll(async () => {
    // As an operator would, so these attacks also ran before the RPCs existed.
    const [row] = await sql<{ id: string }>(
      `insert into public.pricing_plans (slug, name, summary, support, is_published) values ($1, 'Attack target', 'x', 'x', true) returning id`,
      [`target-${randomUUID().slice(0, 8)}`],
    );
    planId = row!.id;
  });

  it('visitors cannot call the RPCs, and nothing changes', async () => {
    const before = await storedPlan(planId);
    expectDenied(await asAnon().rpc('admin_save_pricing_plan', planInput({ p_plan_id: planId, p_price: 1 })));
    expectDenied(await asAnon().rpc('admin_save_pricing_plan', planInput()));
    expectDenied(await asAnon().rpc('admin_set_pricing_plan_archived', { p_plan_id: planId, p_archived: true }));
    expectDenied(await asAnon().rpc('admin_move_pricing_plan', { p_plan_id: planId, p_direction: 'up' }));
    expect(await storedPlan(planId)).toEqual(before);
    expect(await history(planId)).toHaveLength(1);
  });

  it('members are refused with a clear error, and nothing changes', async () => {
    const before = await storedPlan(planId);
    const count = (await sql<{ n: number }>('select count(*)::int as n from public.pricing_plans'))[0]!.n;
    for (const result of [
      await member.client.rpc('admin_save_pricing_plan', planInput({ p_plan_id: planId, p_price: 1 })),
      await member.client.rpc('admin_save_pricing_plan', planInput()),
      await member.client.rpc('admin_set_pricing_plan_archived', { p_plan_id: planId, p_archived: true }),
      await member.client.rpc('admin_move_pricing_plan', { p_plan_id: planId, p_direction: 'up' }),
    ]) {
      expectDenied(result);
      expect(result.error?.message).toMatch(/^Only system administrators may /);
    }
    expect(await storedPlan(planId)).toEqual(before);
    expect((await sql<{ n: number }>('select count(*)::int as n from public.pricing_plans'))[0]!.n).toBe(count);
    expect(await activityFor(planId)).toEqual([]);
  });

  // Attack: before this migration a system administrator (or a stolen admin
  // session) could write the table directly, leaving no price history and a
  // generic trail. Now the table takes no direct writes from anyone.
  it('nobody writes the table directly any more, system administrators included', async () => {
    const before = await storedPlan(planId);
    expectDenied(await admin.client.from('pricing_plans').update({ summary: 'Defaced.' }).eq('id', planId));
    expectDenied(
      await admin.client.from('pricing_plans').insert({ slug: `direct-${randomUUID().slice(0, 8)}`, name: 'Direct', summary: 'x', support: 'x', is_published: true }),
    );
    expectDenied(await admin.client.from('pricing_plans').delete().eq('id', planId));
    expectDenied(await member.client.from('pricing_plans').update({ price: 1 }).eq('id', planId));
    expect(await storedPlan(planId)).toEqual(before);
  });

  it('nobody writes the price history; only system administrators read it', async () => {
    const rows = await history(planId);
    expectDenied(
      await admin.client.from('pricing_plan_prices').insert({ plan_id: planId, price: 1, currency: 'EUR', billing_period: 'month', valid_from: '2020-01-01' }),
    );
    expectDenied(await admin.client.from('pricing_plan_prices').update({ price: 1 }).eq('plan_id', planId));
    expectDenied(await admin.client.from('pricing_plan_prices').delete().eq('plan_id', planId));
    expect(await history(planId)).toEqual(rows);

    expect(expectOk(await admin.client.from('pricing_plan_prices').select('price').eq('plan_id', planId))).toHaveLength(1);
    expectNoRows(await member.client.from('pricing_plan_prices').select('price').eq('plan_id', planId));
    expectDenied(await asAnon().from('pricing_plan_prices').select('price').eq('plan_id', planId));
    expectNoRows(await member.client.rpc('plan_price_at', { p_plan_id: planId, p_at: new Date().toISOString() }));
    expectDenied(await asAnon().rpc('plan_price_at', { p_plan_id: planId, p_at: new Date().toISOString() }));
  });
});

describe('system administrators run the plans', () => {
  it('add a plan: shown at once, last in order, with its first price and a trail entry', async () => {
    const id = await addPlan({ p_name: `  Visible plan ${randomUUID().slice(0, 8)} `, p_features: [' First ', 'Second'] });
    const plan = await storedPlan(id);
    expect(plan).toMatchObject({ is_published: true, price: '100.00', currency: 'EUR', billing_period: 'month', features: ['First', 'Second'] });
    expect(plan.name).not.toMatch(/^\s|\s$/);
    const max = (await sql<{ m: number }>('select max(sort_order)::int as m from public.pricing_plans'))[0]!.m;
    expect(plan.sort_order).toBe(max);
    expect(expectOk(await asAnon().from('pricing_plans').select('id, price, currency, billing_period').eq('id', id))).toEqual([
      { id, price: 100, currency: 'EUR', billing_period: 'month' },
    ]);
    const [entry] = await activityFor(id);
    expect(entry).toMatchObject({ action: 'pricing_plan.created', actor_id: admin.id });
    expect(await history(id)).toHaveLength(1);
  });

  it('change a price: the old one is kept with its dates and plan_price_at names the one that applied', async () => {
    const name = `Priced plan ${randomUUID().slice(0, 8)}`;
    const id = await addPlan({ p_name: name, p_price: 250 });
    expectOk(await admin.client.rpc('admin_save_pricing_plan', planInput({ p_plan_id: id, p_name: name, p_price: 300, p_currency: 'usd', p_billing_period: 'year' })));
    // A change that leaves the price alone opens no new row.
    expectOk(await admin.client.rpc('admin_save_pricing_plan', planInput({ p_plan_id: id, p_name: name, p_price: 300, p_currency: 'USD', p_billing_period: 'year', p_summary: 'Reworded.' })));

    const rows = await history(id);
    expect(rows.map((r) => [r.price, r.currency, r.billing_period])).toEqual([
      ['250.00', 'EUR', 'month'],
      ['300.00', 'USD', 'year'],
    ]);
    expect(rows[0]!.valid_to).toEqual(rows[1]!.valid_from);
    expect(rows[1]!.valid_to).toBeNull();

    const at = async (moment: Date) => expectOk(await admin.client.rpc('plan_price_at', { p_plan_id: id, p_at: moment.toISOString() })) as { price: number; currency: string; billing_period: string }[];
    const changedAt = rows[1]!.valid_from;
    expect(await at(new Date(changedAt.getTime() - 1))).toMatchObject([{ price: 250, currency: 'EUR', billing_period: 'month' }]);
    expect(await at(new Date(changedAt.getTime() + 1))).toMatchObject([{ price: 300, currency: 'USD', billing_period: 'year' }]);
    expect(await at(new Date(Date.now() + 86_400_000))).toMatchObject([{ price: 300 }]);
    expect(await at(new Date(rows[0]!.valid_from.getTime() - 1))).toEqual([]);

    const updates = (await activityFor(id)).filter((a) => a.action === 'pricing_plan.updated');
    expect(updates).toHaveLength(2);
    expect(updates[0]!.details.changes).toMatchObject({ price: { from: 250, to: 300 }, currency: { from: 'EUR', to: 'USD' } });
    expect(updates[1]!.details.changes).toEqual({ summary: { from: 'For the pricing tests.', to: 'Reworded.' } });
  });

  it('plan_price_at answers for a past date from the history (an invoice issued later)', async () => {
    const id = await addPlan({ p_price: 40 });
    // The history as it would be after a year: the first price from January to June.
    await sql(
      `update public.pricing_plan_prices set valid_from = '2026-01-01T00:00:00Z', valid_to = '2026-06-01T00:00:00Z' where plan_id = $1`,
      [id],
    );
    await sql(
      `insert into public.pricing_plan_prices (plan_id, price, currency, billing_period, valid_from) values ($1, 55, 'EUR', 'month', '2026-06-01T00:00:00Z')`,
      [id],
    );
    const at = async (date: string) => expectOk(await admin.client.rpc('plan_price_at', { p_plan_id: id, p_at: date })) as { price: number; valid_from: string; valid_to: string | null }[];
    expect(await at('2026-03-15')).toEqual([expect.objectContaining({ price: 40, valid_to: expect.stringMatching(/^2026-06-01T00:00:00/) })]);
    expect(await at('2026-05-31T23:59:59Z')).toMatchObject([{ price: 40 }]);
    expect(await at('2026-06-01')).toMatchObject([{ price: 55, valid_to: null }]);
    expect(await at('2025-12-31')).toEqual([]);
  });

  it('only one plan is highlighted: highlighting one clears the other', async () => {
    const first = await addPlan({ p_is_featured: true });
    const second = await addPlan({ p_is_featured: true });
    expect((await storedPlan(first)).is_featured).toBe(false);
    expect(await sql('select id from public.pricing_plans where is_featured and is_published')).toEqual([{ id: second }]);
  });

  // Attack: two writers (or an operator's SQL) highlighting two plans at once.
  // Before this migration nothing stopped it; now the database refuses.
  it('the database refuses a second highlighted plan however it is written', async () => {
    await sql('update public.pricing_plans set is_featured = false where is_featured');
    const [{ id: featured }] = (await sql<{ id: string }>(
      `update public.pricing_plans set is_featured = true where id = (select id from public.pricing_plans where is_published order by sort_order limit 1) returning id`,
    )) as [{ id: string }];
    await expect(
      sql(
        `insert into public.pricing_plans (slug, name, summary, support, is_featured, is_published) values ($1, 'Second', 'x', 'x', true, true)`,
        [`second-${randomUUID().slice(0, 8)}`],
      ),
    ).rejects.toThrow(/pricing_plans_one_featured/);
    expect((await storedPlan(featured)).is_featured).toBe(true);
  });

  it('archive hides a plan from visitors and members but keeps it and its prices; restore shows it again', async () => {
    const id = await addPlan({ p_is_featured: true });
    expectDone(await admin.client.rpc('admin_set_pricing_plan_archived', { p_plan_id: id, p_archived: true }));
    expectNoRows(await asAnon().from('pricing_plans').select('id').eq('id', id));
    expectNoRows(await member.client.from('pricing_plans').select('id').eq('id', id));
    const archived = await storedPlan(id);
    expect(archived).toMatchObject({ is_published: false, is_featured: false });
    expect(archived.archived_at).not.toBeNull();
    expect(await history(id)).toHaveLength(1);
    // Admins still see it, to restore it.
    expect(expectOk(await admin.client.from('pricing_plans').select('id').eq('id', id))).toHaveLength(1);

    // Archiving twice records nothing more.
    expectDone(await admin.client.rpc('admin_set_pricing_plan_archived', { p_plan_id: id, p_archived: true }));
    expectDone(await admin.client.rpc('admin_set_pricing_plan_archived', { p_plan_id: id, p_archived: false }));
    expect(expectOk(await asAnon().from('pricing_plans').select('id').eq('id', id))).toEqual([{ id }]);
    expect((await storedPlan(id)).archived_at).toBeNull();
    expect((await activityFor(id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['pricing_plan.created', admin.id],
      ['pricing_plan.archived', admin.id],
      ['pricing_plan.restored', admin.id],
    ]);
  });

  it('move a plan up and down: the order visitors see changes, first and last stay put', async () => {
    const a = await addPlan();
    const b = await addPlan();
    const order = async () =>
      (await sql<{ id: string }>('select id from public.pricing_plans order by sort_order, name, id')).map((r) => r.id);
    expect((await order()).slice(-2)).toEqual([a, b]);
    expectDone(await admin.client.rpc('admin_move_pricing_plan', { p_plan_id: b, p_direction: 'up' }));
    expect((await order()).slice(-2)).toEqual([b, a]);
    const visible = expectOk(await asAnon().from('pricing_plans').select('id').in('id', [a, b]).order('sort_order')) as { id: string }[];
    expect(visible.map((r) => r.id)).toEqual([b, a]);
    // Last already: nothing moves, nothing is recorded.
    expectDone(await admin.client.rpc('admin_move_pricing_plan', { p_plan_id: a, p_direction: 'down' }));
    expect((await order()).slice(-2)).toEqual([b, a]);
    expect((await activityFor(b)).map((x) => x.action)).toEqual(['pricing_plan.created', 'pricing_plan.moved']);
    expect((await activityFor(a)).map((x) => x.action)).toEqual(['pricing_plan.created']);
  });

  it('bad input is refused with a clear error and changes nothing', async () => {
    const name = `Checked plan ${randomUUID().slice(0, 8)}`;
    const id = await addPlan({ p_name: name });
    const before = await storedPlan(id);
    const cases: [Partial<PlanInput>, string][] = [
      [{ p_name: '  ' }, 'plan_name_required'],
      [{ p_name: 'x'.repeat(61) }, 'plan_name_too_long'],
      [{ p_summary: '' }, 'plan_summary_required'],
      [{ p_price: -1 }, 'plan_price_invalid'],
      [{ p_price: 1.005 }, 'plan_price_invalid'],
      [{ p_currency: 'EURO' }, 'plan_currency_invalid'],
      [{ p_billing_period: 'week' }, 'plan_period_invalid'],
      [{ p_included_verifications: 0 }, 'plan_included_invalid'],
      [{ p_features: ['ok', ' '] }, 'plan_features_invalid'],
      [{ p_features: Array.from({ length: 21 }, (_, i) => `Feature ${i}`) }, 'plan_features_invalid'],
      [{ p_support: '' }, 'plan_support_invalid'],
    ];
    for (const [overrides, message] of cases) {
      const { error } = await admin.client.rpc('admin_save_pricing_plan', planInput({ p_plan_id: id, p_name: name, ...overrides }));
      expect(error, message).toMatchObject({ code: '22023', message });
    }
    expect(await storedPlan(id)).toEqual(before);
    expect(await admin.client.rpc('admin_save_pricing_plan', planInput({ p_plan_id: randomUUID() }))).toMatchObject({
      error: { code: 'P0002', message: 'plan_not_found' },
    });
    expect(await admin.client.rpc('admin_move_pricing_plan', { p_plan_id: id, p_direction: 'left' })).toMatchObject({
      error: { code: '22023', message: 'direction_invalid' },
    });
    expect((await activityFor(id)).map((a) => a.action)).toEqual(['pricing_plan.created']);
  });
});
