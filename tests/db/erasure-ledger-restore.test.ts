import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR, stackConfig } from '../../supabase/local/config.ts';
import { takeBackup, type Manifest } from '../../supabase/local/recovery/backup.ts';
import { carryOverErasureLedger, loadBackup, withDatabase } from '../../supabase/local/recovery/restore-drill.ts';
import { organisationWithData, type OrganisationWithData } from '../support/organisation-data-fixtures.ts';
import { sql } from '../support/users.ts';

/**
 * A real restore after an erasure (issue 27 part 7, decisions 076 and 077):
 * a backup taken BEFORE an organisation was erased (its erasure approved and
 * in its grace period) is restored into a fresh
 * database; the restored ledger does not know the erasure, so replaying it
 * alone brings the organisation back; carrying the live ledger over (the
 * runbook's step 4: private.erasure_ledger_entries() on the live database,
 * private.carry_over_erasure_ledger(entries) on the restored one, run with
 * psql exactly as docs/runbook-restore.md writes them) erases it again, marks
 * its request carried out, and a second run (the drill's code) changes nothing.
 */
const config = stackConfig('test');
const stamp = Date.now();
const location = `backups/ledger-restore-${stamp}`;
const database = `ledger_restore_${stamp}`;

let org: OrganisationWithData;
let live: pg.Client;
let restored: pg.Client;
let requestId: number;

async function counts(client: pg.Client, organizationId: string): Promise<Record<string, number>> {
  const { rows: map } = await client.query<{ table_name: string; row_filter: string }>(
    `select table_name, row_filter from private.organisation_data_map where treatment = 'exported' and on_erasure in ('delete', 'pseudonymise') order by table_name`,
  );
  const found: Record<string, number> = {};
  for (const m of map) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${m.table_name} t where ${m.row_filter}`, [organizationId]);
    if (rows[0].n > 0) found[m.table_name] = rows[0].n;
  }
  return found;
}

beforeAll(async () => {
  org = await organisationWithData(`Restored Ledger ${stamp}`, 'ledger-restore');
  // Its erasure approved, in its grace period, when the backup is taken.
  const [request] = await sql<{ id: number }>(
    `insert into private.erasure_requests (organization_id, organization_name, requested_by, approved_by, approved_at, due_at)
     values ($1, $2, gen_random_uuid(), gen_random_uuid(), now(), now() + interval '7 days') returning id`,
    [org.id, org.name],
  );
  requestId = Number(request.id);
  await takeBackup({ dbUrl: config.dbUrl, dataDir: config.dataDir, location });

  // Then the grace period ends (cut short here) and the scheduler's step carries it out.
  await sql('update private.erasure_requests set due_at = now() where id = $1', [requestId]);
  await sql('select public.run_due_erasures(now())');
  const [erased] = await sql<{ erased: boolean }>('select erased_at is not null as erased from public.organizations where id = $1', [org.id]);
  expect(erased.erased).toBe(true);

  // The restore: a fresh database from the migrations, the backup loaded into it.
  live = new pg.Client({ connectionString: config.dbUrl });
  await live.connect();
  await live.query(`create database ${database} template template0 encoding 'UTF8'`);
  restored = new pg.Client({ connectionString: withDatabase(config.dbUrl, database) });
  await restored.connect();
  const dir = join(config.dataDir, location);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  expect(await loadBackup(restored, { rootDir: ROOT_DIR, dir, manifest, log: () => undefined, dbUrl: withDatabase(config.dbUrl, database) })).toEqual([]);
}, 240_000);

afterAll(async () => {
  await restored?.end().catch(() => undefined);
  await live?.query(`drop database if exists ${database} with (force)`);
  await live?.end();
  await rm(join(config.dataDir, location), { recursive: true, force: true });
});

describe('the restored database', () => {
  it('has every index the live one has, those of the loaded tables built again after the rows, with their comments', async () => {
    const indexes = `select n.nspname || '.' || c.relname as name, pg_catalog.pg_get_indexdef(i.indexrelid) as definition,
                            pg_catalog.obj_description(i.indexrelid, 'pg_class') as comment, i.indisvalid as valid
                       from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indexrelid
                       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
                      where n.nspname in ('public', 'private', 'auth', 'storage') order by 1`;
    const [before, after] = await Promise.all([live.query(indexes), restored.query(indexes)]);
    expect(after.rows.length).toBeGreaterThan(100);
    expect(after.rows).toEqual(before.rows);
    // The audit trail (rows in every backup) had its filters' indexes dropped and built again: still commented.
    expect(after.rows.find((r: { name: string }) => r.name === 'public.network_activity_actor_order_key')).toMatchObject({
      valid: true,
      comment: 'admin_network_activity filtered by actor. Unique by construction.',
    });
  });
});

describe('replaying the live erasure ledger after a restore', () => {
  it('the restored database holds the organisation again, and its own ledger does not know the erasure', async () => {
    expect(await counts(restored, org.id)).toMatchObject({ 'public.conversations': 1, 'public.organization_members': 2 });
    const { rows: ledger } = await restored.query('select 1 from private.erasure_ledger where organization_id = $1', [org.id]);
    expect(ledger).toEqual([]);
    // Replaying only what was restored leaves it there: the gap the live ledger closes.
    await restored.query('select private.replay_erasure_ledger()');
    expect((await counts(restored, org.id))['public.conversations']).toBe(1);
  });

  it('the runbook\'s step, run as written, erases it again, keeping the tombstone and the issued invoice', async () => {
    // The shell blocks of docs/runbook-restore.md that handle the ledger, in order.
    const runbook = await readFile(join(ROOT_DIR, 'docs/runbook-restore.md'), 'utf8');
    const steps = [...runbook.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).filter((block) => block.includes('erasure-ledger.json'));
    expect(steps).toHaveLength(2);
    const workDir = await mkdtemp(join(tmpdir(), 'ledger-runbook-'));
    try {
      const env = { ...process.env, LIVE_DB_URL: config.dbUrl, RESTORED_DB_URL: withDatabase(config.dbUrl, database) };
      const printed = steps.map((step) => execFileSync('sh', ['-e', '-c', step], { cwd: workDir, env, encoding: 'utf8' }));
      // psql's table: the header, a rule, then "carried | replayed".
      const [carried, replayed] = printed[1].split('\n')[2].split('|').map((cell) => Number(cell.trim()));
      expect(carried).toBeGreaterThanOrEqual(1);
      expect(replayed).toBeGreaterThanOrEqual(1);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }

    expect(await counts(restored, org.id)).toEqual({});
    const { rows: accounts } = await restored.query('select id from auth.users where id = any($1)', [[org.admin.id, org.member.id]]);
    expect(accounts).toEqual([]);
    const { rows: tombstone } = await restored.query<{ erased: boolean; contact_email: string | null; description: string }>(
      'select erased_at is not null as erased, contact_email, description from public.organizations where id = $1',
      [org.id],
    );
    expect(tombstone).toEqual([{ erased: true, contact_email: null, description: expect.stringMatching(/^Removed on /) }]);
    const { rows: invoices } = await restored.query<{ id: string; status: string }>('select id, status from public.invoices where organization_id = $1', [org.id]);
    expect(invoices).toEqual([{ id: org.issuedInvoiceId, status: 'issued' }]);
    // The request the backup shows as waiting is carried out, so the scheduler does not take it up again.
    const { rows: request } = await restored.query<{ executed: boolean }>('select executed_at is not null as executed from private.erasure_requests where id = $1', [requestId]);
    expect(request).toEqual([{ executed: true }]);
    // The stored files that came back are the sweep's (erased_organisation_files now names them).
    const { rows: files } = await restored.query<{ bucket_id: string }>('select bucket_id from public.erased_organisation_files() where name like $1', [`${org.id}/%`]);
    expect(files.map((f) => f.bucket_id).sort()).toEqual(['application_documents', 'brand_assets', 'conversation_attachments']);
  });

  it('is idempotent, keeps the live ids, and refuses a ledger that diverged', async () => {
    expect(await carryOverErasureLedger(live, restored)).toEqual({ carried: 0, replayed: 0 });
    const liveIds = (await sql<{ id: string }>('select id::text from private.erasure_ledger order by id')).map((r) => r.id);
    const { rows } = await restored.query<{ id: string }>('select id::text from private.erasure_ledger order by id');
    expect(rows.map((r) => r.id)).toEqual(liveIds);
    // The next erasure in the restored database takes a new id.
    const { rows: next } = await restored.query<{ n: string }>(`select nextval(pg_get_serial_sequence('private.erasure_ledger', 'id'))::text as n`);
    expect(Number(next[0].n)).toBeGreaterThan(Number(liveIds.at(-1)));

    const [entry] = (await sql<{ e: { id: number }[] }>('select private.erasure_ledger_entries() as e'))[0].e.slice(-1);
    const forged = [{ ...entry, organization_id: '00000000-0000-4000-8000-000000000000' }];
    await expect(restored.query('select * from private.carry_over_erasure_ledger($1::jsonb)', [JSON.stringify(forged)])).rejects.toThrow(/erasure_ledger_diverged/);
    await expect(restored.query(`select * from private.carry_over_erasure_ledger('{}'::jsonb)`)).rejects.toThrow(/ledger_entries_not_an_array/);
  });

  it('the functions are the database owner’s alone', async () => {
    const rows = await sql<{ fn: string; api: boolean }>(
      `select p::text as fn, (has_function_privilege('anon', p, 'execute') or has_function_privilege('authenticated', p, 'execute')
              or has_function_privilege('service_role', p, 'execute')) as api
         from unnest(array['private.erasure_ledger_entries()'::regprocedure, 'private.carry_over_erasure_ledger(jsonb)'::regprocedure]) p`,
    );
    expect(rows).toEqual([
      { fn: 'private.erasure_ledger_entries()', api: false },
      { fn: 'private.carry_over_erasure_ledger(jsonb)', api: false },
    ]);
  });
});
