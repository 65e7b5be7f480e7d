import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';
import { load, measure, signedIn, type BackOfficeSizes } from './bench-back-office.ts';

/**
 * `npm run bench -- --figures`: the network's figures (network_summary and
 * network_analytics, decision 062) at the tenants bench's scale, on a
 * throwaway database beside the test profile's (.data/test[-offset]-figures,
 * removed after) on the test ports of ACCORD_TEST_PORT_OFFSET. The network is
 * the back-office bench's (scripts/bench-back-office.ts: 100,000
 * organisations, two years of history; `--orgs`, `--members`, `--activity`
 * change it), plus what only the figures read: suspensions and revocations in
 * the registry history, open onboarding drafts and two years of registry
 * lookup counts. Measured through the gateway and PostgREST as a stakeholder
 * signed in with a real JWT, p50 and p95 over 40 calls each after a warm-up.
 * Goal: every p95 ≤ 100 ms. Also shown: what the triggers that keep the
 * figures' totals add to a write (approving one application, rolled back).
 */
const FIGURES_GOAL_P95_MS = 100;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => iso(new Date(Date.now() - n * 86_400_000));

async function loadFigures(db: pg.Client, stakeholderId: string): Promise<void> {
  // The back-office loader leaves suspended and revoked organisations with
  // only their first publication in the history; give them the change too.
  await db.query(`set session_replication_role = replica`);
  await db.query(`
    insert into public.registry_status_changes (organization_id, status, effective_from, recorded_at)
    select r.organization_id, r.status, r.effective_from + interval '30 days', r.effective_from + interval '30 days'
      from public.registry_entries r where r.status <> 'active'`);
  // Drafts need accounts: a thousand people part-way through onboarding.
  await db.query(`
    insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', (md5('drafter' || n))::uuid, 'authenticated', 'authenticated',
           'drafter' || n || '@bench.accord.test', now(), now(), now()
      from generate_series(1, 1000) as n`);
  await db.query(`
    insert into public.application_drafts (user_id, created_at, updated_at)
    select (md5('drafter' || n))::uuid, now() - make_interval(hours => n * 17), now() from generate_series(1, 1000) as n`);
  await db.query(`
    insert into private.registry_lookup_counts (day, function_name, lookups)
    select d::date, f, (500 + (extract(doy from d)::int * 37) % 400)
      from generate_series(now() - interval '730 days', now(), interval '1 day') d
     cross join unnest(array['registry_search','registry_by_id','registry_by_domain','registry_status_on','registry_verifies']) f
    on conflict do nothing`);
  await db.query(`set session_replication_role = origin`);
  await db.query(`insert into public.stakeholders (user_id, affiliation) values ($1, 'Bench')`, [stakeholderId]);
  // The loads above bypassed the triggers that keep the figures' totals.
  await db.query(`select private.rebuild_network_figures()`);
  await db.query('analyze');
}

/** Loads the network at `sizes`, measures, prints, and says whether every p95 met the goal. */
export async function figuresBench(sizes: BackOfficeSizes): Promise<boolean> {
  const base = stackConfig('test');
  const dataDir = `${base.dataDir}-figures`;
  rmSync(dataDir, { recursive: true, force: true });
  const config: StackConfig = { ...base, dataDir, pgDataDir: join(dataDir, 'postgres') };
  const stack = await startStack(config, { fresh: true });
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    const admin = await signedIn(config, 'bench-admin@bench.accord.test');
    const member = await signedIn(config, 'bench-member@bench.accord.test');
    const stakeholder = await signedIn(config, 'bench-stakeholder@bench.accord.test');
    const t0 = performance.now();
    await load(db, sizes, member.id, admin.id);
    await loadFigures(db, stakeholder.id);
    const loaded = (
      await db.query<{ orgs: number; changes: number; active: number }>(`
        select (select count(*) from public.organizations)::int as orgs,
               (select count(*) from public.registry_status_changes)::int as changes,
               (select count(*) from public.registry_entries where status = 'active')::int as active`)
    ).rows[0];
    console.log(
      `  loaded ${loaded.orgs} organisations (${loaded.active} active), ${loaded.changes} registry status changes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const today = daysAgo(0);
    const results = [
      await measure('network_summary', () => stakeholder.client.rpc('network_summary')),
      await measure('network_analytics: 30 days (by day)', () => stakeholder.client.rpc('network_analytics', { p_from: daysAgo(29), p_to: today })),
      await measure('network_analytics: 1 year (by week)', () => stakeholder.client.rpc('network_analytics', { p_from: daysAgo(364), p_to: today })),
      await measure('network_analytics: 2 years (by month)', () => stakeholder.client.rpc('network_analytics', { p_from: daysAgo(729), p_to: today })),
      await measure('network_analytics: 10 years (by month)', () => stakeholder.client.rpc('network_analytics', { p_from: daysAgo(3650), p_to: today })),
    ];
    // What keeping the totals costs a write: approving one application (its
    // triggers publish it and move its share of the figures), rolled back each
    // time. With every trigger, the registry's conflict check too (by index
    // since decision 064; before it, seconds by itself at this scale).
    const pendingIds = (await db.query<{ organization_id: string }>(
      `select organization_id from public.organization_applications where status = 'pending' limit 45`,
    )).rows.map((r) => r.organization_id);
    let next = 0;
    results.push(
      await measure('write: approve one application (SQL, rolled back)', async () => {
        const id = pendingIds[next++ % pendingIds.length];
        await db.query('begin');
        try {
          await db.query(`update public.organization_applications set status = 'approved' where organization_id = $1`, [id]);
        } finally {
          await db.query('rollback');
        }
        return { error: null, data: null };
      }),
    );
    const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
    for (const r of results) console.log(`  ${r.label.padEnd(56)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}`);
    const within = results.every((r) => r.p95 <= FIGURES_GOAL_P95_MS);
    console.log(`  goal every p95 ≤ ${FIGURES_GOAL_P95_MS} ms: ${within ? 'met' : 'MISSED'}`);
    return within;
  } finally {
    await db.end();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
