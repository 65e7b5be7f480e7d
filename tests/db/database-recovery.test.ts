import { createHash } from 'node:crypto';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import type { Manifest } from '../../supabase/local/recovery/backup.ts';
import { runRestoreDrill } from '../../supabase/local/recovery/restore-drill.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * Backups and the restore drill (supabase/migrations/20261203001000_database-recovery.sql,
 * supabase/local/recovery/, decision 077): asked for through the Data API by a
 * system administrator at aal2 with a recent code, done by the stack's
 * recovery runner, read back by the page's function. The drill restores into
 * a fresh database and fails when a row or a stored file in the backup was
 * changed.
 */

const config = stackConfig('test');
const READ = 'admin_database_recovery';
const ACTIONS = ['admin_request_database_backup', 'admin_request_restore_drill'] as const;
const ALL = [READ, ...ACTIONS];
/** A backup plus a drill builds a whole database from the migrations: tens of seconds on a loaded 2-core machine. */
const RUN_MS = 180_000;

interface Recovery {
  last_backup: { id: number; status: string; checksum: string | null; row_count: number; table_count: number; file_count: number; size_bytes: number } | null;
  last_good_backup: { id: number } | null;
  last_drill: { id: number; status: string; backup_id: number; tables_compared: number; files_compared: number; mismatches: { kind: string; subject: string }[]; erasure_replayed: boolean; duration_ms: number } | null;
  drill_state: 'ok' | 'missing' | 'stale' | 'failed';
}

let admin: TestUser;
let adminAal1: SupabaseClient;
let adminWithoutFactor: TestUser;
let member: TestUser;

type Outcome = { data: unknown; error: { code?: string; message: string } | null };
function expectRefused(result: Outcome, message: string | RegExp): void {
  expect(result.error, 'expected a refusal').not.toBeNull();
  expect(result.error!.code).toBe('42501');
  expect(result.error!.message).toMatch(message);
}

const read = async () => expectOk(await admin.client.rpc(READ)) as Recovery;

/** Query-statistics entries of databases that no longer exist: a drill's, had it been counted. */
async function statementsOfDroppedDatabases(): Promise<number> {
  const [{ n }] = await sql<{ n: number }>(
    `select count(*)::int as n from extensions.pg_stat_statements(false) s where not exists (select 1 from pg_database d where d.oid = s.dbid)`,
  );
  return n;
}

/** The nightly backup and drill the runner starts on a new database must be out of the way before the test asks. */
async function runnerIdle(): Promise<void> {
  await vi.waitFor(
    async () => {
      const busy = await sql(
        `select 1 from private.database_backups where status in ('requested', 'running')
         union all select 1 from private.database_restore_drills where status in ('requested', 'running')`,
      );
      expect(busy).toHaveLength(0);
    },
    { timeout: RUN_MS, interval: 250 },
  );
}

async function backUp(): Promise<NonNullable<Recovery['last_backup']>> {
  await runnerIdle();
  const { backup_id } = expectOk(await admin.client.rpc('admin_request_database_backup')) as { backup_id: number };
  return vi.waitFor(
    async () => {
      const r = await read();
      expect(r.last_backup?.id).toBe(backup_id);
      expect(r.last_backup?.status).toBe('done');
      return r.last_backup!;
    },
    { timeout: RUN_MS, interval: 250 },
  );
}

async function drill(): Promise<NonNullable<Recovery['last_drill']>> {
  await runnerIdle();
  const { drill_id } = expectOk(await admin.client.rpc('admin_request_restore_drill')) as { drill_id: number };
  return vi.waitFor(
    async () => {
      const r = await read();
      expect(r.last_drill?.id).toBe(drill_id);
      expect(['passed', 'failed']).toContain(r.last_drill?.status);
      return r.last_drill!;
    },
    { timeout: RUN_MS, interval: 250 },
  );
}

beforeAll(async () => {
  admin = await newUser('recovery-admin');
  await makeSystemAdmin(admin);
  await enrolVerifiedTotp(admin.client);
  adminAal1 = await signInAgain(admin);
  adminWithoutFactor = await newUser('recovery-admin-no-factor');
  await makeSystemAdmin(adminWithoutFactor);
  member = await newUser('recovery-member');
  await addMember(await createOrganization(null, { status: 'approved' }), member, 'admin');
}, 60_000);

describe('who may back up and drill', () => {
  it.each(ALL)('%s refuses a visitor, a member, an administrator at aal1 and one without a factor', async (fn) => {
    const anon = await asAnon().rpc(fn);
    expect(anon.error?.message).toMatch(/permission denied for function/);
    expectRefused(await member.client.rpc(fn), /^Only system administrators may /);
    expectRefused(await adminAal1.rpc(fn), 'aal2_required');
    expectRefused(await adminWithoutFactor.client.rpc(fn), 'second_factor_setup_required');
  });

  it('each function is security definer with search_path and timeouts, executable by authenticated alone', async () => {
    const rows = await sql<{ proname: string; prosecdef: boolean; proconfig: string[]; anon: boolean; authenticated: boolean; args: string }>(
      `select p.proname, p.prosecdef, p.proconfig, pg_get_function_identity_arguments(p.oid) as args,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = any($1)`,
      [ALL],
    );
    expect(rows.map((r) => r.proname).sort()).toEqual([...ALL].sort());
    for (const row of rows) {
      expect(row, row.proname).toMatchObject({ prosecdef: true, anon: false, authenticated: true, args: '' });
      expect(row.proconfig.sort(), row.proname).toEqual(['lock_timeout=1s', 'search_path=""', 'statement_timeout=5s']);
    }
    // The runner's functions are the database owner's alone.
    const runner = await sql<{ proname: string; authenticated: boolean }>(
      `select p.proname, has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'private' and p.proname in ('claim_database_backup', 'record_database_backup', 'claim_restore_drill', 'record_restore_drill', 'prune_database_backups')`,
    );
    expect(runner).toHaveLength(5);
    expect(runner.filter((r) => r.authenticated)).toEqual([]);
  });
});

describe('a backup and a drill asked for from the page', () => {
  let backup: NonNullable<Recovery['last_backup']>;

  beforeAll(async () => {
    backup = await backUp();
  }, RUN_MS * 2);

  it('takes a backup of every table and stored file, kept outside Storage with its checksum, and records who asked', async () => {
    const dir = join(config.dataDir, 'backups', String(backup.id));
    const manifestText = await readFile(join(dir, 'manifest.json'), 'utf8');
    expect(createHash('sha256').update(manifestText).digest('hex')).toBe(backup.checksum);
    const manifest = JSON.parse(manifestText) as Manifest;
    const tables = await sql<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'private', 'auth', 'storage')`,
    );
    expect(manifest.tables).toHaveLength(tables[0].n);
    expect(backup.table_count).toBe(tables[0].n);
    const objects = await sql<{ n: number }>('select count(*)::int as n from storage.objects');
    expect(backup.file_count).toBeGreaterThan(0);
    expect(manifest.files.length).toBe(backup.file_count);
    expect(objects[0].n).toBeGreaterThanOrEqual(backup.file_count);
    // The administrator's own profile row is in it.
    const profiles = manifest.tables.find((t) => t.schema === 'public' && t.name === 'profiles')!;
    expect(await readFile(join(dir, profiles.file), 'utf8')).toContain(admin.id);
    expect(backup.row_count).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));
    expect(await sql(`select 1 from public.network_activity where actor_id = $1 and action = 'database.backup_requested'`, [admin.id])).toHaveLength(1);
  });

  it('refuses a second backup while one is asked for', async () => {
    await runnerIdle();
    // Held as requested by a row the runner has not claimed yet: the test inserts it in a claimed state.
    await sql(`insert into private.database_backups (requested_by, status, started_at) values ($1, 'running', now())`, [admin.id]);
    try {
      const result = await admin.client.rpc('admin_request_database_backup');
      expect(result.error?.code).toBe('22023');
      expect(result.error?.message).toBe('backup_in_progress');
    } finally {
      await sql(`delete from private.database_backups where status = 'running' and requested_by = $1`, [admin.id]);
    }
  });

  it('restores it into a fresh database and passes with every table and file equal', async () => {
    const uncountedBefore = await statementsOfDroppedDatabases();
    const result = await drill();
    expect(result).toMatchObject({ status: 'passed', backup_id: backup.id, tables_compared: backup.table_count, files_compared: backup.file_count, mismatches: [] });
    expect((await read()).drill_state).toBe('ok');
    // The scratch database is gone afterwards.
    expect(await sql(`select 1 from pg_database where datname like 'accord_restore_drill_%'`)).toHaveLength(0);
    // Its migrations and copies were not counted in the query statistics: one
    // entry at most, the statement that turns the counting off, counted as it runs.
    expect(await statementsOfDroppedDatabases()).toBeLessThanOrEqual(uncountedBefore + 1);
  }, RUN_MS * 2);

  it('fails when a row in the backup was changed, and the page turns red', async () => {
    const dir = join(config.dataDir, 'backups', String(backup.id));
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    const profiles = manifest.tables.find((t) => t.schema === 'public' && t.name === 'profiles')!;
    const file = join(dir, profiles.file);
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace(admin.id, admin.id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))));
    try {
      const result = await drill();
      expect(result.status).toBe('failed');
      expect(result.mismatches).toEqual([expect.objectContaining({ kind: 'table', subject: 'public.profiles' })]);
      expect((await read()).drill_state).toBe('failed');
    } finally {
      await writeFile(file, original);
    }
  }, RUN_MS * 2);

  it('fails when a stored file in the backup was changed (run on a copy of the backup)', async () => {
    const copy = `backups/tampered-${backup.id}`;
    await cp(join(config.dataDir, 'backups', String(backup.id)), join(config.dataDir, copy), { recursive: true });
    try {
      const manifest = JSON.parse(await readFile(join(config.dataDir, copy, 'manifest.json'), 'utf8')) as Manifest;
      const changed = manifest.files[0];
      const bytes = await readFile(join(config.dataDir, copy, changed.file));
      bytes[bytes.length - 1] ^= 0xff;
      await writeFile(join(config.dataDir, copy, changed.file), bytes);
      const result = await runRestoreDrill({
        dbUrl: config.dbUrl,
        rootDir: config.rootDir,
        dataDir: config.dataDir,
        location: copy,
        checksum: backup.checksum!,
        database: `drill_test_${backup.id}`,
      });
      expect(result.mismatches).toEqual([expect.objectContaining({ kind: 'file', subject: `${changed.bucket}/${changed.name}` })]);
      expect(result.tablesCompared).toBe(backup.table_count);
      expect(await readdir(join(config.dataDir, 'restore-drills')).catch(() => [])).not.toContain(`drill_test_${backup.id}`);
    } finally {
      await rm(join(config.dataDir, copy), { recursive: true, force: true });
    }
  }, RUN_MS);

  it('passes again once the backup is as it was, and says when the last pass is older than 7 days', async () => {
    expect((await drill()).status).toBe('passed');
    expect((await read()).drill_state).toBe('ok');
    await sql(`update private.database_restore_drills set finished_at = finished_at - interval '8 days' where status = 'passed'`);
    expect((await read()).drill_state).toBe('stale');
  }, RUN_MS * 2);
});

afterAll(async () => {
  await sql(`update private.database_restore_drills set finished_at = now() where status = 'passed' and finished_at < now() - interval '7 days'`);
});
