import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
  type WebSocketLikeConstructor,
} from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackConfig } from '../supabase/local/config.ts';
import { startBenchStackProcess } from './bench-stack-process.ts';

/**
 * `npm run bench -- --realtime` (and part of the full run): Realtime's
 * postgres_changes with REALTIME_ORGS organisations of REALTIME_MEMBERS
 * members each, every member a real account with its own session and its own
 * supabase-js client (its own websocket), all subscribed at once. Messages
 * are written through the real RPCs (post_message as a member, and every
 * NETWORK_EVERY-th as a system administrator, which also notifies the
 * organisation's members) at a steady REALTIME_RATE per second; the first
 * REALTIME_WARMUP are checked but not timed.
 *
 * Three subscriptions, one after the other on the same clients:
 *   - `table`:  INSERT on public.conversation_messages (no filter);
 *   - `filter`: the same with `organization_id=eq.<own organisation>`;
 *   - `schema`: `*` on all of schema public (conversations, messages,
 *               attachments and notifications are in the publication).
 *
 * Latency is from the inserting transaction's commit to the client's
 * callback: the payload's commit_timestamp is the commit time Postgres wrote
 * into the WAL (millisecond precision), and the callback notes Date.now() —
 * one machine, one clock. Alongside: from the RPC's HTTP response arriving
 * (which comes after the commit, so this is a lower bound) to the callback.
 *
 * Every client must receive exactly its own organisation's changes, each once
 * (and, subscribed to `*`, only its own notifications), and nothing else: any
 * missing, doubled, foreign or unexpected delivery fails the bench. The wait
 * for the last deliveries is a condition (a marker message per organisation,
 * delivered in commit order after everything before it), never a sleep.
 *
 * The stack runs in a child process (scripts/bench-stack-process.ts); its
 * resident memory (VmRSS: gateway, auth, storage and the Realtime stand-in;
 * Postgres and PostgREST are processes of their own) is read from /proc.
 * Goal: p95 ≤ 100 ms commit to callback, zero cross-organisation deliveries.
 */
const REALTIME_ORGS = 10;
const REALTIME_MEMBERS = 10;
const REALTIME_MESSAGES = 200;
/** The first messages of each subscription are checked like the rest but not timed (the stand-in's first RLS check per connection makes its function). */
const REALTIME_WARMUP = 20;
const REALTIME_RATE = 10;
const NETWORK_EVERY = 5;
const REALTIME_GOAL_P95_MS = 100;
/** How long the last deliveries may take before the bench gives up and reports them missing. */
const DELIVERY_CEILING_MS = 60_000;

type Variant = 'table' | 'filter' | 'schema';
type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

interface Member {
  index: number;
  id: string;
  org: number;
  client: SupabaseClient;
}

interface Delivery {
  client: number;
  table: string;
  type: string;
  key: string;
  organizationId: unknown;
  userId: unknown;
  commitAt: number;
  receivedAt: number;
}

const transport = WebSocket as unknown as WebSocketLikeConstructor;

function nodeClient(config: StackConfig, key: string): SupabaseClient {
  return createClient(config.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport },
  });
}

/** Resident and peak memory of a process, in MiB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function newMember(config: StackConfig, service: SupabaseClient, label: string): Promise<{ id: string; client: SupabaseClient }> {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@bench.accord.test`;
  const password = `bench-${crypto.randomUUID()}-Aa1!`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw created.error ?? new Error('no user');
  const client = nodeClient(config, config.keys.anonKey);
  const session = await client.auth.signInWithPassword({ email, password });
  if (session.error) throw session.error;
  return { id: created.data.user.id, client };
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') reject(error ?? new Error(status));
    });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function keyOf(change: Change): { key: string; organizationId: unknown; userId: unknown } {
  const row = (change.eventType === 'DELETE' ? change.old : change.new) as Record<string, unknown>;
  return { key: String(row.id), organizationId: row.organization_id, userId: row.user_id };
}

interface VariantResult {
  variant: Variant;
  latencies: number[];
  fromResponse: number[];
  deliveries: number;
  expected: number;
  perClient: { min: number; max: number };
  crossOrganisation: number;
  otherUsers: number;
  missing: number;
  doubled: number;
  unexpected: number;
  problems: string[];
  memoryAfter: { rss: number; peak: number };
}

async function runVariant(
  variant: Variant,
  members: Member[],
  admin: SupabaseClient,
  db: pg.Client,
  conversations: string[],
  orgIds: string[],
  stackPid: number,
): Promise<VariantResult> {
  const deliveries: Delivery[] = [];
  const channels: RealtimeChannel[] = [];
  // Filled in once the messages are written: what each client still waits for, and a callback when none waits.
  let expected: Map<string, number>[] | null = null;
  const outstanding: number[] = members.map(() => 0);
  let waiting = Infinity;
  let allArrived: (() => void) | null = null;
  const progress = (d: Delivery, seen: Map<string, number>) => {
    if (d.commitAt < subscribedAt) return;
    const k = `${d.table} ${d.type} ${d.key}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (expected && n <= (expected[d.client].get(k) ?? 0)) {
      outstanding[d.client] -= 1;
      if (outstanding[d.client] === 0 && --waiting === 0) allArrived?.();
    }
  };
  const seenBy = members.map(() => new Map<string, number>());
  let subscribedAt = Infinity;

  await Promise.all(
    members.map(async (m) => {
      const filter =
        variant === 'schema'
          ? { event: '*' as const, schema: 'public' }
          : {
              event: 'INSERT' as const,
              schema: 'public',
              table: 'conversation_messages',
              ...(variant === 'filter' ? { filter: `organization_id=eq.${orgIds[m.org]}` } : {}),
            };
      const channel = m.client.channel(`bench-${variant}-${m.index}`).on('postgres_changes', filter as { event: '*'; schema: string }, (change: Change) => {
        const receivedAt = Date.now();
        const { key, organizationId, userId } = keyOf(change);
        const d = { client: m.index, table: change.table, type: change.eventType, key, organizationId, userId, commitAt: Date.parse(change.commit_timestamp), receivedAt };
        deliveries.push(d);
        progress(d, seenBy[m.index]);
      });
      channels.push(channel);
      await subscribed(channel);
    }),
  );

  // Changes committed before this (the setup's, still streaming) may reach a client whose channel is already
  // subscribed, as on hosted; they are checked for leaks below but are not part of the measurement.
  subscribedAt = Date.now();
  const [{ baseline }] = (await db.query<{ baseline: string }>('select coalesce(max(id), 0)::text as baseline from public.conversation_messages')).rows;
  const [{ notifications }] = (await db.query<{ notifications: string }>('select coalesce(max(id), 0)::text as notifications from public.notifications')).rows;

  // Steady rate: message i goes at start + i / rate, whether or not the earlier ones have returned.
  const responded = new Map<string, number>();
  const interval = 1000 / REALTIME_RATE;
  const start = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < REALTIME_WARMUP + REALTIME_MESSAGES; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const org = i % REALTIME_ORGS;
    const fromNetwork = i % NETWORK_EVERY === NETWORK_EVERY - 1;
    const author = fromNetwork ? admin : members[org * REALTIME_MEMBERS + ((i / REALTIME_ORGS) | 0) % REALTIME_MEMBERS].client;
    posts.push(
      Promise.resolve(author.rpc('post_message', { p_conversation_id: conversations[org], p_body: `Bench message ${i} (${variant})` })).then(({ data, error }) => {
        if (error) throw new Error(`post_message: ${error.message}`);
        if (i >= REALTIME_WARMUP) responded.set(String(data), Date.now());
      }),
    );
  }
  await Promise.all(posts);

  // A last message per organisation, committed after everything above: each client's own organisation's
  // changes arrive in commit order, so once a client has all it expects, nothing earlier is still on its way.
  for (let org = 0; org < REALTIME_ORGS; org += 1) {
    const { error } = await members[org * REALTIME_MEMBERS].client.rpc('post_message', { p_conversation_id: conversations[org], p_body: `Last (${variant})` });
    if (error) throw new Error(`post_message: ${error.message}`);
  }

  // What each client should receive, from the database itself.
  const messages = (
    await db.query<{ id: string; organization_id: string; conversation_id: string }>(
      'select id::text, organization_id::text, conversation_id::text from public.conversation_messages where id > $1',
      [baseline],
    )
  ).rows;
  const notes = (
    await db.query<{ id: string; user_id: string }>('select id::text, user_id::text from public.notifications where id > $1', [notifications])
  ).rows;
  expected = members.map((m) => {
    const wanted = new Map<string, number>();
    for (const msg of messages) {
      if (msg.organization_id !== orgIds[m.org]) continue;
      wanted.set(`conversation_messages INSERT ${msg.id}`, 1);
      if (variant === 'schema') {
        // Each message moves its conversation's last_message_at: one UPDATE each.
        const k = `conversations UPDATE ${msg.conversation_id}`;
        wanted.set(k, (wanted.get(k) ?? 0) + 1);
      }
    }
    if (variant === 'schema') for (const n of notes) if (n.user_id === m.id) wanted.set(`notifications INSERT ${n.id}`, 1);
    return wanted;
  });
  const done = new Promise<void>((resolve) => (allArrived = resolve));
  waiting = 0;
  for (const m of members) {
    let left = 0;
    for (const [k, n] of expected[m.index]) left += Math.max(0, n - Math.min(n, seenBy[m.index].get(k) ?? 0));
    outstanding[m.index] = left;
    if (left > 0) waiting += 1;
  }
  if (waiting === 0) allArrived!();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    done.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), DELIVERY_CEILING_MS))),
  ]);
  clearTimeout(timer);
  const memoryAfter = memoryOf(stackPid);

  const problems: string[] = [];
  let crossOrganisation = 0;
  let otherUsers = 0;
  let missing = 0;
  let doubled = 0;
  let unexpected = 0;
  let expectedTotal = 0;
  const counts: number[] = [];
  for (const m of members) {
    const orgId = orgIds[m.org];
    const wanted = expected[m.index];
    const got = new Map<string, number>();
    const mine = deliveries.filter((d) => d.client === m.index);
    counts.push(mine.length);
    for (const d of mine) {
      const k = `${d.table} ${d.type} ${d.key}`;
      if (d.commitAt >= subscribedAt) got.set(k, (got.get(k) ?? 0) + 1);
      if (d.organizationId !== undefined && d.organizationId !== null && d.organizationId !== orgId) {
        crossOrganisation += 1;
        problems.push(`client ${m.index} (organisation ${m.org}) received ${k} of organisation ${String(d.organizationId)}`);
      }
      if (d.table === 'notifications' && d.userId !== m.id) {
        otherUsers += 1;
        problems.push(`client ${m.index} received ${k}, someone else's notification`);
      }
    }
    for (const [k, n] of wanted) {
      expectedTotal += n;
      const g = got.get(k) ?? 0;
      if (g < n) {
        missing += n - g;
        problems.push(`client ${m.index} is missing ${k}`);
      }
      if (g > n) {
        doubled += g - n;
        problems.push(`client ${m.index} received ${k} ${g} times`);
      }
    }
    for (const [k, g] of got) {
      if (wanted.has(k)) continue;
      unexpected += g;
      problems.push(`client ${m.index} received unexpected ${k}`);
    }
  }
  if (timedOut) problems.unshift(`not every client had all it expects within ${DELIVERY_CEILING_MS / 1000} s`);

  // The headline: message INSERTs (what a conversation view shows), commit to callback.
  const inserts = deliveries.filter((d) => d.table === 'conversation_messages' && responded.has(d.key));
  const latencies = inserts.map((d) => d.receivedAt - d.commitAt).sort((a, b) => a - b);
  const fromResponse = inserts
    .map((d) => d.receivedAt - responded.get(d.key)!)
    .sort((a, b) => a - b);

  for (const channel of channels) await channel.unsubscribe();
  return {
    variant,
    latencies,
    fromResponse,
    deliveries: deliveries.length,
    expected: expectedTotal,
    perClient: { min: Math.min(...counts), max: Math.max(...counts) },
    crossOrganisation,
    otherUsers,
    missing,
    doubled,
    unexpected,
    problems,
    memoryAfter,
  };
}

/** Sets up the network, runs the three subscriptions, prints, and says whether the goal was met. */
export async function realtimeBench(): Promise<boolean> {
  const t0 = performance.now();
  const stack = await startBenchStackProcess('realtime');
  const { config } = stack;
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  const members: Member[] = [];
  try {
    const pid = stack.child.pid!;
    const service = nodeClient(config, config.keys.serviceRoleKey);
    const network = await newMember(config, service, 'bench-network-admin');
    await db.query('insert into public.system_admins (user_id) values ($1)', [network.id]);
    const orgIds: string[] = [];
    const conversations: string[] = [];
    for (let org = 0; org < REALTIME_ORGS; org += 1) {
      const people = await Promise.all(
        Array.from({ length: REALTIME_MEMBERS }, (_, k) => newMember(config, service, `bench-org${org}-member${k}`)),
      );
      // As onboarding does: the creator becomes its admin (a trigger); the others join as members.
      const [{ id }] = (
        await db.query<{ id: string }>('insert into public.organizations (name, created_by) values ($1, $2) returning id', [
          `Realtime Bench ${org} ${crypto.randomUUID().slice(0, 6)}`,
          people[0].id,
        ])
      ).rows;
      for (const p of people.slice(1)) {
        await db.query("insert into public.organization_members (organization_id, user_id, role) values ($1, $2, 'member')", [id, p.id]);
      }
      orgIds.push(id);
      people.forEach((p, k) => members.push({ index: org * REALTIME_MEMBERS + k, id: p.id, org, client: p.client }));
      const started = await people[0].client.rpc('start_conversation', { p_organization_id: id, p_subject: `Bench ${org}`, p_body: 'Opening message.' });
      if (started.error) throw new Error(`start_conversation: ${started.error.message}`);
      conversations.push(String(started.data));
    }
    const [published] = (
      await db.query<{ tables: string }>(
        "select string_agg(tablename, ', ' order by tablename) as tables from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime'",
      )
    ).rows;
    const idle = memoryOf(pid);
    console.log(
      `  ${REALTIME_ORGS} organisations × ${REALTIME_MEMBERS} members, each a real session and supabase-js client (ws), set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(`  publication supabase_realtime: ${published.tables}`);
    console.log(
      `  ${REALTIME_MESSAGES} timed messages per subscription (after ${REALTIME_WARMUP} untimed) at ${REALTIME_RATE}/s through post_message, every ${NETWORK_EVERY}th by a system administrator`,
    );
    console.log(`  stack process before subscribing: ${idle.rss.toFixed(0)} MiB resident`);

    const ms = (n: number) => `${n.toFixed(0).padStart(4)} ms`;
    let within = true;
    for (const variant of ['table', 'filter', 'schema'] as const) {
      const r = await runVariant(variant, members, network.client, db, conversations, orgIds, pid);
      const label = {
        table: 'INSERT on conversation_messages',
        filter: 'INSERT on conversation_messages, organization_id=eq.<own>',
        schema: "'*' on all of schema public",
      }[variant];
      console.log(`\n  ${label}`);
      console.log(
        `    commit → callback        p50 ${ms(percentile(r.latencies, 50))}   p95 ${ms(percentile(r.latencies, 95))}   max ${ms(r.latencies.at(-1)!)}   (${r.latencies.length} message deliveries)`,
      );
      console.log(
        `    RPC response → callback  p50 ${ms(percentile(r.fromResponse, 50))}   p95 ${ms(percentile(r.fromResponse, 95))}   max ${ms(r.fromResponse.at(-1)!)}`,
      );
      console.log(
        `    deliveries ${r.deliveries} of ${r.expected} expected (per client ${r.perClient.min}–${r.perClient.max}); ` +
          `cross-organisation ${r.crossOrganisation}, others' notifications ${r.otherUsers}, missing ${r.missing}, doubled ${r.doubled}, unexpected ${r.unexpected}`,
      );
      // The machine is shared: the load decides the tail as much as the stand-in does.
      console.log(
        `    stack process after: ${r.memoryAfter.rss.toFixed(0)} MiB resident (peak ${r.memoryAfter.peak.toFixed(0)} MiB); ` +
          `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${availableParallelism()} cores`,
      );
      for (const p of r.problems.slice(0, 20)) console.log(`    FAIL ${p}`);
      if (r.problems.length > 20) console.log(`    … and ${r.problems.length - 20} more`);
      const met = r.problems.length === 0 && percentile(r.latencies, 95) <= REALTIME_GOAL_P95_MS;
      console.log(`    goal p95 ≤ ${REALTIME_GOAL_P95_MS} ms, every client exactly its own organisation's changes: ${met ? 'met' : 'MISSED'}`);
      if (!met) within = false;
    }
    return within;
  } finally {
    for (const m of members) await m.client.removeAllChannels();
    await db.end();
    await stack.stop();
  }
}
