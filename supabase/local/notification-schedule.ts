import type { StackConfig } from './config.ts';

/**
 * The local stand-in for the hosted schedule that runs the mail senders,
 * send-notification-emails and send-invoice-emails (pg_cron jobs calling the
 * functions through pg_net; decision 049). The
 * embedded Postgres has neither extension, so the stack itself calls the
 * function through the gateway with the service role key, as the cron job does,
 * every `intervalMs` (2 s: a notification's e-mail reaches the local inbox
 * about as soon as a person would look). A run starts only after the previous
 * one has answered; the function's claim (for update skip locked and a lease)
 * keeps a run from sending what another is sending anyway.
 */
export interface RunningSchedule {
  stop(): Promise<void>;
}

export const NOTIFICATION_EMAIL_INTERVAL_MS = 2_000;

/** The mail senders, each on its own schedule. */
export const MAIL_SENDERS = [
  { functionName: 'send-notification-emails', label: 'notification e-mails' },
  { functionName: 'send-invoice-emails', label: 'invoice e-mails' },
] as const;

export function startNotificationSchedule(
  config: StackConfig,
  { intervalMs = NOTIFICATION_EMAIL_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  const schedules = MAIL_SENDERS.map((sender) => startFunctionSchedule(config, { ...sender, intervalMs, log }));
  return { stop: async () => void (await Promise.all(schedules.map((s) => s.stop()))) };
}

/**
 * Any Edge Function called as a hosted pg_cron job calls it through pg_net:
 * POST with the service role key, every `intervalMs`, each run after the last
 * has answered.
 */
export function startFunctionSchedule(
  config: StackConfig,
  { functionName, label, intervalMs, log }: { functionName: string; label: string; intervalMs: number; log?: (message: string) => void },
): RunningSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const url = `http://127.0.0.1:${config.ports.api}/functions/v1/${functionName}`;

  const run = async () => {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { apikey: config.keys.serviceRoleKey, authorization: `Bearer ${config.keys.serviceRoleKey}` },
        signal: AbortSignal.timeout(30_000),
      });
      const answer = await res.text();
      if (!res.ok) log?.(`[${label}] ${res.status} ${answer}`);
    } catch (error) {
      if (!stopped) log?.(`[${label}] ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const tick = () => {
    if (stopped) return;
    running = run().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
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
