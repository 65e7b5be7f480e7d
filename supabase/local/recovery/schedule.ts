import { rm } from 'node:fs/promises';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { RunningSchedule } from '../notification-schedule.ts';
import { startSqlSchedule } from '../sql-schedule.ts';
import { inside, takeBackup } from './backup.ts';
import { runRestoreDrill } from './restore-drill.ts';

/**
 * The recovery runner (decision 077): every few seconds it asks the database
 * for a backup to take (`private.claim_database_backup()`: one the page asked
 * for, or the nightly one) and then for a restore drill to run
 * (`private.claim_restore_drill()`), does it and records the result. Hosted
 * Supabase takes its own daily backups; the drill there is a scheduled CI job
 * against a scratch project (the decision says how).
 */
export const RECOVERY_POLL_INTERVAL_MS = 5_000;
/** Backups kept on disk; older ones' files are removed (their rows stay). */
export const BACKUPS_KEPT = 7;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Whether a person asked for a backup, or a drill, that has not started. */
async function requested(client: pg.Client): Promise<{ backup: boolean; drill: boolean }> {
  const { rows } = await client.query<{ backup: boolean; drill: boolean }>(
    `select exists (select 1 from private.database_backups where status = 'requested') as backup,
            exists (select 1 from private.database_restore_drills where status = 'requested') as drill`,
  );
  return { backup: rows[0]?.backup ?? false, drill: rows[0]?.drill ?? false };
}

/**
 * One round: a backup if one is due, then a drill if one is due. Without
 * `nightly`, only what a person asked for: the claims would otherwise start
 * the nightly pair on every new database, which for the test stack means a
 * backup and a drill of each run's database that no test asked for.
 */
export async function runRecoveryRound(
  config: Pick<StackConfig, 'dbUrl' | 'dataDir' | 'rootDir'>,
  client: pg.Client,
  log: (m: string) => void,
  { nightly = true }: { nightly?: boolean } = {},
): Promise<void> {
  // Each claim is asked only when a person asked for its kind: a claim with
  // nothing requested starts a nightly one, and a nightly drill started after
  // the backup a person asked for would refuse their "Run drill" as running.
  if (nightly || (await requested(client)).backup) await backUp(config, client, log);
  if (nightly || (await requested(client)).drill) await drill(config, client, log);
}

async function backUp(config: Pick<StackConfig, 'dbUrl' | 'dataDir' | 'rootDir'>, client: pg.Client, log: (m: string) => void): Promise<void> {
  const { rows } = await client.query<{ id: string | null }>('select private.claim_database_backup() as id');
  const backupId = rows[0]?.id;
  if (backupId) {
    const location = `backups/${backupId}`;
    try {
      const r = await takeBackup({ dbUrl: config.dbUrl, dataDir: config.dataDir, location });
      await client.query('select private.record_database_backup($1, $2, null)', [
        backupId,
        { location, checksum: r.checksum, size_bytes: r.sizeBytes, table_count: r.tableCount, row_count: r.rowCount, file_count: r.fileCount, duration_ms: r.durationMs },
      ]);
      const pruned = await client.query<{ location: string }>('select private.prune_database_backups($1) as location', [BACKUPS_KEPT]);
      for (const p of pruned.rows) await rm(inside(config.dataDir, p.location), { recursive: true, force: true });
    } catch (e) {
      log(`[recovery] backup ${backupId} failed: ${message(e)}`);
      await client.query('select private.record_database_backup($1, null, $2)', [backupId, message(e)]);
    }
  }
}

async function drill(config: Pick<StackConfig, 'dbUrl' | 'dataDir' | 'rootDir'>, client: pg.Client, log: (m: string) => void): Promise<void> {
  const claimed = (await client.query<{ d: { drill_id: number; location: string; checksum: string } | null }>('select private.claim_restore_drill() as d')).rows[0]?.d;
  if (!claimed) return;
  try {
    const r = await runRestoreDrill({
      dbUrl: config.dbUrl,
      rootDir: config.rootDir,
      dataDir: config.dataDir,
      location: claimed.location,
      checksum: claimed.checksum,
      database: `accord_restore_drill_${claimed.drill_id}`,
    });
    await client.query('select private.record_restore_drill($1, $2, null)', [
      claimed.drill_id,
      {
        tables_compared: r.tablesCompared,
        rows_compared: r.rowsCompared,
        files_compared: r.filesCompared,
        mismatches: r.mismatches,
        erasure_replayed: r.erasureReplayed,
        duration_ms: r.durationMs,
      },
    ]);
  } catch (e) {
    log(`[recovery] restore drill ${claimed.drill_id} failed: ${message(e)}`);
    await client.query('select private.record_restore_drill($1, null, $2)', [claimed.drill_id, message(e)]);
  }
}

export function startRecoverySchedule(
  config: StackConfig,
  { intervalMs = RECOVERY_POLL_INTERVAL_MS, log, nightly = true }: { intervalMs?: number; log?: (message: string) => void; nightly?: boolean } = {},
): RunningSchedule {
  return startSqlSchedule(config, {
    label: 'recovery',
    intervalMs,
    log,
    statement: (client) => runRecoveryRound(config, client, log ?? (() => undefined), { nightly }),
  });
}
