import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { ageSecondFactor, enrolVerifiedTotp, totpCode, TOTP_PERIOD_MS, awayFromStepBoundary } from '../support/mfa.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * /admin/database reads everything from fixed security-definer functions that
 * only a system administrator at aal2 may call, and its actions also want a
 * second factor verified in the last 10 minutes
 * (supabase/migrations/20261202003000_database-page-reads.sql, decision 075).
 * Real users, real tokens, through PostgREST.
 */

const READS = ['admin_database_health', 'admin_database_queries', 'admin_database_space', 'admin_database_schema', 'admin_database_advisors'] as const;
const ACTIONS = ['admin_reset_query_statistics', 'admin_request_advisor_run', 'admin_acknowledge_advisor_finding'] as const;
const ALL = [...READS, ...ACTIONS];
/** The only parameters: a finding's id (cache_key) and the reason stored with it; none is run as SQL. */
const ARGS: Record<string, string> = { admin_acknowledge_advisor_finding: 'p_cache_key text, p_reason text' };
const argsOf = (fn: string): Record<string, unknown> =>
  fn === 'admin_acknowledge_advisor_finding' ? { p_cache_key: 'none', p_reason: 'Checked by hand.' } : {};

type Outcome = { data: unknown; error: { code?: string; message: string } | null };

function expectRefused(result: Outcome, message: string | RegExp): void {
  expect(result.error, 'expected a refusal').not.toBeNull();
  expect(result.error!.code).toBe('42501');
  expect(result.error!.message).toMatch(message);
  expect(result.data).toBeNull();
}

let admin: TestUser & { factorId: string; secret: string; lastStep: number };
let adminAal1: SupabaseClient;
let adminWithoutFactor: TestUser;
let member: TestUser;
let investor: TestUser;
let stakeholder: TestUser;

/** Verifies the admin's factor again in the same session (a code is accepted once per step, so the next unused step's). */
async function verifyAgain(): Promise<void> {
  await awayFromStepBoundary();
  let step = Math.floor(Date.now() / TOTP_PERIOD_MS);
  if (step <= admin.lastStep) {
    // Time passing is the condition: the next 30-second step, at most one step away.
    await vi.waitFor(() => expect(Math.floor(Date.now() / TOTP_PERIOD_MS)).toBeGreaterThan(admin.lastStep), {
      timeout: TOTP_PERIOD_MS + WAIT_CEILING_MS,
      interval: 200,
    });
    await awayFromStepBoundary();
    step = Math.floor(Date.now() / TOTP_PERIOD_MS);
  }
  expectOk(await admin.client.auth.mfa.challengeAndVerify({ factorId: admin.factorId, code: totpCode(admin.secret) }));
  admin.lastStep = step;
}

beforeAll(async () => {
  const user = await newUser('db-page-admin');
  await makeSystemAdmin(user);
  const factor = await enrolVerifiedTotp(user.client);
  admin = { ...user, factorId: factor.factorId, secret: factor.secret, lastStep: Math.floor(Date.now() / TOTP_PERIOD_MS) };
  adminAal1 = await signInAgain(user);
  adminWithoutFactor = await newUser('db-page-admin-no-factor');
  await makeSystemAdmin(adminWithoutFactor);
  member = await newUser('db-page-member');
  await addMember(await createOrganization(null, { status: 'approved' }), member, 'admin');
  investor = await newUser('db-page-investor');
  await sql(`insert into public.investor_access (user_id, level) values ($1, 'data_room')`, [investor.id]);
  stakeholder = await newUser('db-page-stakeholder');
  await sql('insert into public.stakeholders (user_id) values ($1)', [stakeholder.id]);
  // Seven accounts and a factor (which may wait for a fresh TOTP step) on a shared 2-core machine.
}, 60_000);

describe('who may call the database page\'s functions', () => {
  it.each(ALL)('%s refuses a visitor (no execute for anon)', async (fn) => {
    const result = await asAnon().rpc(fn, argsOf(fn));
    expect(result.error).not.toBeNull();
    expect(result.error!.code).toBe('42501');
    expect(result.error!.message).toMatch(/permission denied for function/);
  });

  it.each(ALL)('%s refuses a member, an investor and a stakeholder', async (fn) => {
    for (const person of [member, investor, stakeholder]) {
      expectRefused(await person.client.rpc(fn, argsOf(fn)), /^Only system administrators may /);
    }
  });

  it.each(ALL)('%s refuses an administrator at aal1 who has a factor, with aal2_required', async (fn) => {
    expectRefused(await adminAal1.rpc(fn, argsOf(fn)), 'aal2_required');
  });

  it.each(ALL)('%s refuses an administrator without a factor, with second_factor_setup_required', async (fn) => {
    const result = await adminWithoutFactor.client.rpc(fn, argsOf(fn));
    expectRefused(result, 'second_factor_setup_required');
    expect((result.error as { details?: string }).details).toMatch(/^Set up a second factor in your account settings/);
  });

  it.each(READS)('%s answers an administrator at aal2', async (fn) => {
    const result = await admin.client.rpc(fn);
    expect(result.error).toBeNull();
    expect(typeof result.data).toBe('object');
  });

  it('every function is security definer with search_path, statement and lock timeouts set, executable by authenticated alone, taking no SQL', async () => {
    const rows = await sql<{ proname: string; prosecdef: boolean; proconfig: string[]; anon: boolean; authenticated: boolean; to_public: boolean }>(
      `select p.proname, p.prosecdef, p.proconfig,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0) as to_public
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = any($1)`,
      [ALL],
    );
    expect(rows.map((r) => r.proname).sort()).toEqual([...ALL].sort());
    for (const row of rows) {
      expect(row, row.proname).toMatchObject({ prosecdef: true, anon: false, authenticated: true, to_public: false });
      expect(row.proconfig.sort(), row.proname).toEqual(['lock_timeout=1s', 'search_path=""', 'statement_timeout=5s']);
    }
    const args = await sql<{ proname: string; args: string }>(
      `select p.proname, pg_get_function_identity_arguments(p.oid) as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = any($1)`,
      [ALL],
    );
    expect(Object.fromEntries(args.map((r) => [r.proname, r.args]))).toEqual(Object.fromEntries(ALL.map((fn) => [fn, ARGS[fn] ?? ''])));
  });
});

describe('a second factor in the last 10 minutes, for actions', () => {
  it('lets the administrator who just verified reset the statistics, and records it', async () => {
    const before = await sql<{ stats_reset: Date }>('select stats_reset from extensions.pg_stat_statements_info');
    const result = expectOk(await admin.client.rpc('admin_reset_query_statistics')) as { reset_at: string };
    expect(new Date(result.reset_at).getTime()).toBeGreaterThan(0);
    const after = await sql<{ stats_reset: Date }>('select stats_reset from extensions.pg_stat_statements_info');
    expect(after[0].stats_reset.getTime()).toBeGreaterThan(before[0].stats_reset.getTime());
    const logged = await sql(
      `select 1 from public.network_activity where actor_id = $1 and action = 'database.query_statistics_reset'`,
      [admin.id],
    );
    expect(logged).toHaveLength(1);
  });

  it('refuses an aal2 session whose code is older than 10 minutes, then lets it through after a new code', async () => {
    await ageSecondFactor(admin.client);
    const refused = await admin.client.rpc('admin_reset_query_statistics');
    expectRefused(refused, 'recent_second_factor_required');
    expect((refused.error as { details?: string }).details).toBe(
      'Enter the code from your authenticator app again to reset the query statistics.',
    );
    // Reads do not need a recent code.
    expect((await admin.client.rpc('admin_database_health')).error).toBeNull();

    await verifyAgain();
    expect((await admin.client.rpc('admin_reset_query_statistics')).error).toBeNull();
  });

  it('private.require_recent_second_factor reads the amr timestamps of the token', async () => {
    const check = async (amr: unknown) => {
      const client = new pg.Client({ connectionString: stackConfig('test').dbUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: admin.id, aal: 'aal2', amr })]);
        await client.query(`select private.require_recent_second_factor('test')`);
        return 'ok';
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.query('rollback');
        await client.end();
      }
    };
    const now = Math.floor(Date.now() / 1000);
    expect(await check([{ method: 'totp', timestamp: now - 60 }])).toBe('ok');
    expect(await check([{ method: 'password', timestamp: now }, { method: 'totp', timestamp: now - 540 }])).toBe('ok');
    expect(await check([{ method: 'totp', timestamp: now - 700 }])).toBe('recent_second_factor_required');
    expect(await check([{ method: 'password', timestamp: now }])).toBe('recent_second_factor_required');
    expect(await check([{ method: 'totp', timestamp: String(now) }])).toBe('recent_second_factor_required');
    expect(await check(undefined)).toBe('recent_second_factor_required');
  });
});

describe('what the functions report', () => {
  let holder: pg.Client;
  let waiter: pg.Client;
  const lockKey = Math.floor(Math.random() * 1e9);
  const tag = `dbp${randomUUID().slice(0, 6)}`;
  let holderPid: number;
  let waiterPid: number;

  beforeAll(async () => {
    const dbUrl = stackConfig('test').dbUrl;
    holder = new pg.Client({ connectionString: dbUrl });
    waiter = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    await waiter.connect();
    // An unvalidated constraint exists only in this session (a temporary table), but the catalog shows it to all.
    await holder.query(`create temporary table ${tag} (n integer)`);
    await holder.query(`alter table ${tag} add constraint ${tag}_positive check (n > 0) not valid`);
    holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    waiterPid = (await waiter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    await holder.query('select pg_advisory_lock($1)', [lockKey]);
    void waiter.query('select pg_advisory_lock($1)', [lockKey]).catch(() => undefined);
  });

  afterAll(async () => {
    await holder.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    await waiter.end().catch(() => undefined);
    await holder.end().catch(() => undefined);
  });

  it('health: connections, a blocked query with its blocker, an unvalidated constraint, each as a finding', async () => {
    await vi.waitFor(
      async () => {
        const rows = await sql('select 1 from pg_stat_activity where pid = $1 and wait_event_type = $2', [waiterPid, 'Lock']);
        expect(rows, 'the second session waiting for the lock').toHaveLength(1);
      },
      { timeout: WAIT_CEILING_MS, interval: 50 },
    );

    const health = expectOk(await admin.client.rpc('admin_database_health')) as {
      connections: { used: number; max: number };
      blocked: { pid: number; blocked_by: number[] }[];
      invalid_constraints: { constraint: string }[];
      findings: { check: string; severity: string; subject: string }[];
      xid_age: number;
      cache_hit_rate: number | null;
    };
    const [{ count }] = await sql<{ count: number }>(`select count(*)::int from pg_stat_activity where backend_type = 'client backend'`);
    expect(health.connections.used).toBeGreaterThan(0);
    expect(Math.abs(health.connections.used - count)).toBeLessThanOrEqual(4);
    expect(health.connections.max).toBeGreaterThan(health.connections.used);
    expect(health.blocked).toContainEqual(expect.objectContaining({ pid: waiterPid, blocked_by: [holderPid] }));
    expect(health.findings).toContainEqual({ check: 'blocked', severity: 'warning', subject: `process ${waiterPid}`, seconds: expect.any(Number) });
    expect(health.invalid_constraints).toContainEqual(expect.objectContaining({ constraint: `${tag}_positive` }));
    expect(health.findings).toContainEqual(expect.objectContaining({ check: 'invalid_constraint', subject: expect.stringContaining(`${tag}_positive`) }));
    const [{ age }] = await sql<{ age: number }>('select age(datfrozenxid)::int as age from pg_database where datname = current_database()');
    expect(health.xid_age).toBeGreaterThan(0);
    expect(health.xid_age).toBeLessThanOrEqual(age);
  });

  it('queries: no comment, literal or utility statement reaches the page', async () => {
    await sql(`set application_name = 'secret-${tag}'`);
    await sql(`/* note-${tag} */ select count(*) from public.organizations where name = 'literal-${tag}'`);
    const stats = expectOk(await admin.client.rpc('admin_database_queries')) as {
      available: boolean; stats_reset: string; evicted: number; entries: number; hidden: number;
      by_total: { query: string; calls: number; mean_ms: number }[]; by_mean: { query: string }[];
    };
    expect(stats.available).toBe(true);
    expect(stats.hidden).toBeGreaterThan(0);
    expect(stats.by_total.length).toBeGreaterThan(0);
    const shown = JSON.stringify([...stats.by_total, ...stats.by_mean]);
    expect(shown).not.toContain(tag);
    expect(shown).not.toMatch(/\/\*|--/);

    const cases = await sql<{ q: string | null }>(
      `select private.shown_statement(q) as q from unnest($1::text[]) with ordinality u(q, i) order by i`,
      [[
        `/* note */ select a from t where b = $1 -- trailing\n and c = 'x''y' and d = 42`,
        `alter role x password 'hunter2'`,
        `SET application_name = 'secret'`,
        `(select 1)`,
        `with x as (select $$body$$) select * from x`,
      ]],
    );
    expect(cases.map((c) => c.q)).toEqual([
      'select a from t where b = $1 and c = ? and d = ?',
      null,
      null,
      '(select ?)',
      'with x as (select ?) select * from x',
    ]);
  });

  it('space: sizes, and an unindexed foreign key is found', async () => {
    await sql(`create table private.${tag}_parent (id integer primary key)`);
    await sql(`create table private.${tag}_child (id integer primary key, parent_id integer references private.${tag}_parent (id))`);
    try {
      const space = expectOk(await admin.client.rpc('admin_database_space')) as {
        database_bytes: number; tables: { table: string; table_bytes: number }[];
        unindexed_foreign_keys: { table: string; columns: string[] }[]; duplicate_indexes: unknown[]; unused_indexes: unknown[];
      };
      expect(space.database_bytes).toBeGreaterThan(0);
      expect(space.tables.length).toBeGreaterThan(0);
      expect(space.unindexed_foreign_keys).toContainEqual(expect.objectContaining({ table: `private.${tag}_child`, columns: ['parent_id'] }));
      await sql(`create index on private.${tag}_child (parent_id)`);
      await sql(`create index ${tag}_again on private.${tag}_child (parent_id)`);
      const after = expectOk(await admin.client.rpc('admin_database_space')) as typeof space;
      expect(after.unindexed_foreign_keys).not.toContainEqual(expect.objectContaining({ table: `private.${tag}_child` }));
      expect(after.duplicate_indexes).toContainEqual(expect.objectContaining({ table: `private.${tag}_child` }));
    } finally {
      await sql(`drop table private.${tag}_child, private.${tag}_parent`);
    }
  });

  it('schema: applied migrations as recorded, extensions, and RLS on every exposed table', async () => {
    const schema = expectOk(await admin.client.rpc('admin_database_schema')) as {
      applied_migrations: { version: string; name: string }[];
      extensions: { name: string; version: string }[];
      tables: { table: string; rls: boolean; policies: number }[];
    };
    const recorded = await sql<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
    expect(schema.applied_migrations.map((m) => m.version)).toEqual(recorded.map((r) => r.version));
    expect(schema.applied_migrations).toContainEqual({ version: '20261202003000', name: 'database-page-reads' });
    expect(schema.extensions).toContainEqual(expect.objectContaining({ name: 'pg_stat_statements' }));
    expect(schema.tables.length).toBeGreaterThan(20);
    expect(schema.tables.filter((t) => !t.rls || t.policies === 0)).toEqual([]);
  });
});

describe('advisors', () => {
  const tag = `adv${randomUUID().slice(0, 6)}`;
  afterAll(async () => {
    await sql(`drop table if exists private.${tag}_child, private.${tag}_parent`);
  });

  it('run now is done by the stack\'s runner; a finding can be acknowledged with a reason; a second run within a minute is refused', async () => {
    // A finding splinter reports for sure: a foreign key without an index.
    await sql(`create table private.${tag}_parent (id integer primary key)`);
    await sql(`create table private.${tag}_child (id integer primary key, parent_id integer references private.${tag}_parent (id))`);
    const { run_id: runId } = expectOk(await admin.client.rpc('admin_request_advisor_run')) as { run_id: number };
    const tooSoon = await admin.client.rpc('admin_request_advisor_run');
    expect(tooSoon.error).toMatchObject({ code: '22023', message: 'advisor_run_too_soon' });

    type Advisors = { last_run: { id: number; status: string } | null; findings_run: { id: number } | null;
      findings: { cache_key: string; level: string; title: string; detail: string; acknowledged: { reason: string } | null }[] };
    const advisors = await vi.waitFor(
      async () => {
        const read = expectOk(await admin.client.rpc('admin_database_advisors')) as Advisors;
        expect(read.findings_run?.id, 'the requested run finished').toBeGreaterThanOrEqual(runId);
        return read;
      },
      // The CLI takes a few seconds; the runner looks every 5.
      { timeout: 90_000, interval: 500 },
    );
    const finding = advisors.findings.find((f) => f.cache_key.includes(`${tag}_child`));
    expect(finding, 'the unindexed foreign key is reported').toMatchObject({ title: 'Unindexed foreign keys', acknowledged: null });

    const missingReason = await admin.client.rpc('admin_acknowledge_advisor_finding', { p_cache_key: finding!.cache_key, p_reason: ' ' });
    expect(missingReason.error).toMatchObject({ code: '22023', message: 'reason_required' });
    const unknown = await admin.client.rpc('admin_acknowledge_advisor_finding', { p_cache_key: `${tag}-nothing`, p_reason: 'Checked by hand.' });
    expect(unknown.error).toMatchObject({ code: '22023', message: 'finding_not_found' });
    expectOk(await admin.client.rpc('admin_acknowledge_advisor_finding', { p_cache_key: finding!.cache_key, p_reason: 'A test table, dropped after.' }));
    const after = expectOk(await admin.client.rpc('admin_database_advisors')) as Advisors;
    expect(after.findings.find((f) => f.cache_key === finding!.cache_key)?.acknowledged).toMatchObject({ reason: 'A test table, dropped after.' });
    const logged = await sql<{ action: string }>(
      `select action from public.network_activity where actor_id = $1 and action like 'database.advisor%' order by id`,
      [admin.id],
    );
    expect(logged.map((r) => r.action)).toEqual(['database.advisors_requested', 'database.advisor_acknowledged']);
  }, 150_000);
});
