import pg from 'pg';
import type { StackConfig } from './config.ts';
import type { RunningSchedule } from './notification-schedule.ts';

/**
 * The local stand-in for the hosted pg_cron job that snapshots registry
 * lookups every minute (decision 062). The embedded Postgres has no pg_cron,
 * so the stack runs `private.snapshot_registry_lookups()` itself, as the
 * database owner, as the cron job does. A run starts only after the previous
 * one has finished; the function takes a row lock, so a test's own snapshot
 * and this one never count the same calls twice.
 */
export const LOOKUP_SNAPSHOT_INTERVAL_MS = 60_000;

export function startLookupSnapshotSchedule(
  config: StackConfig,
  { intervalMs = LOOKUP_SNAPSHOT_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    const client = new pg.Client({ connectionString: config.dbUrl });
    try {
      await client.connect();
      await client.query('select private.snapshot_registry_lookups()');
    } catch (error) {
      if (!stopped) log?.(`[registry lookups] ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const tick = () => {
    if (stopped) return;
    running = run().finally(() => {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref?.();
      }
    });
  };
  timer = setTimeout(tick, intervalMs);
  // The test runners' processes must be free to end without stopping it first.
  timer.unref?.();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
