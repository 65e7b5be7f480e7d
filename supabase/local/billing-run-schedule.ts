import type { StackConfig } from './config.ts';
import type { RunningSchedule } from './notification-schedule.ts';
import { startSqlSchedule } from './sql-schedule.ts';

/**
 * The local stand-in for the hosted pg_cron job that runs the billing renewal
 * run every minute (decision 069): the stack runs `public.billing_run()` itself
 * (sql-schedule.ts). The function takes an advisory lock and is idempotent, so
 * a test's own run (with its test clock) and this one never draft, issue or
 * remind twice.
 */
export const BILLING_RUN_INTERVAL_MS = 60_000;

export function startBillingRunSchedule(
  config: StackConfig,
  { intervalMs = BILLING_RUN_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  return startSqlSchedule(config, { statement: 'select public.billing_run()', label: 'billing run', intervalMs, log });
}
