import type { StackConfig } from './config.ts';

/**
 * The local stand-in for a hosted pg_cron job that calls an Edge Function
 * through pg_net with the service role key (decisions 049 and 081). The
 * embedded Postgres has neither extension, so the stack itself POSTs to the
 * function through the gateway, as the cron job does, every `intervalMs`. A
 * run starts only after the previous one has answered.
 */
export interface RunningSchedule {
  stop(): Promise<void>;
}

export interface FunctionScheduleOptions {
  /** The function's name, e.g. `send-notification-emails`. */
  name: string;
  /** The prefix of its log lines, e.g. `notification e-mails`. */
  label: string;
  intervalMs: number;
  log?: (message: string) => void;
}

/** One run, as the schedule makes it: what a test calls to drive the schedule deterministically. */
export async function callScheduledFunction(config: StackConfig, name: string, body: unknown = {}): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${config.ports.api}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: config.keys.serviceRoleKey, authorization: `Bearer ${config.keys.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

export function startFunctionSchedule(config: StackConfig, { name, label, intervalMs, log }: FunctionScheduleOptions): RunningSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      const answer = await callScheduledFunction(config, name);
      if (answer.status >= 300) log?.(`[${label}] ${answer.status} ${answer.body}`);
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
