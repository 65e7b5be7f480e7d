import type { StackConfig } from './config.ts';
import type { RunningSchedule } from './notification-schedule.ts';
import { startSqlSchedule } from './sql-schedule.ts';

/**
 * The local stand-in for the hosted pg_cron job that snapshots registry
 * lookups every minute (decision 062): the stack runs
 * `private.snapshot_registry_lookups()` itself (sql-schedule.ts). The function
 * takes a row lock, so a test's own snapshot and this one never count the same
 * calls twice.
 */
export const LOOKUP_SNAPSHOT_INTERVAL_MS = 60_000;

export function startLookupSnapshotSchedule(
  config: StackConfig,
  { intervalMs = LOOKUP_SNAPSHOT_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  return startSqlSchedule(config, { statement: 'select private.snapshot_registry_lookups()', label: 'registry lookups', intervalMs, log });
}
