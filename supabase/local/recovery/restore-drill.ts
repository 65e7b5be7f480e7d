import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureCodeAttemptsTable } from '../auth/code-attempts.ts';
import { ensureTotpGuardTables } from '../auth/totp-guards.ts';
import { buildSchema } from '../postgres.ts';
import {
  COPY_SETTINGS,
  MANIFEST_FORMAT,
  RECOVERY_WORKERS,
  connect,
  copyColumns,
  runOnClients,
  copyTableOut,
  inside,
  qualified,
  newTimings,
  tally,
  timed,
  type Manifest,
  type TableEntry,
  type Task,
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
  /** Connections loading and reading back at once (RECOVERY_WORKERS). */
  workers?: number;
  log?: (message: string) => void;
}

export function withDatabase(dbUrl: string, database: string): string {
  const url = new URL(dbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A sink that only hashes (the restored table's rows are compared, not kept). */
const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

/** Per connection building indexes after the load (there are RECOVERY_WORKERS of them). */
const INDEX_BUILD_MEMORY = '256MB';

/** A secondary index of a loaded table: dropped before its rows are copied in and built again after, as pg_restore does. */
interface DeferredIndex {
  /** Schema-qualified, quoted. */
  name: string;
  table: string;
  definition: string;
  comment: string | null;
}

/**
 * The indexes of `tables` that can be dropped and built again from their
 * definition alone: valid, not behind a constraint (primary keys, uniques,
 * exclusions, and the unique indexes foreign keys lean on stay), not a
 * partition's, not the replica identity or the clustered one, without a
 * column statistics target. Their comments are kept to put back.
 */
async function deferrableIndexes(client: pg.Client, tables: string[]): Promise<DeferredIndex[]> {
  const { rows } = await client.query<DeferredIndex>(
    `select format('%I.%I', n.nspname, ic.relname) as name, n.nspname || '.' || c.relname as "table",
            pg_catalog.pg_get_indexdef(i.indexrelid) as definition,
            pg_catalog.obj_description(i.indexrelid, 'pg_class') as comment
       from pg_catalog.pg_index i
       join pg_catalog.pg_class ic on ic.oid = i.indexrelid
       join pg_catalog.pg_class c on c.oid = i.indrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where i.indrelid in (select pg_catalog.to_regclass(t) from unnest($1::text[]) t)
        and i.indisvalid and not i.indisreplident and not i.indisclustered and not ic.relispartition
        and not exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid)
        and not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = i.indexrelid and coalesce(a.attstattarget, -1) >= 0)
      order by 2, 1`,
    [tables],
  );
  return rows;
}

/** Tables joined by foreign keys, loaded together: one truncate must empty all of them. */
interface LoadGroup {
  /** Every table of the group, the backup's and any other referencing them, quoted. */
  truncate: string[];
  /** The group's tables with rows in the backup, in the manifest's order. */
  tables: TableEntry[];
  /** All the group's backed-up tables, and their names as `schema.name`. */
  all: TableEntry[];
  members: Set<string>;
  bytes: number;
}

/**
 * The backed-up tables grouped by the foreign keys between them (and any
 * other table's referencing them): TRUNCATE refuses to empty a referenced
 * table without its referencing ones, so each group is emptied and filled in
 * one transaction, on one connection.
 */
async function foreignKeyGroups(client: pg.Client, manifest: Manifest): Promise<LoadGroup[]> {
  const { rows: edges } = await client.query<{ a_schema: string; a_name: string; b_schema: string; b_name: string }>(
    `select an.nspname as a_schema, a.relname as a_name, bn.nspname as b_schema, b.relname as b_name
       from pg_catalog.pg_constraint k
       join pg_catalog.pg_class a on a.oid = k.conrelid join pg_catalog.pg_namespace an on an.oid = a.relnamespace
       join pg_catalog.pg_class b on b.oid = k.confrelid join pg_catalog.pg_namespace bn on bn.oid = b.relnamespace
      where k.contype = 'f'`,
  );
  const parent = new Map<string, string>();
  const root = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const t of manifest.tables) parent.set(qualified(t.schema, t.name), qualified(t.schema, t.name));
  for (const e of edges) {
    const a = qualified(e.a_schema, e.a_name);
    const b = qualified(e.b_schema, e.b_name);
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(root(a), root(b));
  }
  const groups = new Map<string, LoadGroup>();
  for (const t of manifest.tables) {
    const r = root(qualified(t.schema, t.name));
    const group = groups.get(r) ?? { truncate: [], tables: [], all: [], members: new Set<string>(), bytes: 0 };
    groups.set(r, group);
    if (t.rows > 0) group.tables.push(t);
    group.all.push(t);
    group.members.add(`${t.schema}.${t.name}`);
    group.bytes += t.bytes;
  }
  for (const name of parent.keys()) groups.get(root(name))?.truncate.push(name);
  return [...groups.values()];
}

/** `workers - 1` more connections to `dbUrl`, each with the COPY settings. */
export async function moreConnections(dbUrl: string, workers: number): Promise<pg.Client[]> {
  const helpers: pg.Client[] = [];
  try {
    for (let i = 1; i < workers; i += 1) {
      const helper = await connect(dbUrl);
      helpers.push(helper);
      await helper.query(COPY_SETTINGS);
    }
    return helpers;
  } catch (error) {
    for (const h of helpers) await h.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Builds the schema in `client`'s fresh, empty database as any local database
 * is built (the platform bootstrap, then supabase/migrations) and loads the
 * backup at `dir` into it as pg_restore does: the tables emptied of what the
 * migrations inserted and the loaded tables' secondary indexes dropped, the
 * sequences set, the rows copied in over `workers` connections to `dbUrl`
 * (the same database; the largest tables first, triggers and foreign-key
 * checks off), and as soon as a table's rows are in, its indexes built again
 * from their definitions and comments and `readBack` (the drill's comparison)
 * run for it, on whichever connection is free. Returns the backup's
 * migrations this build lacks.
 *
 * Each table is one COPY, but the load is not one transaction: a load that
 * fails leaves a half-loaded database, to be dropped (the drill's is a
 * scratch database; a restore is made into a new one and used only once it
 * loaded and compared).
 */
export async function loadBackup(
  client: pg.Client,
  {
    rootDir,
    dir,
    manifest,
    log,
    dbUrl,
    workers = RECOVERY_WORKERS,
    timings = newTimings(),
    readBack,
  }: {
    rootDir: string;
    dir: string;
    manifest: Manifest;
    log: (message: string) => void;
    /** `client`'s database, for the other connections. */
    dbUrl: string;
    workers?: number;
    timings?: Timings;
    /** Run for every backed-up table once its rows are committed (its read-back need not wait for indexes). */
    readBack?: (client: pg.Client, table: TableEntry) => Promise<void>;
  },
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

  const loaded = manifest.tables.filter((t) => t.rows > 0);
  const tableBytes = new Map(manifest.tables.map((t) => [`${t.schema}.${t.name}`, t.bytes]));
  const deferred = await timed(timings.phases, 'drop indexes', async () => {
    const found = await deferrableIndexes(client, loaded.map((t) => qualified(t.schema, t.name)));
    await client.query('begin');
    for (const index of found) await client.query(`drop index ${index.name}`);
    await client.query('commit');
    return found;
  });
  const groups = await foreignKeyGroups(client, manifest);

  for (const s of manifest.sequences) {
    await client.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [qualified(s.schema, s.name), s.lastValue, s.isCalled]);
  }

  const helpers = await moreConnections(dbUrl, workers);
  const clients = [client, ...helpers];
  try {
    await client.query(COPY_SETTINGS);
    // Built from sorted rows, as pg_restore builds them; memory enough to sort a large table's keys at once.
    for (const c of clients) await c.query(`set maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
    const tasks: Task[] = [];
    for (const group of groups) {
      const load: Task = {
        size: group.bytes,
        run: async (c) => {
          try {
            // Emptied (of what the migrations inserted) in the transaction that
            // fills them: a table truncated in its own transaction is appended
            // to, never filled into free space left on earlier pages, so it
            // reads back in copy order; and FREEZE spares the read-back setting
            // hint bits on every row. Triggers and foreign-key checks off, as
            // pg_restore --disable-triggers (the erasure ledger refuses a
            // truncate otherwise).
            await c.query('begin');
            await c.query('set local session_replication_role = replica');
            await c.query(`truncate ${group.truncate.join(', ')}`);
            for (const t of group.tables) {
              await timed(timings.detail, `copy in ${t.schema}.${t.name}`, () =>
                pipeline(createReadStream(join(dir, t.file)), c.query(copyFrom(`copy ${copyColumns(t)} from stdin with (freeze)`))),
              );
            }
            await c.query('commit');
          } catch (error) {
            await c.query('rollback').catch(() => undefined);
            throw error;
          }
        },
      };
      tasks.push(load);
      // Once a group is in, its indexes are built and (in a drill) its tables
      // read back at the same time, on whichever connection is free.
      for (const index of deferred.filter((ix) => group.members.has(ix.table))) {
        tasks.push({
          size: tableBytes.get(index.table) ?? 0,
          after: load,
          run: (c) =>
            timed(timings.detail, `index ${index.name}`, async () => {
              await c.query(index.definition);
              if (index.comment != null) await c.query(`comment on index ${index.name} is ${c.escapeLiteral(index.comment)}`);
            }),
        });
      }
      if (readBack) for (const t of group.all) tasks.push({ size: t.bytes, after: load, run: (c) => readBack(c, t) });
    }
    await timed(timings.phases, readBack ? 'copy in, indexes, read back' : 'copy in, indexes', () => runOnClients(clients, tasks));
  } finally {
    await client.query('reset maintenance_work_mem').catch(() => undefined);
    for (const h of helpers) await h.end().catch(() => undefined);
  }
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
  const admin = await connect(opts.dbUrl);
  const workers = opts.workers ?? RECOVERY_WORKERS;
  const scratch = inside(opts.dataDir, 'restore-drills', database);
  try {
    await timed(timings.phases, 'create database', async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database} template template0 encoding 'UTF8'`);
    });
    const restoredUrl = withDatabase(opts.dbUrl, database);
    const client = await connect(restoredUrl);
    try {
      // Read back: a fresh heap filled by one COPY returns its rows in the
      // order they were copied, so equal rows print equal bytes. Each table
      // is read as soon as its load committed, while other tables load and
      // indexes are built.
      const readBack = new Map<TableEntry, { rows: number; sha256: string }>();
      const missing = await loadBackup(client, {
        rootDir: opts.rootDir,
        dir,
        manifest,
        log,
        dbUrl: restoredUrl,
        workers,
        timings,
        readBack: async (c, t) => {
          readBack.set(t, await timed(timings.detail, `read back ${t.schema}.${t.name}`, () => copyTableOut(c, t, discard())));
        },
      });
      if (missing.length > 0) {
        mismatches.push({ kind: 'schema', subject: 'supabase/migrations', expected: manifest.migrations.at(-1) ?? '', actual: `missing ${missing.join(', ')}` });
      }

      let rowsCompared = 0;
      for (const t of manifest.tables) {
        const found = readBack.get(t) ?? { rows: 0, sha256: 'not read back' };
        rowsCompared += found.rows;
        if (found.rows !== t.rows || found.sha256 !== t.sha256) {
          mismatches.push({
            kind: 'table',
            subject: `${t.schema}.${t.name}`,
            expected: `${t.rows} rows, sha256 ${t.sha256}`,
            actual: `${found.rows} rows, sha256 ${found.sha256}`,
          });
        }
      }
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
