import type { StackConfig } from './config.ts';
import { startFunctionSchedule, type RunningSchedule } from './function-schedule.ts';

/**
 * The local stand-in for the hosted pg_cron job that calls
 * `stripe-webhook/retry` every minute (decision 078): webhook events that
 * failed to apply, or were stored and never applied, are applied again when
 * due (provider_events.next_retry_at), so one is retried within the
 * schedule's next minute. Here every 20 s, well within that minute.
 */
export const PAYMENT_EVENT_RETRY_INTERVAL_MS = 20_000;

export function startPaymentEventSchedule(config: StackConfig, { log }: { log?: (message: string) => void } = {}): RunningSchedule {
  return startFunctionSchedule(config, { name: 'stripe-webhook/retry', label: 'payment events', intervalMs: PAYMENT_EVENT_RETRY_INTERVAL_MS, log });
}
