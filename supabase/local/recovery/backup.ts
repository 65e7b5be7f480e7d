import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A logical backup taken by the stack in Node (decision 077): the embedded
 * Postgres 17 ships no pg_dump, and Debian's clients (15) cannot dump a 17
 * server. One REPEATABLE READ, read-only transaction sees one snapshot; in it
 * every table of the app's schemas is streamed with `COPY … TO STDOUT` (text
 * format, one row per line) into its own file, hashed with SHA-256 on the way;
 * the sequences' positions are read; and the stored files the snapshot's
 * storage.objects name are copied beside them with their hashes. A manifest
 * lists it all; its own SHA-256 is the backup's checksum, kept in the database.
 *
 * The schema is not in the backup: a restore applies supabase/migrations (the
 * one source of the schema) to a fresh database and copies the rows in.
 */

/** Whose rows are backed up: the app's (public, private) and the platform's it relies on (auth, storage). */
export const BACKUP_SCHEMAS = ['public', 'private', 'auth', 'storage'] as const;

export const MANIFEST_FORMAT = 'accord-backup/1';

export interface TableEntry {
  schema: string;
  name: string;
  /** The columns copied, in order (generated columns are left out: a restore computes them). */
  columns: string[];
  file: string;
  rows: number;
  bytes: number;
  sha256: string;
}

export interface SequenceEntry {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface FileEntry {
  bucket: string;
  name: string;
  file: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  takenAt: string;
  serverVersion: string;
  /** The migrations the database had: a restore needs the schema at these. */
  migrations: string[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
  files: FileEntry[];
}

export interface BackupResult {
  /** The backup's folder, relative to the data directory. */
  location: string;
  /** SHA-256 of manifest.json. */
  checksum: string;
  sizeBytes: number;
  tableCount: number;
  rowCount: number;
  fileCount: number;
  durationMs: number;
  timings: Timings;
}

/**
 * Where a backup's or a drill's time went (the bench prints it): wall-clock
 * milliseconds per phase in the order they ran, and per table (or index)
 * within the phases that work table by table.
 */
export interface Timings {
  phases: Record<string, number>;
  detail: Record<string, number>;
}

export const newTimings = (): Timings => ({ phases: {}, detail: {} });

/** Runs `work`, adding its wall-clock time to `into[name]`. */
export async function timed<T>(into: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    into[name] = (into[name] ?? 0) + Math.round(performance.now() - started);
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** The session settings every COPY runs under, so the same rows always print the same bytes. */
export const COPY_SETTINGS =
  "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1; set bytea_output = 'hex'; set synchronize_seqscans = off";

/** A file under `root`, refusing any name that would leave it. */
export function inside(root: string, ...parts: string[]): string {
  const file = resolve(root, ...parts);
  const rel = relative(root, file);
  if (!rel || rel.startsWith('..') || rel.split(sep).includes('..')) throw new Error(`Refusing a path outside ${root}: ${parts.join('/')}`);
  return file;
}

/** Counts newlines: in COPY's text format a row is one line (newlines inside values are escaped). */
export function countLines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n += 1;
  return n;
}

/** Passes chunks through while hashing and counting them. */
export function tally() {
  const hash = createHash('sha256');
  const totals = { rows: 0, bytes: 0, sha256: '' };
  async function* pass(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      totals.rows += countLines(chunk);
      totals.bytes += chunk.length;
      yield chunk;
    }
    totals.sha256 = hash.digest('hex');
  }
  return { pass, totals };
}

export interface TableColumns {
  schema: string;
  name: string;
  columns: string[];
}

/** The ordinary tables of the backed-up schemas with their copied columns, in a stable order. */
export async function listTables(client: pg.Client): Promise<TableColumns[]> {
  const { rows } = await client.query<TableColumns>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind = 'r' and n.nspname = any($1)
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

export function copyColumns(t: TableColumns): string {
  return `${qualified(t.schema, t.name)} (${t.columns.map(quoteIdent).join(', ')})`;
}

/** Streams one table's COPY output through `sink` (a file or a hash), returning its rows, bytes and hash. */
export async function copyTableOut(client: pg.Client, t: TableColumns, sink: NodeJS.WritableStream) {
  const { pass, totals } = tally();
  await pipeline(client.query(copyTo(`copy ${copyColumns(t)} to stdout`)), pass, sink);
  return totals;
}

async function copyFileHashing(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  const { pass, totals } = tally();
  await pipeline(createReadStream(from), pass, createWriteStream(to));
  return totals;
}

/** Connections used at once by a backup and by a drill: one per core of the 2-core machine this is measured on. */
export const RECOVERY_WORKERS = 2;

/** A connection whose failure rejects the query in hand rather than ending the process (an unheard 'error' event would). */
export async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  // A drill replays every migration and copies every table into a database
  // it then drops: thousands of distinct statements that would fill
  // pg_stat_statements (5,000 entries), push the app's own out of
  // /admin/database's Query performance and make reading it slow. Not counted
  // where the role may say so (a superuser, as here); elsewhere left as is.
  await client.query("set pg_stat_statements.track = 'none'").catch(() => undefined);
  return client;
}

/** One piece of a backup's or a drill's work, for whichever connection is free. */
export interface Task {
  /** Larger first: the largest bounds the whole. */
  size: number;
  /** A task that must have finished before this one starts. */
  after?: Task;
  run: (client: pg.Client) => Promise<void>;
  done?: boolean;
}

/**
 * Runs every task on the first free client, the largest task that can start
 * first. After a failure no client starts another task; the first failure
 * is thrown once every client has stopped.
 */
export async function runOnClients(clients: pg.Client[], tasks: Task[]): Promise<void> {
  const pending = [...tasks];
  let failed = false;
  let wake = () => undefined as void;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const results = await Promise.allSettled(
    clients.map(async (client) => {
      while (!failed && pending.length > 0) {
        let next: Task | undefined;
        for (const t of pending) if ((!t.after || t.after.done) && (!next || t.size > next.size)) next = t;
        if (!next) {
          // Everything left waits for a task another client is running.
          await changed;
          continue;
        }
        pending.splice(pending.indexOf(next), 1);
        try {
          await next.run(client);
          next.done = true;
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          const woken = wake;
          changed = new Promise<void>((resolve) => (wake = resolve));
          woken();
        }
      }
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

export async function takeBackup({
  dbUrl,
  dataDir,
  location,
  workers = RECOVERY_WORKERS,
}: {
  dbUrl: string;
  dataDir: string;
  location: string;
  workers?: number;
}): Promise<BackupResult> {
  const started = Date.now();
  const timings = newTimings();
  const dir = inside(dataDir, location);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'tables'), { recursive: true });
  const client = await connect(dbUrl);
  const helpers: pg.Client[] = [];
  try {
    await client.query(COPY_SETTINGS);
    await client.query('begin isolation level repeatable read read only');
    // The other connections see this transaction's snapshot, as pg_dump -j's
    // workers do: the backup is of one moment however many copy it.
    const { rows: exported } = await client.query<{ id: string }>('select pg_catalog.pg_export_snapshot() as id');
    for (let i = 1; i < workers; i += 1) {
      const helper = await connect(dbUrl);
      helpers.push(helper);
      await helper.query(COPY_SETTINGS);
      await helper.query('begin isolation level repeatable read read only');
      await helper.query(`set transaction snapshot ${client.escapeLiteral(exported[0].id)}`);
    }
    const tables = await listTables(client);
    const { rows: sizes } = await client.query<{ name: string; bytes: string }>(
      `select n.nspname || '.' || c.relname as name, pg_catalog.pg_relation_size(c.oid)::text as bytes
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = any($1)`,
      [BACKUP_SCHEMAS],
    );
    const size = new Map(sizes.map((r) => [r.name, Number(r.bytes)]));
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      takenAt: new Date().toISOString(),
      serverVersion: (await client.query<{ v: string }>('show server_version')).rows[0].v,
      migrations: (
        await client.query<{ version: string }>(
          `select version from supabase_migrations.schema_migrations order by version`,
        )
      ).rows.map((r) => r.version),
      tables: [],
      sequences: [],
      files: [],
    };
    timings.phases['snapshot and catalog'] = Date.now() - started;
    // The manifest lists the tables in the catalog's order whichever finishes first.
    const entries: TableEntry[] = new Array<TableEntry>(tables.length);
    const numbered = tables.map((t, i) => ({ t, i, file: `tables/${String(i).padStart(4, '0')}-${t.schema}.${t.name}.copy` }));
    await timed(timings.phases, 'tables', () =>
      runOnClients(
        [client, ...helpers],
        numbered.map(({ t, i, file }) => ({
          size: size.get(`${t.schema}.${t.name}`) ?? 0,
          run: async (c) => {
            const totals = await timed(timings.detail, `copy out ${t.schema}.${t.name}`, () => copyTableOut(c, t, createWriteStream(join(dir, file))));
            entries[i] = { ...t, file, rows: totals.rows, bytes: totals.bytes, sha256: totals.sha256 };
          },
        })),
      ),
    );
    manifest.tables = entries;
    for (const helper of helpers) await helper.query('commit');
    // Sequences are not transactional; read inside the snapshot they are at least
    // as far as the rows copied, which is all a restore needs.
    manifest.sequences = (
      await client.query<SequenceEntry>(
        `select schemaname as schema, sequencename as name, coalesce(last_value, 1)::text as "lastValue",
                last_value is not null as "isCalled"
           from pg_catalog.pg_sequences where schemaname = any($1) order by 1, 2`,
        [BACKUP_SCHEMAS],
      )
    ).rows;
    // The files the snapshot's rows refer to; one missing on disk fails the backup.
    const objects = (
      await client.query<{ bucket: string; name: string }>(
        'select bucket_id as bucket, name from storage.objects order by bucket_id, name',
      )
    ).rows;
    await client.query('commit');
    const storageRoot = resolve(dataDir, 'storage');
    await timed(timings.phases, 'files', async () => {
      for (const o of objects) {
        const file = `objects/${o.bucket}/${o.name}`;
        const totals = await copyFileHashing(inside(storageRoot, o.bucket, o.name), inside(dir, file)).catch((error: NodeJS.ErrnoException) => {
          throw new Error(`The stored file ${o.bucket}/${o.name} could not be copied: ${error.code ?? error.message}`);
        });
        manifest.files.push({ bucket: o.bucket, name: o.name, file, bytes: totals.bytes, sha256: totals.sha256 });
      }
    });
    const manifestText = `${JSON.stringify(manifest, null, 1)}\n`;
    const checksum = createHash('sha256').update(manifestText).digest('hex');
    await writeFile(join(dir, 'manifest.json'), manifestText);
    await writeFile(join(dir, 'manifest.json.sha256'), `${checksum}  manifest.json\n`);
    const sizeBytes =
      Buffer.byteLength(manifestText) +
      manifest.tables.reduce((n, t) => n + t.bytes, 0) +
      manifest.files.reduce((n, f) => n + f.bytes, 0);
    return {
      location,
      checksum,
      sizeBytes,
      tableCount: manifest.tables.length,
      rowCount: manifest.tables.reduce((n, t) => n + t.rows, 0),
      fileCount: manifest.files.length,
      durationMs: Date.now() - started,
      timings,
    };
  } catch (error) {
    for (const c of [client, ...helpers]) await c.query('rollback').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    for (const c of [client, ...helpers]) await c.end().catch(() => undefined);
  }
}
