import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createActor, fromCallback } from 'xstate';
import { liveConnectionMachine, liveStatusOf } from '../../machines/live-connection.machine.ts';
import { liveChannelActor } from '../../src/actors/live-channel-actor.ts';
import type { AccordClient } from '../../src/data/client.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';
import { stack } from '../support/auth-helpers.ts';

/**
 * Contract tests for the Realtime stand-in (supabase/local/realtime/,
 * decision 044) with the real supabase-js client: postgres_changes payloads
 * and filters, broadcast, presence, token updates, and row level security on
 * delivery — nothing of another organisation's rows reaches a member, nor
 * anything after the token expired or with a forged one.
 */
type Row = { organization_id: string; user_id: string; role: string };
type Change = RealtimePostgresChangesPayload<Row>;

/** Values as they arrive, and a wait for the first one that satisfies a condition. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: { test: (item: T) => boolean; resolve: (item: T) => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const w of [...waiters]) {
        if (w.test(item)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(item);
        }
      }
    },
    next(test: (item: T) => boolean): Promise<T> {
      const found = items.find(test);
      if (found) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing matching arrived within ${WAIT_CEILING_MS} ms`)), WAIT_CEILING_MS);
        waiters.push({ test, resolve: (item) => (clearTimeout(timer), resolve(item)) });
      });
    },
  };
}

function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

async function watch(client: SupabaseClient, filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table?: string; filter?: string }) {
  const changes = inbox<Change>();
  const channel = client.channel(`changes-${crypto.randomUUID()}`);
  channel.on('postgres_changes', filter as { event: '*'; schema: string }, (payload: Change) => changes.push(payload));
  await subscribed(channel);
  return { channel, changes };
}

const orgOf = (c: Change) => (c.eventType === 'DELETE' ? c.old.organization_id : c.new.organization_id);

let orgA: string;
let orgB: string;
let memberA: TestUser;
let memberB: TestUser;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  // The stand-in streams the tables in supabase_realtime; this test DB adds one that has organisation-scoped RLS.
  const [listed] = await sql<{ n: number }>(
    "select count(*)::int as n from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'organization_members'",
  );
  if (listed.n === 0) await sql('alter publication supabase_realtime add table public.organization_members, public.pricing_plans');
  memberA = await newUser('realtime-a');
  memberB = await newUser('realtime-b');
  orgA = await createOrganization(memberA);
  orgB = await createOrganization(memberB);
  clients.push(memberA.client, memberB.client);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with the payload shape realtime-js expects', async () => {
    const { changes } = await watch(memberA.client, { event: '*', schema: 'public', table: 'organization_members', filter: `organization_id=eq.${orgA}` });
    const newcomer = await newUser('realtime-newcomer');
    await addMember(orgA, newcomer);
    const inserted = await changes.next((c) => c.eventType === 'INSERT' && c.new.user_id === newcomer.id);
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'organization_members',
      eventType: 'INSERT',
      errors: null,
      new: { organization_id: orgA, user_id: newcomer.id, role: 'member' },
      old: {},
    });
    expect(new Date(inserted.commit_timestamp).getTime()).not.toBeNaN();

    await sql("update public.organization_members set role = 'admin' where organization_id = $1 and user_id = $2", [orgA, newcomer.id]);
    const updated = await changes.next((c) => c.eventType === 'UPDATE' && c.new.user_id === newcomer.id);
    expect(updated.new).toMatchObject({ role: 'admin', user_id: newcomer.id });
    // With RLS on the table, old values are the primary key only, as Supabase sends them.
    expect(updated.old).toEqual({ organization_id: orgA, user_id: newcomer.id });

    await sql('delete from public.organization_members where organization_id = $1 and user_id = $2', [orgA, newcomer.id]);
    const deleted = await changes.next((c) => c.eventType === 'DELETE' && c.old.user_id === newcomer.id);
    expect(deleted.old).toEqual({ organization_id: orgA, user_id: newcomer.id });
    expect(deleted.new).toEqual({});
  });

  it('applies a filter: a change that does not match it is not delivered', async () => {
    const colleague = await newUser('realtime-colleague');
    const later = await newUser('realtime-later');
    await addMember(orgA, colleague);
    const { changes } = await watch(memberA.client, { event: 'INSERT', schema: 'public', table: 'organization_members', filter: `user_id=eq.${later.id}` });
    // An UPDATE (another event) and an INSERT of someone else go first; the matching INSERT after them.
    await sql("update public.organization_members set role = 'admin' where organization_id = $1 and user_id = $2", [orgA, colleague.id]);
    const other = await newUser('realtime-other');
    await addMember(orgA, other);
    await addMember(orgA, later);
    const first = await changes.next(() => true);
    expect(first.eventType).toBe('INSERT');
    expect((first as Extract<Change, { eventType: 'INSERT' }>).new.user_id).toBe(later.id);
    expect(changes.items).toHaveLength(1);
  });

  it('compares filter values with the column’s type (gt on an integer, in on text)', async () => {
    type Plan = RealtimePostgresChangesPayload<{ slug: string; sort_order: number }>;
    const above = inbox<Plan>();
    const listed = inbox<Plan>();
    const slug = (label: string) => `realtime-${label}-${crypto.randomUUID().slice(0, 8)}`;
    const [plain, named, large] = [slug('plain'), slug('named'), slug('large')];
    const visitor = asAnon();
    clients.push(visitor);
    const channel = visitor
      .channel(`plans-${crypto.randomUUID()}`)
      // As integers 500 > 99; as text '500' < '99', so a text comparison would deliver nothing.
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'pricing_plans', filter: 'sort_order=gt.99' }, (p: Plan) => above.push(p))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'pricing_plans', filter: `slug=in.(${named},other)` }, (p: Plan) => listed.push(p));
    await subscribed(channel);
    const insertPlan = (s: string, order: number) =>
      sql(
        `insert into public.pricing_plans (slug, name, summary, support, sort_order, is_published, published_at)
         values ($1, 'Plan', 'For the realtime test.', 'E-mail', $2, true, now())`,
        [s, order],
      );
    await insertPlan(plain, 5);
    await insertPlan(named, 7);
    await insertPlan(large, 500);
    const first = await above.next(() => true);
    expect(first.eventType === 'INSERT' && first.new.slug).toBe(large);
    expect(above.items).toHaveLength(1);
    const only = await listed.next(() => true);
    expect(only.eventType === 'INSERT' && only.new.slug).toBe(named);
    expect(listed.items).toHaveLength(1);
  });

  it('never delivers another organisation’s rows to a member subscribed to all of public', async () => {
    const { changes } = await watch(memberA.client, { event: '*', schema: 'public' });
    const outsider = await newUser('realtime-outsider');
    const insider = await newUser('realtime-insider');
    // Organisation B's changes first, then one of organisation A that must arrive.
    await addMember(orgB, outsider);
    await sql("update public.organization_members set role = 'admin' where organization_id = $1 and user_id = $2", [orgB, outsider.id]);
    await addMember(orgA, insider);
    await changes.next((c) => c.eventType === 'INSERT' && c.new.user_id === insider.id);
    expect(changes.items.filter((c) => orgOf(c) === orgB)).toEqual([]);
  });

  it('never delivers another organisation’s conversations, messages or notifications, nor a colleague’s notifications, to a member subscribed to all of public', async () => {
    type Row = Record<string, unknown>;
    const network = await newUser('realtime-network');
    await makeSystemAdmin(network);
    const colleague = await newUser('realtime-colleague-a');
    await addMember(orgA, colleague);
    const changes = inbox<RealtimePostgresChangesPayload<Row>>();
    const channel = memberA.client
      .channel(`all-public-${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public' }, (p: RealtimePostgresChangesPayload<Row>) => changes.push(p));
    await subscribed(channel);
    const rpc = async (client: SupabaseClient, fn: string, args: Record<string, unknown>) => {
      const { data, error } = await client.rpc(fn, args);
      if (error) throw new Error(`${fn}: ${error.message}`);
      return data as unknown;
    };
    // Organisation B: a conversation, a member's message, and the network's answer, which notifies B's members.
    const theirs = (await rpc(memberB.client, 'start_conversation', { p_organization_id: orgB, p_subject: 'Private to B', p_body: 'B only.' })) as string;
    await rpc(memberB.client, 'post_message', { p_conversation_id: theirs, p_body: 'Still B only.' });
    await rpc(network.client, 'post_message', { p_conversation_id: theirs, p_body: 'An answer for B.' });
    // Organisation A: the network answers in A's own conversation, which notifies A's member and the colleague.
    const ours = (await rpc(memberA.client, 'start_conversation', { p_organization_id: orgA, p_subject: 'Ours', p_body: 'A asks.' })) as string;
    const answer = (await rpc(network.client, 'post_message', { p_conversation_id: ours, p_body: 'An answer for A.' })) as number;
    // Changes arrive in commit order: the answer's own notification for A comes after everything of B's above.
    const mine = await changes.next((c) => c.table === 'notifications' && c.eventType === 'INSERT' && c.new.user_id === memberA.id);
    await changes.next((c) => c.table === 'conversation_messages' && c.eventType === 'INSERT' && c.new.id === answer);
    expect(mine.new).toMatchObject({ organization_id: orgA, kind: 'network_reply' });
    const row = (c: RealtimePostgresChangesPayload<Row>) => (c.eventType === 'DELETE' ? c.old : c.new);
    expect(changes.items.filter((c) => row(c).organization_id === orgB || row(c).conversation_id === theirs || row(c).id === theirs)).toEqual([]);
    expect(changes.items.filter((c) => c.table === 'notifications' && row(c).user_id !== memberA.id)).toEqual([]);
    // What A may see did arrive: its conversation, its messages, its own notification.
    expect(changes.items.some((c) => c.table === 'conversations' && row(c).id === ours)).toBe(true);
  });

  it('a token update replaces the subscriber’s claims: the channel then sees what the new token may see', async () => {
    const viewer = await newUser('realtime-viewer');
    const { changes } = await watch(viewer.client, { event: 'INSERT', schema: 'public', table: 'organization_members' });
    const { data } = await memberB.client.auth.getSession();
    await viewer.client.realtime.setAuth(data.session!.access_token);
    const joiner = await newUser('realtime-joiner');
    await addMember(orgB, joiner);
    await changes.next((c) => c.eventType === 'INSERT' && c.new.user_id === joiner.id);
  });
});

describe('sign-out', () => {
  it('delivers nothing of the organisation once the member signs out: the channel goes on as a visitor', async () => {
    const leaver = await newUser('realtime-leaver');
    await addMember(orgA, leaver);
    const changes = inbox<RealtimePostgresChangesPayload<Record<string, unknown>>>();
    const channel = leaver.client
      .channel(`sign-out-${crypto.randomUUID()}`, { config: { broadcast: { ack: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'public' }, (p: RealtimePostgresChangesPayload<Record<string, unknown>>) => changes.push(p));
    await subscribed(channel);
    await leaver.client.auth.signOut();
    // supabase-js hands the socket the API key when the session ends ...
    await expect.poll(() => leaver.client.realtime.accessTokenValue).toBe(stack.keys.anonKey);
    // ... and one socket's frames are handled in order: once this is acknowledged, the token update before it is applied.
    expect(await channel.send({ type: 'broadcast', event: 'barrier', payload: {} })).toBe('ok');
    // Changes committed while the member was signed in (other tests add members to A) may have reached the
    // channel before this; they were in flight on the same socket ahead of the acknowledgement.
    const memberships = () => changes.items.filter((c) => c.table === 'organization_members');
    const beforeSignOut = memberships().length;
    const late = await newUser('realtime-after-sign-out');
    await addMember(orgA, late);
    // A change a visitor may see, committed after the organisation's: it arrives, the organisation's never did.
    const slug = `realtime-${crypto.randomUUID().slice(0, 8)}`;
    const [plan] = await sql<{ id: string }>(
      `insert into public.pricing_plans (slug, name, summary, support, price, features, is_published, published_at)
       values ($1, 'Realtime plan', 'For the realtime test.', 'E-mail', 12.50, '{one,two}', true, now()) returning id`,
      [slug],
    );
    const arrived = await changes.next((c) => c.table === 'pricing_plans' && (c.new as { id?: string }).id === plan.id);
    // Values arrive typed by the column's type, as Realtime sends them.
    expect(arrived.new).toMatchObject({ slug, price: 12.5, features: ['one', 'two'], is_published: true, sort_order: 0 });
    expect(memberships()).toHaveLength(beforeSignOut);
  });
});

/** The access token the client holds now. */
async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { session_id: string };

/** A channel of `client` watching every change of public, with its system messages and whether the server closed it. */
async function joined(client: SupabaseClient, name: string) {
  const system = inbox<{ status: string; message: string }>();
  const closed = inbox<string>();
  const changes = inbox<Change>();
  const channel = client
    .channel(`${name}-${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public' }, (p: Change) => changes.push(p))
    .on('system', {}, (p: { status: string; message: string }) => system.push(p));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CLOSED') closed.push(status);
      else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status));
    });
  });
  return { channel, system, closed, changes };
}

/**
 * Attack (issue 23, finding 1): copy a member's access token, let the member
 * sign out, and keep listening with the token until it expires. The session
 * is gone, so Realtime must refuse the token at join and close a channel that
 * joined with it while the session lived (decision 065).
 */
describe('ended sessions', () => {
  it('refuses a join with the token of a session that has ended', async () => {
    const member = await newUser('realtime-ended-join');
    await addMember(orgA, member);
    const stolen = await tokenOf(member.client);
    await member.client.auth.signOut();
    const thief = asAnon();
    clients.push(thief);
    await thief.realtime.setAuth(stolen);
    const channel = thief.channel(`stolen-${crypto.randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public' }, () => undefined);
    await expect(subscribed(channel)).rejects.toThrow('Session from session_id claim in JWT does not exist');
  });

  it('closes a channel joined with the token once its session ends, and delivers nothing to it afterwards', async () => {
    const member = await newUser('realtime-ended-live');
    await addMember(orgA, member);
    const thief = asAnon();
    const observer = await newUser('realtime-ended-observer');
    await addMember(orgA, observer);
    clients.push(thief, observer.client);
    await thief.realtime.setAuth(await tokenOf(member.client));
    const stolen = await joined(thief, 'stolen-live');
    const { changes: seen } = await watch(observer.client, { event: 'INSERT', schema: 'public', table: 'organization_members' });
    // While the session lives, the copied token sees the organisation's rows ...
    const before = await newUser('realtime-ended-before');
    await addMember(orgA, before);
    await stolen.changes.next((c) => c.eventType === 'INSERT' && c.new.user_id === before.id);
    // ... and once the member signs out, the channel is told why and closed.
    await member.client.auth.signOut();
    expect((await stolen.system.next((s) => s.status === 'error')).message).toBe('Session from session_id claim in JWT does not exist');
    await stolen.closed.next(() => true);
    const after = await newUser('realtime-ended-after');
    await addMember(orgA, after);
    await seen.next((c) => c.eventType === 'INSERT' && c.new.user_id === after.id);
    expect(stolen.changes.items.filter((c) => c.eventType === 'INSERT' && c.new.user_id === after.id)).toEqual([]);
  });

  it('closes the channel when a token update names a session that has ended', async () => {
    const member = await newUser('realtime-ended-update');
    const stolen = await tokenOf(member.client);
    await member.client.auth.signOut();
    const listener = await newUser('realtime-ended-listener');
    clients.push(listener.client);
    const channel = await joined(listener.client, 'ended-update');
    await listener.client.realtime.setAuth(stolen);
    expect((await channel.system.next((s) => s.status === 'error')).message).toBe('Session from session_id claim in JWT does not exist');
    await channel.closed.next(() => true);
  });

  it('the app’s live channel ends the session in its tab once the session has been ended elsewhere', async () => {
    const member = await newUser('realtime-ended-app');
    await addMember(orgA, member);
    const otherDevice = await signInAgain(member);
    clients.push(member.client);
    // The live-connection machine as a view runs it, with the app's channel actor on the real client; no browser here, so no network events.
    const actor = createActor(
      liveConnectionMachine.provide({
        actors: {
          channel: liveChannelActor({ name: 'ended', tables: [{ table: 'organization_members' }], onChange: () => undefined }, member.client as AccordClient),
          network: fromCallback(() => undefined),
        },
      }),
    );
    actor.start();
    try {
      await expect.poll(() => liveStatusOf(actor.getSnapshot())).toBe('live');
      await otherDevice.auth.signOut({ scope: 'global' });
      await expect.poll(async () => (await member.client.auth.getSession()).data.session).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('keeps serving a session that lives: another device of the same person signing out ends only its own', async () => {
    const member = await newUser('realtime-ended-other-device');
    await addMember(orgA, member);
    const otherDevice = await signInAgain(member);
    clients.push(member.client);
    const live = await joined(member.client, 'still-live');
    await otherDevice.auth.signOut({ scope: 'local' });
    const later = await newUser('realtime-ended-later');
    await addMember(orgA, later);
    await live.changes.next((c) => c.eventType === 'INSERT' && c.new.user_id === later.id);
    expect(live.closed.items).toEqual([]);
  });
});

describe('tokens', () => {
  async function tokenFor(user: TestUser, lifetimeSeconds: number, key?: CryptoKey) {
    const now = Math.floor(Date.now() / 1000);
    const signingKey = key ?? ((await importJWK(stack.keys.privateJwk as JWK, 'ES256')) as CryptoKey);
    // The user's own live session: Realtime refuses a token whose session is gone.
    const sessionId = claimsOf(await tokenOf(user.client)).session_id;
    return new SignJWT({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email, aal: 'aal1', session_id: sessionId })
      .setProtectedHeader({ alg: 'ES256', kid: stack.keys.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(signingKey);
  }

  it('refuses a join with a forged token', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forger = asAnon();
    clients.push(forger);
    await forger.realtime.setAuth(await tokenFor(memberA, 3600, privateKey));
    const channel = forger.channel('forged').on('postgres_changes', { event: '*', schema: 'public' }, () => undefined);
    await expect(subscribed(channel)).rejects.toThrow('JwtSignatureError: Failed to validate JWT signature');
  });

  it('closes a channel whose token update is forged, and delivers nothing to it afterwards', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const outsider = await newUser('realtime-forger');
    clients.push(outsider.client);
    const { system, closed, changes } = await joined(outsider.client, 'forged-update');
    // A token that claims to be organisation A's member, signed with a key that is not the project's.
    await outsider.client.realtime.setAuth(await tokenFor(memberA, 3600, privateKey));
    expect((await system.next((s) => s.status === 'error')).message).toBe('Failed to validate JWT signature');
    await closed.next(() => true);
    const { changes: seen } = await watch(memberA.client, { event: 'INSERT', schema: 'public', table: 'organization_members' });
    const late = await newUser('realtime-forged-late');
    await addMember(orgA, late);
    await seen.next((c) => c.eventType === 'INSERT' && c.new.user_id === late.id);
    expect(changes.items.filter((c) => orgOf(c) === orgA)).toEqual([]);
  });

  it('closes the channel when its token expires, and delivers nothing to it afterwards', async () => {
    const expiring = asAnon();
    const observer = await newUser('realtime-observer');
    await addMember(orgA, observer);
    clients.push(expiring, observer.client);
    await expiring.realtime.setAuth(await tokenFor(memberA, 2));
    const { system, closed, changes } = await joined(expiring, 'expiring');
    const { changes: seen } = await watch(observer.client, { event: 'INSERT', schema: 'public', table: 'organization_members' });
    // Waiting for the token's expiry is the rule under test.
    expect((await system.next((s) => s.status === 'error')).message).toMatch(/^Token has expired/);
    await closed.next(() => true);
    const beforeClose = changes.items.length;
    const late = await newUser('realtime-late');
    await addMember(orgA, late);
    await seen.next((c) => c.eventType === 'INSERT' && c.new.user_id === late.id);
    expect(changes.items).toHaveLength(beforeClose);
  });

  it('answers a heartbeat on topic phoenix through the gateway', async () => {
    const ws = new WebSocket(`${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anonKey}&vsn=2.0.0`);
    const answer = new Promise<unknown>((resolve, reject) => {
      ws.on('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
      ws.on('error', reject);
    });
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await answer).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('refuses a websocket without a valid API key at the gateway', async () => {
    const url = `${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`;
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => (ws.close(), resolve(101)));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });
});

describe('broadcast and presence', () => {
  it('relays a broadcast to the other clients, to the sender with self, and acknowledges with ack', async () => {
    const topic = `room-${crypto.randomUUID()}`;
    const received = inbox<Record<string, unknown>>();
    const echoed = inbox<Record<string, unknown>>();
    const listener = memberB.client.channel(topic).on('broadcast', { event: 'wave' }, (m) => received.push(m));
    const sender = memberA.client.channel(topic, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'wave' }, (m) => echoed.push(m));
    await subscribed(listener);
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'wave', payload: { hello: 'there' } })).toBe('ok');
    expect((await received.next(() => true)).payload).toEqual({ hello: 'there' });
    expect((await echoed.next(() => true)).payload).toEqual({ hello: 'there' });
  });

  it('syncs presence between clients and removes an untracked one', async () => {
    const topic = `lobby-${crypto.randomUUID()}`;
    const synced = inbox<Record<string, unknown[]>>();
    const first = memberA.client.channel(topic, { config: { presence: { key: 'first' } } });
    first.on('presence', { event: 'sync' }, () => synced.push(first.presenceState()));
    const second = memberB.client.channel(topic, { config: { presence: { key: 'second' } } });
    second.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(first);
    await subscribed(second);
    await first.track({ name: 'A' });
    await second.track({ name: 'B' });
    const both = await synced.next((s) => 'first' in s && 'second' in s);
    expect(both.second).toEqual([expect.objectContaining({ name: 'B' })]);
    await second.untrack();
    await synced.next((s) => 'first' in s && !('second' in s));
  });
});
