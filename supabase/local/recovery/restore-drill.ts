import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureCodeAttemptsTable } from '../auth/code-attempts.ts';
import { ensureTotpGuardTables } from '../auth/totp-guards.ts';
import { buildSchema } from '../postgres.ts';
import {
  COPY_SETTINGS,
  MANIFEST_FORMAT,
  copyColumns,
  copyTableOut,
  inside,
  qualified,
  newTimings,
  tally,
  timed,
  type Manifest,
  type Timings,
} from './backup.ts';

/**
 * The restore drill (decision 077): the backup at `location` is restored into
 * a fresh database on the same cluster, built as any local database is (the
 * platform bootstrap, then supabase/migrations), its rows copied in with
 * triggers off (session_replication_role = replica, as pg_restore's
 * --disable-triggers) and its sequences set; then every table is read back and
 * compared with the manifest by row count and SHA-256, and every stored file
 * is restored to a scratch folder and compared by hash. Only then, as after
 * any restore, the live database's erasure ledger is carried over and
 * replayed, so a restored backup never brings erased data back. The scratch database and
 * folder are removed afterwards.
 */

export interface Mismatch {
  kind: 'manifest' | 'table' | 'file' | 'sequence' | 'schema';
  subject: string;
  expected: string;
  actual: string;
}

export interface DrillResult {
  tablesCompared: number;
  rowsCompared: number;
  filesCompared: number;
  mismatches: Mismatch[];
  erasureReplayed: boolean;
  durationMs: number;
  timings: Timings;
}

export interface DrillOptions {
  /** The cluster's superuser connection to the live database (the fresh one is created beside it). */
  dbUrl: string;
  rootDir: string;
  dataDir: string;
  location: string;
  /** The manifest's SHA-256 as recorded when the backup was taken. */
  checksum: string;
  /** The fresh database's name; it must not exist yet. */
  database: string;
  log?: (message: string) => void;
}

export function withDatabase(dbUrl: string, database: string): string {
  const url = new URL(dbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A sink that only hashes (the restored table's rows are compared, not kept). */
const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

/**
 * Builds the schema in `client`'s fresh, empty database as any local database
 * is built (the platform bootstrap, then supabase/migrations) and loads the
 * backup at `dir` into it in one transaction, triggers and foreign-key checks
 * off, sequences set. Returns the backup's migrations this build lacks.
 */
export async function loadBackup(
  client: pg.Client,
  {
    rootDir,
    dir,
    manifest,
    log,
    timings = newTimings(),
  }: { rootDir: string; dir: string; manifest: Manifest; log: (message: string) => void; timings?: Timings },
): Promise<string[]> {
  await timed(timings.phases, 'schema (bootstrap, migrations)', async () => {
    await buildSchema(client, rootDir, { created: true, log });
    // The auth stand-in creates these when it starts, as GoTrue migrates its own tables.
    await ensureCodeAttemptsTable(client);
    await ensureTotpGuardTables(client);
  });
  const migrations = (
    await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
  ).rows.map((r) => r.version);

  // The rows: in one transaction, triggers and foreign-key checks off, over
  // whatever the migrations themselves inserted.
  await client.query(COPY_SETTINGS);
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(`truncate ${manifest.tables.map((t) => qualified(t.schema, t.name)).join(', ')} cascade`);
  await timed(timings.phases, 'copy in', async () => {
    for (const t of manifest.tables) {
      await timed(timings.detail, `copy in ${t.schema}.${t.name}`, () =>
        pipeline(createReadStream(join(dir, t.file)), client.query(copyFrom(`copy ${copyColumns(t)} from stdin`))),
      );
    }
  });
  for (const s of manifest.sequences) {
    await client.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [qualified(s.schema, s.name), s.lastValue, s.isCalled]);
  }
  await timed(timings.phases, 'commit', () => client.query('commit'));
  return manifest.migrations.filter((v) => !migrations.includes(v));
}

/**
 * docs/runbook-restore.md step 4 as code: the live database's erasure ledger
 * carried into the restored one and replayed (decision 076). Returns false
 * when the restored schema predates the ledger.
 */
export async function carryOverErasureLedger(live: pg.Client, restored: pg.Client): Promise<{ carried: number; replayed: number } | false> {
  const { rows: found } = await restored.query<{ fn: string | null }>(
    `select to_regprocedure('private.carry_over_erasure_ledger(jsonb)')::text as fn`,
  );
  if (found[0]?.fn == null) return false;
  const { rows: ledger } = await live.query<{ entries: unknown[] }>('select private.erasure_ledger_entries() as entries');
  const { rows } = await restored.query<{ carried: number; replayed: number }>(
    'select carried, replayed from private.carry_over_erasure_ledger($1::jsonb)',
    [JSON.stringify(ledger[0].entries)],
  );
  return rows[0];
}

export async function runRestoreDrill(opts: DrillOptions): Promise<DrillResult> {
  const started = Date.now();
  const timings = newTimings();
  const log = opts.log ?? (() => undefined);
  const dir = inside(opts.dataDir, opts.location);
  const mismatches: Mismatch[] = [];
  const result = (rest: Omit<DrillResult, 'mismatches' | 'durationMs' | 'timings'>): DrillResult => ({
    ...rest,
    mismatches,
    durationMs: Date.now() - started,
    timings,
  });

  const manifestText = await readFile(join(dir, 'manifest.json'), 'utf8');
  const actualChecksum = createHash('sha256').update(manifestText).digest('hex');
  if (actualChecksum !== opts.checksum) {
    // A manifest that is not the one recorded says nothing reliable about the rest.
    mismatches.push({ kind: 'manifest', subject: 'manifest.json', expected: opts.checksum, actual: actualChecksum });
    return result({ tablesCompared: 0, rowsCompared: 0, filesCompared: 0, erasureReplayed: false });
  }
  const manifest = JSON.parse(manifestText) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`Unknown backup format ${String(manifest.format)}`);

  const database = opts.database;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`Invalid drill database name ${database}`);
  const admin = new pg.Client({ connectionString: opts.dbUrl });
  // Postgres going away fails the query in hand; unheard, the client's 'error' event would end the process.
  admin.on('error', () => undefined);
  await admin.connect();
  const scratch = inside(opts.dataDir, 'restore-drills', database);
  try {
    await timed(timings.phases, 'create database', async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database} template template0 encoding 'UTF8'`);
    });
    const client = new pg.Client({ connectionString: withDatabase(opts.dbUrl, database) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const missing = await loadBackup(client, { rootDir: opts.rootDir, dir, manifest, log, timings });
      if (missing.length > 0) {
        mismatches.push({ kind: 'schema', subject: 'supabase/migrations', expected: manifest.migrations.at(-1) ?? '', actual: `missing ${missing.join(', ')}` });
      }

      // Read back: a fresh heap filled by one COPY returns its rows in the
      // order they were copied, so equal rows print equal bytes.
      let rowsCompared = 0;
      const readBackStarted = Date.now();
      for (const t of manifest.tables) {
        const totals = await timed(timings.detail, `read back ${t.schema}.${t.name}`, () => copyTableOut(client, t, discard()));
        rowsCompared += totals.rows;
        if (totals.rows !== t.rows || totals.sha256 !== t.sha256) {
          mismatches.push({
            kind: 'table',
            subject: `${t.schema}.${t.name}`,
            expected: `${t.rows} rows, sha256 ${t.sha256}`,
            actual: `${totals.rows} rows, sha256 ${totals.sha256}`,
          });
        }
      }
      timings.phases['read back'] = Date.now() - readBackStarted;
      for (const s of manifest.sequences) {
        const { rows } = await client.query<{ v: string | null }>(
          'select last_value::text as v from pg_catalog.pg_sequences where schemaname = $1 and sequencename = $2',
          [s.schema, s.name],
        );
        const actual = rows[0]?.v ?? null;
        if ((s.isCalled ? s.lastValue : null) !== actual) {
          mismatches.push({ kind: 'sequence', subject: `${s.schema}.${s.name}`, expected: s.isCalled ? s.lastValue : 'not called', actual: actual ?? 'not called' });
        }
      }

      // The files: restored to a scratch folder, hashed as written back from there.
      const filesStarted = Date.now();
      const restored = new Set(
        (await client.query<{ key: string }>(`select bucket_id || '/' || name as key from storage.objects`)).rows.map((r) => r.key),
      );
      for (const f of manifest.files) {
        const target = inside(scratch, f.bucket, f.name);
        await mkdir(dirname(target), { recursive: true });
        await pipeline(createReadStream(join(dir, f.file)), createWriteStream(target));
        const { pass, totals } = tally();
        await pipeline(createReadStream(target), pass, discard());
        if (totals.sha256 !== f.sha256 || totals.bytes !== f.bytes) {
          mismatches.push({ kind: 'file', subject: `${f.bucket}/${f.name}`, expected: `${f.bytes} bytes, sha256 ${f.sha256}`, actual: `${totals.bytes} bytes, sha256 ${totals.sha256}` });
        }
        if (!restored.delete(`${f.bucket}/${f.name}`)) {
          mismatches.push({ kind: 'file', subject: `${f.bucket}/${f.name}`, expected: 'a row in storage.objects', actual: 'no row' });
        }
      }
      for (const key of restored) mismatches.push({ kind: 'file', subject: key, expected: 'a file in the backup', actual: 'no file' });
      timings.phases.files = Date.now() - filesStarted;

      // After any restore: erasures done since the backup are done again, from
      // the live database's ledger (the restored one is as old as the backup).
      const erasureReplayed = (await timed(timings.phases, 'erasure ledger', () => carryOverErasureLedger(admin, client))) !== false;

      return result({ tablesCompared: manifest.tables.length, rowsCompared, filesCompared: manifest.files.length, erasureReplayed });
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    await timed(timings.phases, 'drop database', async () => {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    });
  }
}
