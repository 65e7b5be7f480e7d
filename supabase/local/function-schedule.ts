import type { StackConfig } from './config.ts';

/**
 * A hosted pg_cron job that calls an Edge Function through pg_net with the
 * service role key, stood in for by the stack (the embedded Postgres has
 * neither extension): a POST through the gateway every `intervalMs`, each run
 * starting only after the previous one has answered.
 */
export interface RunningSchedule {
  stop(): Promise<void>;
}

export interface FunctionScheduleOptions {
  /** The path under /functions/v1/, e.g. `send-notification-emails`. */
  path: string;
  /** What the log lines start with. */
  label: string;
  intervalMs: number;
  log?: (message: string) => void;
}

/**
 * Runs `run` every `intervalMs`, each run starting only after the previous one
 * has finished, until stopped. `isStopped` lets a run keep quiet about errors
 * caused by the stack going away.
 */
export function repeatEvery(intervalMs: number, run: (isStopped: () => boolean) => Promise<void>): RunningSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = run(() => stopped).finally(() => {
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

export function startFunctionSchedule(config: StackConfig, { path, label, intervalMs, log }: FunctionScheduleOptions): RunningSchedule {
  const url = `http://127.0.0.1:${config.ports.api}/functions/v1/${path}`;
  return repeatEvery(intervalMs, async (isStopped) => {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { apikey: config.keys.serviceRoleKey, authorization: `Bearer ${config.keys.serviceRoleKey}` },
        signal: AbortSignal.timeout(30_000),
      });
      const answer = await res.text();
      if (!res.ok) log?.(`[${label}] ${res.status} ${answer}`);
    } catch (error) {
      if (!isStopped()) log?.(`[${label}] ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
