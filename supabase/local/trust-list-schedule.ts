import type { StackConfig } from './config.ts';
import { type RunningSchedule, startFunctionSchedule } from './function-schedule.ts';

/**
 * The local stand-in for the hosted pg_cron job that runs publish-trust-list
 * (decision 081). Every 15 s, so a registry change reaches the published trust
 * list well within the minute the issue allows; a run with nothing due is one
 * cheap read (trust_list_draft compares a change counter).
 */
export const TRUST_LIST_INTERVAL_MS = 15_000;

export function startTrustListSchedule(
  config: StackConfig,
  { intervalMs = TRUST_LIST_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  return startFunctionSchedule(config, { name: 'publish-trust-list', label: 'trust list', intervalMs, log });
}
