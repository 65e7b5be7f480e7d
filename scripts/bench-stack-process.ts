import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stackConfig, type AuthSettings, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';

/**
 * A bench's local stack in a process of its own, so the measuring clients
 * (a hundred websockets, autocannon's hundred connections) do not share an
 * event loop with the gateway and stand-ins they measure, and the stack's
 * memory can be read from /proc. A fresh database beside the test profile's
 * (.data/test[-offset]-<name>, same ports), removed on stop. The child prints
 * one line of JSON when ready and stops on SIGTERM, or when its parent goes
 * away (its stdin closes), so a bench that dies part-way leaves nothing running.
 *
 * Used by `npm run bench -- --realtime` (name "realtime") and `-- --load`
 * (name "load", with the auth limits raised: BENCH_AUTH_RATE_LIMITS).
 */
export function benchStackConfig(name: string, opts: { raiseAuthLimits?: boolean } = {}): StackConfig {
  const base = stackConfig('test');
  const dataDir = `${base.dataDir}-${name}`;
  const auth: AuthSettings = opts.raiseAuthLimits
    ? { ...base.auth, ...BENCH_AUTH_RATE_LIMITS, rateLimits: { ...BENCH_AUTH_RATE_LIMITS.rateLimits } }
    : base.auth;
  return { ...base, dataDir, pgDataDir: join(dataDir, 'postgres'), auth };
}

/**
 * The auth stand-in's limits for the load bench only: 200 sign-ins by code in
 * a minute from one address (the bench's) is far above config.toml's
 * per-IP limits (30 sign-ins and 30 verifications per 5 minutes, 30 e-mails an
 * hour), which are what the dev stack and hosted Supabase keep.
 */
export const BENCH_AUTH_RATE_LIMITS = {
  rateLimits: { signInSignUps: 10_000, tokenVerifications: 10_000, tokenRefresh: 10_000 },
  emailSentPerHour: 10_000,
  emailMaxFrequencySeconds: 0,
} satisfies Partial<AuthSettings>;

const ROOT = join(import.meta.dirname, '..');

/** Starts the bench stack `name` in its own process; resolves once it is ready. */
export async function startBenchStackProcess(
  name: string,
  opts: { raiseAuthLimits?: boolean } = {},
): Promise<{ child: ChildProcess; config: StackConfig; stop(): Promise<void> }> {
  const args = ['--import', 'tsx', join(ROOT, 'scripts/bench-stack-process.ts'), name, ...(opts.raiseAuthLimits ? ['--raise-auth-limits'] : [])];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const config = benchStackConfig(name, opts);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    // The child removes it too, but Postgres can still be writing its last files then.
    rmSync(config.dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        if (line.includes('"ready":true')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the bench stack exited (${code}) before it was ready:\n${stderr}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, config, stop };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const name = process.argv[2];
  if (!name || name.startsWith('-')) throw new Error('usage: bench-stack-process.ts <name> [--raise-auth-limits]');
  const config = benchStackConfig(name, { raiseAuthLimits: process.argv.includes('--raise-auth-limits') });
  rmSync(config.dataDir, { recursive: true, force: true });
  const stack = await startStack(config, { fresh: true, log: (m) => process.stderr.write(`${m}\n`) });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stack.stop().finally(() => {
      rmSync(config.dataDir, { recursive: true, force: true, maxRetries: 5 });
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our stdin: when it ends (the parent exited, however), so do we.
  process.stdin.on('end', stop).on('error', stop).resume();
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
}
