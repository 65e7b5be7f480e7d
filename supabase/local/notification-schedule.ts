import type { StackConfig } from './config.ts';
import { type RunningSchedule, startFunctionSchedule } from './function-schedule.ts';

export type { RunningSchedule } from './function-schedule.ts';
export { startFunctionSchedule } from './function-schedule.ts';

/**
 * The local stand-in for the hosted schedule that runs the mail senders,
 * send-notification-emails and send-invoice-emails (pg_cron jobs calling the
 * functions through pg_net; decision 049), every `intervalMs` (2 s: an e-mail
 * reaches the local inbox about as soon as a person would look). Each
 * function's claim (for update skip locked and a lease) keeps a run from
 * sending what another is sending anyway.
 */
export const NOTIFICATION_EMAIL_INTERVAL_MS = 2_000;

/** The mail senders, each on its own schedule. */
export const MAIL_SENDERS = [
  { name: 'send-notification-emails', label: 'notification e-mails' },
  { name: 'send-invoice-emails', label: 'invoice e-mails' },
] as const;

export function startNotificationSchedule(
  config: StackConfig,
  { intervalMs = NOTIFICATION_EMAIL_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  const schedules = MAIL_SENDERS.map((sender) => startFunctionSchedule(config, { ...sender, intervalMs, log }));
  return { stop: async () => void (await Promise.all(schedules.map((s) => s.stop()))) };
}
