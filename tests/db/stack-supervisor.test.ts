import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { REALM_PATH } from '../../supabase/local/oidc/provider.ts';
import { startStack, type RunningStack, type ServiceName } from '../../supabase/local/stack.ts';
import { createReachability, type Reachability } from '../../src/data/reachability.ts';

/**
 * Issue 28: the local stack restarts a service that dies, as a container's
 * restart policy would (decision 090). This file starts a stack of its own,
 * beside the tier's, and kills its services one by one: each comes back and
 * answers through the gateway, and Postgres killed with SIGKILL keeps every
 * committed row.
 */
const config = stackConfig('test', { extraOffset: 3000 });
let stack: RunningStack;
const said: string[] = [];

beforeAll(async () => {
  stack = await startStack(config, { fresh: true, warn: (m) => said.push(m) });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${config.apiUrl}${path}`, {
    ...init,
    headers: { apikey: config.keys.serviceRoleKey, authorization: `Bearer ${config.keys.serviceRoleKey}`, ...init.headers },
  });

/** A Realtime connection that joins a channel and hears its own broadcast. */
async function realtimeAnswers(): Promise<boolean> {
  const supabase = createClient(config.apiUrl, config.keys.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  });
  try {
    const channel = supabase.channel(`probe-${Math.random()}`, { config: { broadcast: { self: true, ack: true } } });
    const joined = await new Promise<string>((resolve) => channel.subscribe((status) => status !== 'CLOSED' && resolve(status)));
    if (joined !== 'SUBSCRIBED') return false;
    return (await channel.send({ type: 'broadcast', event: 'ping', payload: {} })) === 'ok';
  } finally {
    await supabase.removeAllChannels();
  }
}

/** What shows that each service answers again, asked as a client would through the gateway (or on its own port where the gateway has no route). */
const answers: Record<Exclude<ServiceName, 'postgres'>, () => Promise<boolean>> = {
  postgrest: async () => (await api('/rest/v1/pricing_plans?select=id&limit=1')).status === 200,
  auth: async () => (await api('/auth/v1/health')).status === 200,
  storage: async () => (await api('/storage/v1/bucket')).status === 200,
  functions: async () => (await fetch(`http://127.0.0.1:${config.ports.functions}/_internal/health`)).ok,
  realtime: realtimeAnswers,
  mail: async () => (await fetch(`${config.inboxUrl}/email`)).status === 200,
  idp: async () => (await fetch(`http://localhost:${config.ports.idp}${REALM_PATH}/.well-known/openid-configuration`)).status === 200,
};

const stillDown = () => false;
const safely = (check: () => Promise<boolean>) => () => check().catch(stillDown);

describe('the local stack as a supervisor', () => {
  it.each(Object.keys(answers) as (keyof typeof answers)[])('%s, killed, is started again and answers', async (name) => {
    const service = stack.services[name];
    expect(await answers[name]()).toBe(true);
    const restarts = service.restarts;
    const killedAt = Date.now();
    service.kill();
    await service.running(restarts + 1);
    await expect.poll(safely(answers[name]), { timeout: 20_000 }).toBe(true);
    console.info(`${service.name}: answering again ${Date.now() - killedAt} ms after the kill`);
    const inProcess = name !== 'postgrest' && name !== 'functions';
    expect(said).toContain(`${service.name} stopped unexpectedly (${inProcess ? 'its server closed' : 'killed by SIGKILL'}).`);
    expect(said.some((m) => m.startsWith(`${service.name} is running again (`))).toBe(true);
    // Deno took 17 s to start again on a machine at load 8.
  }, 60_000);

  it('Postgres killed with SIGKILL keeps every committed row, and the API and Realtime work again', async () => {
    const db = new pg.Client({ connectionString: config.dbUrl });
    await db.connect();
    await db.query('create table private.supervisor_probe (n int primary key)');
    // Each its own committed transaction, as a person's writes are.
    for (let n = 1; n <= 50; n++) await db.query('insert into private.supervisor_probe values ($1)', [n]);
    db.on('error', () => undefined);

    const postgres = stack.services.postgres;
    const restarts = postgres.restarts;
    postgres.kill();
    await postgres.running(restarts + 1);
    await db.end().catch(() => undefined);

    const again = new pg.Client({ connectionString: config.dbUrl });
    await again.connect();
    try {
      const { rows } = await again.query<{ count: string; max: number }>('select count(*), max(n) from private.supervisor_probe');
      expect(rows[0]).toEqual({ count: '50', max: 50 });
    } finally {
      await again.end();
    }
    expect(said).toContain('Postgres stopped unexpectedly (killed by SIGKILL).');
    // PostgREST reconnects by itself; Realtime lost its replication stream and is started again.
    await expect.poll(safely(answers.postgrest), { timeout: 30_000 }).toBe(true);
    await expect.poll(safely(answers.auth), { timeout: 30_000 }).toBe(true);
    await expect.poll(safely(answers.realtime), { timeout: 30_000, message: said.join('\n') }).toBe(true);
    expect(said.some((m) => m.startsWith('Realtime stopped unexpectedly (its replication stream'))).toBe(true);
  }, 90_000);

  it('the app hears that the Data API is down, and that it is back once the stack has started it again', async () => {
    const store = createReachability({ apiUrl: config.apiUrl, anonKey: config.keys.anonKey });
    const seen: Reachability[] = [];
    store.subscribe(() => seen.push(store.get()));
    const app = createClient(config.apiUrl, config.keys.anonKey, {
      auth: { persistSession: false },
      global: { fetch: store.watch(fetch) },
      realtime: { transport: WebSocket as never },
    });
    try {
      expect((await app.from('pricing_plans').select('id').limit(1)).status).toBe(200);
      const postgrest = stack.services.postgrest;
      const restarts = postgrest.restarts;
      postgrest.kill();
      // The gateway answers 502 for the service that is gone.
      const refused = await app.from('pricing_plans').select('id').limit(1);
      expect(refused.status).toBe(502);
      expect(store.get()).toBe('unreachable');
      await postgrest.running(restarts + 1);
      // Nobody asks again: the store's own probe finds it back.
      await expect.poll(() => store.get(), { timeout: 20_000 }).toBe('back');
      expect(seen.slice(0, 2)).toEqual(['unreachable', 'back']);
      expect((await app.from('pricing_plans').select('id').limit(1)).status).toBe(200);
    } finally {
      store.dispose();
    }
  }, 60_000);
});
