import type { StackConfig } from './config.ts';
import { type RunningSchedule, startFunctionSchedule } from './function-schedule.ts';

export type { RunningSchedule } from './function-schedule.ts';

/**
 * The local stand-in for the hosted schedule that runs send-notification-emails
 * (a pg_cron job calling the function through pg_net; decision 049), every
 * `intervalMs` (2 s: a notification's e-mail reaches the local inbox about as
 * soon as a person would look). The function's claim (for update skip locked
 * and a lease) keeps a run from sending what another is sending anyway.
 */
export const NOTIFICATION_EMAIL_INTERVAL_MS = 2_000;

export function startNotificationSchedule(
  config: StackConfig,
  { intervalMs = NOTIFICATION_EMAIL_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  return startFunctionSchedule(config, { name: 'send-notification-emails', label: 'notification e-mails', intervalMs, log });
}
