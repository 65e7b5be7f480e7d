import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startPostgres } from '../supabase/local/postgres.ts';
import { takeBackup, type Timings } from '../supabase/local/recovery/backup.ts';
import { runRestoreDrill } from '../supabase/local/recovery/restore-drill.ts';

/**
 * `npm run bench -- --recovery`: a backup and a restore drill (decision 077)
 * of a database holding at least 5 million rows, on a throwaway Postgres
 * beside the test profile's (.data/test[-offset]-recovery, removed after):
 * the seed, then audit entries and advisor findings generated in SQL, and
 * RECOVERY_FILES stored files of 64 KB. Timed as the runner does them, one
 * after the other. Goals: backup plus drill ≤ 90 s, every table and file
 * equal. `--rows N` loads N rows
 * instead (four fifths audit entries, one fifth findings) for a machine
 * where 5 million do not load in the time there is; the run then says it is
 * below the goal's size and fails.
 */
const GOAL_ROWS = 5_000_000;
const RECOVERY_FILES = 200;
const GOAL_MS = 90_000;

export const RECOVERY_TITLE = `Recovery: a backup and a restore drill of at least ${GOAL_ROWS.toLocaleString('en-GB')} rows and ${RECOVERY_FILES} stored files (a throwaway Postgres)`;

interface RecoverySizes {
  activity: number;
  extra: number;
}

/** `--rows N` (default 5 million): four fifths audit entries, one fifth advisor findings (whole runs of 1,000). */
export function recoverySizes(argv: string[]): RecoverySizes {
  const i = argv.indexOf('--rows');
  const total = i < 0 ? GOAL_ROWS : Number(argv[i + 1]);
  if (!Number.isInteger(total) || total < 5_000) throw new Error(`--rows needs a whole number of at least 5000 (got "${argv[i + 1]}")`);
  const extra = Math.floor(total / 5 / 1000) * 1000;
  return { activity: total - extra, extra };
}

async function load(db: pg.Client, dataDir: string, sizes: RecoverySizes): Promise<void> {
  // Audit entries as the back office writes them: actions, actors, organisations and details spread out.
  await db.query(
    `insert into public.network_activity (occurred_at, actor_id, action, organization_id, details)
     select now() - make_interval(secs => g), extensions.gen_random_uuid(),
            (array['application.submitted', 'organization.updated', 'invoice.issued', 'conversation.started'])[1 + g % 4],
            extensions.gen_random_uuid(), jsonb_build_object('n', g, 'note', md5(g::text))
       from generate_series(1, $1) g`,
    [sizes.activity],
  );
  // A second large table of another shape (private, no organisation): the advisors' findings of many runs.
  await db.query(
    `with runs as (
       insert into private.database_advisor_runs (status, finished_at)
       select 'done', now() from generate_series(1, $1 / 1000) returning id)
     insert into private.database_advisor_findings (run_id, cache_key, name, title, level, categories, detail, remediation)
     select r.id, 'lint_' || f, 'unused_index', 'Unused Index', 'INFO', '{PERFORMANCE}', repeat('x', 40) || f, null
       from runs r cross join generate_series(1, 1000) f`,
    [sizes.extra],
  );
  const { rows: buckets } = await db.query<{ id: string }>('select id from storage.buckets order by id limit 1');
  // The seed's objects have no bytes without the Storage stand-in; give every object a file.
  await db.query(
    `insert into storage.objects (bucket_id, name, metadata)
     select $1, 'bench/recovery-' || g || '.bin', '{}'::jsonb from generate_series(1, $2) g`,
    [buckets[0].id, RECOVERY_FILES],
  );
  const { rows: objects } = await db.query<{ bucket_id: string; name: string }>('select bucket_id, name from storage.objects');
  for (const o of objects) {
    const file = join(dataDir, 'storage', o.bucket_id, o.name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(64 * 1024));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Each phase's time, then the slowest tables (or indexes) within them. */
function printTimings(t: Timings): void {
  console.log(`           ${Object.entries(t.phases).map(([name, ms]) => `${name} ${seconds(ms)}`).join(' · ')}`);
  const slowest = Object.entries(t.detail).sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(`           slowest: ${slowest.map(([name, ms]) => `${name} ${seconds(ms)}`).join(' · ')}`);
}

export async function recoveryBench(sizes: RecoverySizes = recoverySizes([])): Promise<boolean> {
  const base = stackConfig('test');
  const dataDir = `${base.dataDir}-recovery`;
  rmSync(dataDir, { recursive: true, force: true });
  const config: StackConfig = { ...base, dataDir, pgDataDir: join(dataDir, 'postgres') };
  const pgServer = await startPostgres(config, { fresh: true });
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    const t0 = performance.now();
    await load(db, dataDir, sizes);
    const [{ rows }] = (
      await db.query<{ rows: string }>(
        `select sum(n_live_tup)::bigint::text as rows from pg_stat_user_tables`,
      )
    ).rows;
    console.log(`  loaded about ${Number(rows).toLocaleString('en-GB')} rows in ${seconds(performance.now() - t0)}`);

    const backup = await takeBackup({ dbUrl: config.dbUrl, dataDir, location: 'backups/bench' });
    console.log(
      `  backup   ${seconds(backup.durationMs)}  ${backup.rowCount.toLocaleString('en-GB')} rows in ${backup.tableCount} tables, ${backup.fileCount} files, ${(backup.sizeBytes / 1024 / 1024).toFixed(0)} MB`,
    );
    printTimings(backup.timings);
    const drill = await runRestoreDrill({
      dbUrl: config.dbUrl,
      rootDir: config.rootDir,
      dataDir,
      location: backup.location,
      checksum: backup.checksum,
      database: 'bench_restore_drill',
    });
    const total = backup.durationMs + drill.durationMs;
    const equal = drill.mismatches.length === 0 && drill.tablesCompared === backup.tableCount && drill.filesCompared === backup.fileCount;
    const enough = backup.rowCount >= GOAL_ROWS;
    if (!enough) console.log(`  ${backup.rowCount.toLocaleString('en-GB')} rows is below the goal's ${GOAL_ROWS.toLocaleString('en-GB')} (--rows): not a pass at any speed`);
    console.log(
      `  drill    ${seconds(drill.durationMs)}  ${drill.tablesCompared} tables (${drill.rowsCompared.toLocaleString('en-GB')} rows) and ${drill.filesCompared} files compared, ${drill.mismatches.length} differing`,
    );
    printTimings(drill.timings);
    for (const m of drill.mismatches) console.log(`    ${m.kind} ${m.subject}: expected ${m.expected}, found ${m.actual}`);
    console.log(`  backup + drill ${seconds(total)}  goal ≤ ${GOAL_MS / 1000} s, every table equal  ${total <= GOAL_MS && equal && enough ? 'ok' : 'MISSED'}`);
    return total <= GOAL_MS && equal && enough;
  } finally {
    await db.end();
    await pgServer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
