import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/free-port.ts';
import { stackConfig, type StackConfig } from './config.ts';
import { functionNames, startFunctions, verifyJwtSettings, type RunningFunctions } from './functions.ts';

/**
 * The local Edge Functions runtime on its own (no database, no gateway),
 * serving fixture functions: routing, verify_jwt, isolation of a broken
 * function, reloading on change, the environment functions see, and that
 * stopping leaves no Deno behind. Plus a type check of the real functions.
 */
const base = stackConfig('test');
const deno = join(base.rootDir, 'node_modules/.bin/deno');

const ECHO = `
Deno.serve(async (req) => {
  const url = new URL(req.url);
  const env = Deno.env.toObject();
  return Response.json({
    version: 1,
    method: req.method,
    path: url.pathname,
    search: url.search,
    body: req.method === 'POST' ? await req.text() : null,
    supabaseUrl: env.SUPABASE_URL ?? null,
    siteUrl: env.SITE_URL ?? null,
    runtimeVariables: Object.keys(env).filter((k) => k.startsWith('ACCORD_')),
  });
});
`;

let dir: string;
let config: StackConfig;
let runtime: RunningFunctions;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'accord-functions-'));
  const functionsDir = join(dir, 'functions');
  const fixtures: Record<string, string> = {
    echo: ECHO,
    open: `Deno.serve(() => new Response('no JWT needed'));`,
    broken: `throw new Error('this function cannot start');`,
    'no-serve': `export const nothing = true;`,
  };
  for (const [name, code] of Object.entries(fixtures)) {
    mkdirSync(join(functionsDir, name), { recursive: true });
    writeFileSync(join(functionsDir, name, 'index.ts'), code);
  }
  // Shared code is not a function, as for the Supabase CLI.
  mkdirSync(join(functionsDir, '_shared'));
  writeFileSync(join(functionsDir, '_shared', 'index.ts'), ECHO);

  const port = await freePort();
  config = { ...base, dataDir: join(dir, 'data'), ports: { ...base.ports, functions: port } };
  runtime = await startFunctions(config, { functionsDir, verifyJwt: { open: false } });
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await runtime?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signed(claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  const key = await importJWK(base.keys.privateJwk as JWK, 'ES256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: base.keys.kid, typ: 'JWT' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

describe('the Edge Functions runtime', () => {
  it('routes /<name>/… to the function, with the path, query and body as sent', async () => {
    const res = await fetch(`${url}/echo/deeper/path?x=1`, {
      method: 'POST',
      headers: { ...bearer(base.keys.anonKey), 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'POST',
      path: '/echo/deeper/path',
      search: '?x=1',
      body: '{"hello":"world"}',
    });
  });

  it("gives functions Supabase's variables and the app's, but not the runtime's own", async () => {
    const body = (await (await fetch(`${url}/echo`, { headers: bearer(base.keys.anonKey) })).json()) as Record<string, unknown>;
    expect(body.supabaseUrl).toBe(`http://127.0.0.1:${base.ports.api}`);
    expect(body.siteUrl).toBe(base.auth.siteUrl);
    expect(body.runtimeVariables).toEqual([]);
  });

  it('verify_jwt: refuses a missing, forged or expired JWT before the function runs', async () => {
    const missing = await fetch(`${url}/echo`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Missing authorization header' });

    const [header, payload] = base.keys.anonKey.split('.');
    const forged = await fetch(`${url}/echo`, { headers: bearer(`${header}.${payload}.${'A'.repeat(86)}`) });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' });

    const expired = await fetch(`${url}/echo`, {
      headers: bearer(await signed({ role: 'authenticated', sub: crypto.randomUUID() }, Math.floor(Date.now() / 1000) - 60)),
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ msg: 'JWT has expired' });

    const valid = await fetch(`${url}/echo`, {
      headers: bearer(await signed({ role: 'authenticated', sub: crypto.randomUUID() }, Math.floor(Date.now() / 1000) + 60)),
    });
    expect(valid.status).toBe(200);
  });

  it('lets a CORS preflight through without a JWT, and a function with verify_jwt = false', async () => {
    const preflight = await fetch(`${url}/echo`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(((await preflight.json()) as { method: string }).method).toBe('OPTIONS');
    const open = await fetch(`${url}/open`);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('no JWT needed');
  });

  it('answers 404 for names that are not functions, _shared included', async () => {
    for (const path of ['/nope', '/_shared', '/', '/..%2Fetc']) {
      const res = await fetch(`${url}${path}`, { headers: bearer(base.keys.anonKey) });
      expect(res.status, path).toBe(404);
    }
  });

  it('reports a function that cannot boot as 503 BOOT_ERROR, and keeps serving the others', async () => {
    for (const name of ['broken', 'no-serve']) {
      const res = await fetch(`${url}/${name}`, { headers: bearer(base.keys.anonKey) });
      expect(res.status, name).toBe(503);
      expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    }
    expect((await fetch(`${url}/echo`, { headers: bearer(base.keys.anonKey) })).status).toBe(200);
    expect(readFileSync(join(config.dataDir, 'functions.log'), 'utf8')).toContain('this function cannot start');
  });

  it('runs the new code after a function changes, without a restart', async () => {
    const file = join(dir, 'functions', 'echo', 'index.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('version: 1', 'version: 2'));
    await expect
      .poll(async () => ((await (await fetch(`${url}/echo`, { headers: bearer(base.keys.anonKey) })).json()) as { version: number }).version, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(2);
  });

  it('stops without leaving a Deno process behind', async () => {
    const pid = Number(readFileSync(join(config.dataDir, 'functions.pid'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await runtime.stop();
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(existsSync(join(config.dataDir, 'functions.pid'))).toBe(false);
  });
});

describe('the project functions', () => {
  it('are found as the CLI finds them, with verify_jwt on', () => {
    const names = functionNames(join(base.rootDir, 'supabase/functions'));
    expect(names).toContain('invite-admin');
    expect(names).not.toContain('_shared');
    expect(verifyJwtSettings(base.rootDir)['invite-admin']).toBe(true);
  });

  it('type-check under Deno, offline, with the runtime itself', () => {
    const entries = [
      'supabase/local/edge-runtime/main.ts',
      'supabase/local/edge-runtime/worker.ts',
      ...functionNames(join(base.rootDir, 'supabase/functions')).map((name) => `supabase/functions/${name}/index.ts`),
    ];
    const run = spawnSync(
      deno,
      ['check', '--config', 'supabase/functions/deno.json', '--no-lock', '--no-remote', '--cached-only', ...entries],
      { cwd: base.rootDir, encoding: 'utf8', env: { ...process.env, DENO_DIR: join(base.rootDir, '.data/deno'), NO_COLOR: '1' } },
    );
    expect(run.stderr.replace(/^Check .*\n/gm, '')).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
