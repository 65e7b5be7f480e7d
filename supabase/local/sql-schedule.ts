import pg from 'pg';
import type { StackConfig } from './config.ts';
import type { RunningSchedule } from './notification-schedule.ts';

export interface SqlScheduleOptions {
  /**
   * What the hosted pg_cron job runs, e.g. `select private.snapshot_registry_lookups()`,
   * or a job that needs more than SQL (the advisors runner), given the connection.
   */
  statement: string | ((client: pg.Client) => Promise<unknown>);
  /** The prefix of its log lines, e.g. `registry lookups`. */
  label: string;
  intervalMs: number;
  log?: (message: string) => void;
}

/**
 * The local stand-in for a hosted pg_cron job: the embedded Postgres has no
 * pg_cron, so the stack runs the job's statement itself, as the database owner,
 * as the cron job does, every `intervalMs`. A run starts only after the previous
 * one has finished.
 */
export function startSqlSchedule(config: StackConfig, { statement, label, intervalMs, log }: SqlScheduleOptions): RunningSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    const client = new pg.Client({ connectionString: config.dbUrl });
    // Postgres going away fails the query in hand; unheard, the client's 'error' event would end the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await (typeof statement === 'string' ? client.query(statement) : statement(client));
    } catch (error) {
      if (!stopped) log?.(`[${label}] ${error instanceof Error ? error.message : String(error)}`);
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
