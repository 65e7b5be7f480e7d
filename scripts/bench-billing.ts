import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';
import { measure, signedIn } from './bench-back-office.ts';

/**
 * `npm run bench -- --billing`: billing at scale (decision 069) on a throwaway
 * database beside the test profile's (.data/test[-offset]-billing, removed
 * after), on the test ports of ACCORD_TEST_PORT_OFFSET.
 * - The renewal run for 10,000 memberships within their lead days (goal ≤ 30 s),
 *   and its rerun, which creates nothing (goal ≤ 1 s); then the run three days
 *   later that issues the 10,000 drafts (shown, no goal).
 * - 1,000,000 invoices and credit notes over five years: admin_list_invoices'
 *   first and a deep page (keyset, near the oldest) with each filter, and the
 *   overview, through the gateway and PostgREST as a system administrator
 *   signed in with a real JWT, p50 and p95 after a warm-up. Goals: list
 *   p95 ≤ 50 ms, overview p95 ≤ 100 ms.
 */
const LIST_GOAL_P95_MS = 50;
const OVERVIEW_GOAL_P95_MS = 100;
const RUN_GOAL_MS = 30_000;
const RERUN_GOAL_MS = 1_000;
const MEMBERSHIPS = 10_000;
const INVOICES = 1_000_000;

async function loadMemberships(db: pg.Client): Promise<void> {
  await db.query(`set session_replication_role = replica`);
  await db.query(`
    insert into public.organizations (id, name, country, created_at)
    select (md5('billed' || i))::uuid, 'Billed Member ' || i, (array['NL','DE','FR','BE','GB'])[1 + i % 5], now() - interval '400 days'
      from generate_series(1, ${MEMBERSHIPS}) i`);
  await db.query(`
    insert into public.billing_profiles (organization_id, address_line1, postal_code, city, country, vat_id, vat_id_format_valid)
    select (md5('billed' || i))::uuid, 'Street ' || i, '1000', 'City', (array['NL','DE','FR','BE','GB'])[1 + i % 5],
           case when i % 5 = 1 then 'DE' || lpad(i::text, 9, '0') end, case when i % 5 = 1 then true end
      from generate_series(1, ${MEMBERSHIPS}) i`);
  // Each membership's current period ends within the lead days, so the run drafts every next one.
  await db.query(`
    with m as (
      select (md5('billed' || i))::uuid as org, p.id as plan, p.name, round(p.price * 100)::bigint as amount,
             (current_date + 1 + i % 13) as period_end
        from generate_series(1, ${MEMBERSHIPS}) i
        join public.pricing_plans p on p.slug = (array['essentials','professional','scale'])[1 + i % 3]
    ), ins as (
      insert into public.memberships (organization_id, plan_id, started_on, current_period_start, current_period_end)
      select org, plan, (period_end - interval '1 month')::date, (period_end - interval '1 month')::date, period_end from m
    )
    insert into public.membership_periods (organization_id, period_start, period_end, plan_id, plan_name, unit_amount_minor, currency, billing_period)
    select org, (period_end - interval '1 month')::date, period_end, plan, name, amount, 'EUR', 'month' from m`);
  await db.query(`set session_replication_role = origin`);
  await db.query('analyze');
}

async function loadInvoices(db: pg.Client): Promise<void> {
  await db.query(`set session_replication_role = replica`);
  // Five years of invoices, 5 % credit notes, 1 % drafts; paid unless recent
  // (30 % of the last 90 days open) or one of the few old ones left unpaid.
  await db.query(`
    insert into public.invoices (id, organization_id, kind, status, series, number, issue_date, due_date, period_start, period_end,
      currency, seller, buyer, subtotal_minor, vat_minor, total_minor, credited_invoice_id, reason, rf_reference, draft_created_on,
      created_at, issued_at, credited_minor, paid_minor, balance_minor, payment_status)
    select id, org, kind, status,
           case when status = 'issued' then prefix || '-' || yr end,
           case when status = 'issued' then prefix || '-' || yr || '-' || lpad(n::text, 7, '0') end,
           case when status = 'issued' then day end, case when status = 'issued' then day + 30 end,
           date_trunc('month', day)::date, (date_trunc('month', day) + interval '1 month')::date,
           'EUR', case when status = 'issued' then '{"name":"Accord Trust Network B.V."}'::jsonb end,
           case when status = 'issued' then jsonb_build_object('name', 'Billed Member ' || (1 + n % ${MEMBERSHIPS})) end,
           100000, 21000, 121000,
           case when kind = 'credit_note' then (md5('inv' || (n - 1)))::uuid end, case when kind = 'credit_note' then 'Bench' end,
           case when status = 'issued' and kind = 'invoice' then 'RF00B' || n end, day, created, case when status = 'issued' then created end,
           0,
           case when kind = 'credit_note' or status = 'draft' then 0 when open then 0 else 121000 end,
           case when kind = 'credit_note' or status = 'draft' then 0 when open then 121000 else 0 end,
           case when kind = 'credit_note' or status = 'draft' then null when open then 'unpaid' else 'paid' end
      from (
        select n, (md5('inv' || n))::uuid as id, (md5('billed' || (1 + n % ${MEMBERSHIPS})))::uuid as org,
               case when n % 20 = 7 then 'credit_note' else 'invoice' end as kind,
               case when n % 100 = 3 then 'draft' else 'issued' end as status,
               case when n % 20 = 7 then 'ACC-CN' else 'ACC' end as prefix,
               now() - make_interval(secs => (${INVOICES} - n) * (5 * 365 * 86400.0 / ${INVOICES})) as created
          from generate_series(1, ${INVOICES}) n
      ) base
      cross join lateral (select created::date as day, to_char(created, 'YYYY') as yr,
                                 ((created > now() - interval '90 days' and n % 10 < 3) or n % 1000 = 5) as open) d`);
  await db.query(`set session_replication_role = origin`);
  await db.query('analyze public.invoices');
}

async function timed(db: pg.Client, statement: string): Promise<{ ms: number; result: unknown }> {
  const t0 = performance.now();
  const { rows } = await db.query<{ r: unknown }>(statement);
  return { ms: performance.now() - t0, result: rows[0]?.r };
}

/** Loads, measures, prints, and says whether every goal was met. */
export async function billingBench(): Promise<boolean> {
  const base = stackConfig('test');
  const dataDir = `${base.dataDir}-billing`;
  rmSync(dataDir, { recursive: true, force: true });
  const config: StackConfig = { ...base, dataDir, pgDataDir: join(dataDir, 'postgres') };
  const stack = await startStack(config, { fresh: true });
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  const s = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
  try {
    const admin = await signedIn(config, 'bench-billing-admin@bench.accord.test');
    await db.query('insert into public.system_admins (user_id) values ($1)', [admin.id]);

    await loadMemberships(db);
    const run = await timed(db, 'select public.billing_run() as r');
    const rerun = await timed(db, 'select public.billing_run() as r');
    const issue = await timed(db, `select public.billing_run(now() + interval '3 days') as r`);
    console.log(`  renewal run, ${MEMBERSHIPS} memberships in their lead days  ${s(run.ms)}   ${JSON.stringify(run.result)}`);
    console.log(`  rerun (creates nothing)                         ${s(rerun.ms)}   ${JSON.stringify(rerun.result)}`);
    console.log(`  run 3 days later (issues the drafts)            ${s(issue.ms)}   ${JSON.stringify(issue.result)}`);

    const t0 = performance.now();
    await loadInvoices(db);
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from public.invoices')).rows;
    console.log(`  loaded ${n} invoices and credit notes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const [deep] = (await db.query<{ created_at: string }>(`select (now() - interval '4 years 6 months')::text as created_at`)).rows;
    const org = (await db.query<{ id: string }>(`select (md5('billed' || 4242))::uuid::text as id`)).rows[0].id;
    const [period] = (await db.query<{ from: string; to: string }>(
      `select (date_trunc('month', now()) - interval '14 months')::date::text as from, (date_trunc('month', now()) - interval '13 months')::date::text as to`,
    )).rows;
    const filters: [string, Record<string, unknown>][] = [
      ['no filter', {}],
      ['status draft', { p_status: 'draft' }],
      ['credit notes', { p_kind: 'credit_note' }],
      ['payment status unpaid', { p_payment_status: 'unpaid' }],
      ['overdue', { p_overdue: true }],
      ['organisation', { p_organization_id: org }],
      ['period (one month)', { p_period_from: period.from, p_period_to: period.to }],
      ['number prefix', { p_number: 'ACC-2024-0003' }],
    ];
    const results = [];
    for (const [label, args] of filters) {
      results.push(await measure(`list, first page: ${label}`, () => admin.client.rpc('admin_list_invoices', args)));
      results.push(
        await measure(`list, deep page: ${label}`, () =>
          admin.client.rpc('admin_list_invoices', { ...args, p_after_created_at: deep.created_at, p_after_id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }),
        ),
      );
    }
    const overview = await measure('admin_billing_overview', () => admin.client.rpc('admin_billing_overview'));
    for (const r of results) console.log(`  ${r.label.padEnd(48)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   ${r.rows} rows`);
    console.log(`  ${overview.label.padEnd(48)} p50 ${ms(overview.p50)}   p95 ${ms(overview.p95)}`);
    const within =
      run.ms <= RUN_GOAL_MS && rerun.ms <= RERUN_GOAL_MS && results.every((r) => r.p95 <= LIST_GOAL_P95_MS) && overview.p95 <= OVERVIEW_GOAL_P95_MS;
    console.log(
      `  goals run ≤ ${RUN_GOAL_MS / 1000} s, rerun ≤ ${RERUN_GOAL_MS / 1000} s, list p95 ≤ ${LIST_GOAL_P95_MS} ms, overview p95 ≤ ${OVERVIEW_GOAL_P95_MS} ms: ${within ? 'met' : 'MISSED'}`,
    );
    return within;
  } finally {
    await db.end();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
