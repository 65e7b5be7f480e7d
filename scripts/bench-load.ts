import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createClient, type RealtimeChannel, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackConfig } from '../supabase/local/config.ts';
import { enrolVerifiedTotp } from '../tests/support/mfa.ts';
import { backOfficeSizes, seedNetwork, signedIn, type BackOfficeSizes } from './bench-back-office.ts';
import { BENCH_AUTH_RATE_LIMITS, startBenchStackProcess } from './bench-stack-process.ts';
import {
  connectionPeak,
  goalLine,
  latencySummary,
  noErrors,
  phaseLines,
  type ConnectionPeak,
  type ConnectionSample,
  type PhaseErrors,
} from './lib/load-figures.ts';

/**
 * `npm run bench -- --load` (issue 28, decision 086): the network under load
 * at the back-office bench's scale (100,000 organisations by default; `--orgs`,
 * `--members`, `--activity` as there), on a stack of its own in its own
 * process (scripts/bench-stack-process.ts: .data/test[-offset]-load, the test
 * ports, removed after). Four phases, one after the other, each reporting
 * throughput, p50/p95/p99 latency, errors (non-2xx, timeouts, failures) and the
 * most Postgres connections in use (pg_stat_activity sampled every 100 ms):
 *   1. the open registry API as a visitor with the anon key through the
 *      gateway (autocannon, REGISTRY_CONNECTIONS clients for 30 s, or
 *      `--load-seconds N`): registry_search with every filter (a registry
 *      page's query, and the longest search string allowed), registry_by_domain
 *      and registry_by_id;
 *   2. SIGN_INS sign-ins by e-mail code within a minute (the auth stand-in's
 *      limits raised for this bench only: BENCH_AUTH_RATE_LIMITS);
 *   3. WRITERS members writing in their conversations (post_message with a
 *      request id) while SUBSCRIBERS supabase-js clients are subscribed through
 *      Realtime: delivery from the commit to each client's callback;
 *   4. ADMINS system administrators at aal2 paging /admin/tenants and
 *      /admin/network-activity (the RPCs and arguments src/data/admin sends).
 * Goals (issue 28): the registry ≥ 1,000 req/s with p95 ≤ 50 ms and no
 * errors; realtime delivery p95 ≤ 100 ms during the message load; no 5xx in
 * any phase.
 */
const REGISTRY_CONNECTIONS = 100;
const REGISTRY_SECONDS = 30;
const REGISTRY_GOAL_RPS = 1_000;
const REGISTRY_GOAL_P95_MS = 50;
/** autocannon's: a request unanswered this long counts as a timeout (PostgREST's anon statements end after 1 s). */
const REQUEST_TIMEOUT_S = 10;
const SIGN_INS = 200;
const SIGN_IN_WINDOW_MS = 60_000;
const REALTIME_ORGS = 10;
const REALTIME_MEMBERS = 10;
/** The first WRITERS_PER_ORG members of each organisation write. */
const WRITERS_PER_ORG = 5;
const WRITE_SECONDS = 20;
const WRITE_INTERVAL_MS = 2_000;
const REALTIME_GOAL_P95_MS = 100;
const DELIVERY_CEILING_MS = 60_000;
const ADMINS = 20;
const ADMIN_SECONDS = 20;
/** Pages a person reads on before starting again from the first. */
const ADMIN_PAGES = 5;
/** As /admin/tenants and /admin/network-activity ask: a page of 50 and one more to know there is a next. */
const ADMIN_PAGE_SIZE = 50;

const transport = WebSocket as unknown as WebSocketLikeConstructor;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const machineLoad = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${availableParallelism()} cores`;

export interface LoadBenchOptions {
  sizes: BackOfficeSizes;
  registrySeconds: number;
}

export function loadBenchOptions(argv: string[]): LoadBenchOptions {
  const i = argv.indexOf('--load-seconds');
  const seconds = i < 0 ? REGISTRY_SECONDS : Number(argv[i + 1]);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`--load-seconds needs a positive whole number (got "${argv[i + 1]}")`);
  return { sizes: backOfficeSizes(argv), registrySeconds: seconds };
}

function nodeClient(config: StackConfig, key: string): SupabaseClient {
  return createClient(config.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport },
  });
}

/** Samples pg_stat_activity's client backends (but its own) every 100 ms until stopped. */
function watchConnections(dbUrl: string): { stop(): Promise<ConnectionPeak> } {
  const db = new pg.Client({ connectionString: dbUrl });
  const samples: ConnectionSample[] = [];
  let stopped = false;
  const running = (async () => {
    await db.connect();
    try {
      while (!stopped) {
        const { rows } = await db.query<{ role: string; n: number; active: number }>(
          `select coalesce(usename::text, '?') as role, count(*)::int as n, (count(*) filter (where state = 'active'))::int as active
             from pg_catalog.pg_stat_activity
            where backend_type = 'client backend' and pid <> pg_catalog.pg_backend_pid()
            group by 1`,
        );
        samples.push({
          total: rows.reduce((s, r) => s + r.n, 0),
          active: rows.reduce((s, r) => s + r.active, 0),
          byRole: Object.fromEntries(rows.map((r) => [r.role, r.n])),
        });
        await sleep(100);
      }
    } finally {
      await db.end();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return connectionPeak(samples);
    },
  };
}

/** CPU seconds used so far by a process tree, by program (node, postgres, postgrest, deno…), from /proc. */
function cpuByProgram(root: number): Map<string, number> {
  const byProgram = new Map<string, number>();
  const visit = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14 and 15 of the line) and, for reaped children, cutime and cstime: in clock ticks of 1/100 s.
      const ticks = Number(fields[11]) + Number(fields[12]);
      byProgram.set(comm, (byProgram.get(comm) ?? 0) + ticks / 100);
      for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(task));
    } catch {
      // Ended meanwhile.
    }
  };
  visit(root);
  return byProgram;
}

/** What each program of the stack (and the bench itself) used of the CPU during a phase. */
function cpuWatch(stackPid: number): { stop(): string } {
  const before = cpuByProgram(stackPid);
  const self = process.cpuUsage();
  const t0 = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - t0) / 1000;
      const after = cpuByProgram(stackPid);
      const used = [...after].map(([program, s]) => [program, s - (before.get(program) ?? 0)] as const).filter(([, s]) => s >= 0.05);
      const bench = process.cpuUsage(self);
      used.push(['the bench', (bench.user + bench.system) / 1e6]);
      used.sort((a, b) => b[1] - a[1]);
      return `    CPU         ${used.map(([p, s]) => `${p} ${s.toFixed(1)} s`).join(', ')} in ${seconds.toFixed(0)} s (${availableParallelism()} cores)`;
    },
  };
}

/** Errors of supabase-js calls, told apart by the HTTP status they came with (0: no answer). */
class ErrorCount {
  readonly errors: PhaseErrors = { non2xx: 0, fiveXx: 0, timeouts: 0, failed: 0 };
  readonly examples: string[] = [];
  note(status: number, error: { message?: string } | null): void {
    if (!error && status >= 200 && status < 300) return;
    if (status === 0 || !status) this.errors.failed += 1;
    else this.errors.non2xx += 1;
    if (status >= 500) this.errors.fiveXx += 1;
    if (this.examples.length < 5) this.examples.push(`${status}: ${error?.message ?? ''}`);
  }
}

async function timed<T extends { status?: number; error: { message?: string; status?: number } | null }>(
  latencies: number[],
  count: ErrorCount,
  call: () => PromiseLike<T>,
): Promise<T> {
  const t0 = performance.now();
  const result = await call();
  latencies.push(performance.now() - t0);
  count.note(result.status ?? result.error?.status ?? (result.error ? 0 : 200), result.error);
  return result;
}

// ─── 1. The open registry API ────────────────────────────────────────────────

/** A registry page's longest search: 300 characters, the most registry_search accepts (decision 068). */
const LONGEST_QUERY = 'Harbour Bank Retail Systems Trust Partners Group '.repeat(7).slice(0, 300);

async function registryPhase(config: StackConfig, db: pg.Client, seconds: number, pid: number): Promise<boolean> {
  const ids = (await db.query<{ id: string; domain: string }>(
    `select o.id::text, o.registry_domain as domain from public.organizations o
       join public.registry_entries r on r.organization_id = o.id
      where o.registry_domain is not null order by o.id limit 2000`,
  )).rows;
  const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
  const headers = {
    apikey: config.keys.anonKey,
    authorization: `Bearer ${config.keys.anonKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  // As the registry page sends a search (src/data/public-api.ts publicRpc): POST, a page as limit and offset.
  const everyFilter = { p_query: 'Harbour Bank', p_sector: 'education', p_country: 'nl', p_status: 'active' };
  const calls = {
    'registry_search: every filter, page of 20': { path: '/rest/v1/rpc/registry_search?limit=20&offset=0', body: () => everyFilter },
    'registry_search: every filter, 300-character search': {
      path: '/rest/v1/rpc/registry_search?limit=20&offset=0',
      body: () => ({ ...everyFilter, p_query: LONGEST_QUERY }),
    },
    'registry_search: filters, largest page (1,000 rows)': {
      path: '/rest/v1/rpc/registry_search?limit=1000&offset=0',
      body: () => ({ p_country: 'NL', p_status: 'active' }),
    },
    registry_by_domain: { path: '/rest/v1/rpc/registry_by_domain', body: () => ({ p_domain: pick().domain }) },
    registry_by_id: { path: '/rest/v1/rpc/registry_by_id', body: () => ({ p_id: pick().id }) },
  };

  // Each call alone first, one client: what the load adds to it, and how far inside the anon role's 1 s statement timeout it is.
  console.log('  each call alone (one client, 20 calls after 3 warm-up)');
  for (const [label, call] of Object.entries(calls)) {
    const times: number[] = [];
    const refused = new Map<string, number>();
    for (let run = 0; run < 23; run += 1) {
      const t0 = performance.now();
      const response = await fetch(`http://127.0.0.1:${config.ports.api}${call.path}`, { method: 'POST', headers, body: JSON.stringify(call.body()) });
      const body = await response.text();
      if (run < 3) continue;
      times.push(performance.now() - t0);
      if (!response.ok) {
        const key = `${response.status} ${(JSON.parse(body) as { code?: string }).code ?? ''}`.trim();
        refused.set(key, (refused.get(key) ?? 0) + 1);
      }
    }
    const s = latencySummary(times);
    const failures = [...refused].map(([key, n]) => `${key} × ${n}`).join(', ');
    console.log(`    ${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms${failures ? `   FAILED ${failures}` : ''}`);
  }

  // Under load: the page's search, the longest search, a domain and an id, in turn on each connection (not the 1,000-row page: an API caller's bulk read, not a visitor's).
  const mix = [
    calls['registry_search: every filter, page of 20'],
    calls['registry_search: every filter, 300-character search'],
    calls.registry_by_domain,
    calls.registry_by_id,
  ];
  console.log(`  ${REGISTRY_CONNECTIONS} clients for ${seconds} s, each in turn: the page's search, the longest search, by domain, by id (${machineLoad()})`);
  const watch = watchConnections(config.dbUrl);
  const cpu = cpuWatch(pid);
  const latencies: number[] = [];
  const instance = autocannon({
    // 127.0.0.1, not localhost: the gateway listens on IPv4 only.
    url: `http://127.0.0.1:${config.ports.api}`,
    connections: REGISTRY_CONNECTIONS,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    headers,
    requests: mix.map((call) => ({
      method: 'POST',
      path: call.path,
      setupRequest: (request) => ({ ...request, body: JSON.stringify(call.body()) }),
    })),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  const connections = await watch.stop();
  const errors: PhaseErrors = {
    non2xx: result.non2xx,
    fiveXx: result['5xx'],
    timeouts: result.timeouts,
    failed: Math.max(0, result.errors - result.timeouts),
  };
  const figures = { requests: latencies.length, seconds: result.duration, latency: latencySummary(latencies), errors, connections };
  for (const line of phaseLines(figures)) console.log(line);
  console.log(cpu.stop());
  const codes = Object.entries(result.statusCodeStats).map(([code, s]) => `${code} × ${s.count}`).join(', ');
  console.log(`    answers     ${codes}`);
  const rps = figures.requests / figures.seconds;
  const met = rps >= REGISTRY_GOAL_RPS && figures.latency.p95 <= REGISTRY_GOAL_P95_MS && noErrors(errors);
  console.log(goalLine(`≥ ${REGISTRY_GOAL_RPS} req/s, p95 ≤ ${REGISTRY_GOAL_P95_MS} ms, 0 errors`, met));
  console.log(goalLine('no 5xx', errors.fiveXx === 0));
  return met && errors.fiveXx === 0;
}

// ─── 2. Sign-ins by code ─────────────────────────────────────────────────────

/** The mail catcher read by one poller for every waiting sign-in; each mail is removed once read. */
function inboxCodes(inboxUrl: string): { codeFor(address: string): Promise<string>; stop(): void } {
  const waiting = new Map<string, (code: string) => void>();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      if (waiting.size > 0) {
        const mails = (await (await fetch(`${inboxUrl}/email`)).json()) as { id: string; to: { address: string }[]; text: string }[];
        for (const mail of mails) {
          const address = mail.to[0]?.address.toLowerCase() ?? '';
          const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
          const resolve = waiting.get(address);
          if (!resolve || !code) continue;
          waiting.delete(address);
          resolve(code);
          await fetch(`${inboxUrl}/email/${mail.id}`, { method: 'DELETE' });
        }
      }
      await sleep(50);
    }
  })();
  return {
    codeFor: (address) => new Promise((resolve) => waiting.set(address.toLowerCase(), resolve)),
    stop: () => void (stopped = true),
  };
}

async function signInPhase(config: StackConfig, pid: number): Promise<boolean> {
  const service = nodeClient(config, config.keys.serviceRoleKey);
  const run = randomUUID().slice(0, 8);
  const emails = Array.from({ length: SIGN_INS }, (_, i) => `signin${i}.${run}@bench.accord.test`);
  // Existing accounts, as people who come back: a sign-in, not a sign-up.
  for (let i = 0; i < emails.length; i += 20) {
    await Promise.all(emails.slice(i, i + 20).map(async (email) => {
      const { error } = await service.auth.admin.createUser({ email, email_confirm: true });
      if (error) throw error;
    }));
  }
  const limits = BENCH_AUTH_RATE_LIMITS;
  console.log(
    `  auth limits RAISED for this bench only: ${limits.rateLimits.signInSignUps} sign-ins and ${limits.rateLimits.tokenVerifications} verifications per 5 min per address, ` +
      `${limits.emailSentPerHour} e-mails an hour (config.toml, the dev stack and hosted: 30, 30 and 30)`,
  );
  console.log(`  ${SIGN_INS} sign-ins by code, one every ${SIGN_IN_WINDOW_MS / SIGN_INS} ms: ask for a code, read it from the mail, verify it (${machineLoad()})`);
  const inbox = inboxCodes(config.inboxUrl);
  const watch = watchConnections(config.dbUrl);
  const cpu = cpuWatch(pid);
  const latencies: number[] = [];
  const whole: number[] = [];
  const count = new ErrorCount();
  const start = performance.now();
  try {
    await Promise.all(emails.map(async (email, i) => {
      await sleep(i * (SIGN_IN_WINDOW_MS / SIGN_INS));
      const client = nodeClient(config, config.keys.anonKey);
      const t0 = performance.now();
      const asked = await timed(latencies, count, () => client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } }).then((r) => ({ ...r, status: r.error?.status ?? 200 })));
      if (asked.error) return;
      const code = await Promise.race([inbox.codeFor(email), sleep(DELIVERY_CEILING_MS).then(() => null)]);
      if (!code) {
        count.errors.timeouts += 1;
        return;
      }
      const verified = await timed(latencies, count, () => client.auth.verifyOtp({ email, token: code, type: 'email' }).then((r) => ({ ...r, status: r.error?.status ?? 200 })));
      if (!verified.error) whole.push(performance.now() - t0);
    }));
  } finally {
    inbox.stop();
  }
  const seconds = (performance.now() - start) / 1000;
  const connections = await watch.stop();
  for (const line of phaseLines({ requests: latencies.length, seconds, latency: latencySummary(latencies), errors: count.errors, connections })) console.log(line);
  console.log(cpu.stop());
  const w = latencySummary(whole);
  console.log(`    sign-in     ${w.count} of ${SIGN_INS} signed in in ${seconds.toFixed(1)} s; ask → mail → verified p50 ${w.p50.toFixed(0)} ms, p95 ${w.p95.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms`);
  for (const e of count.examples) console.log(`    e.g. ${e}`);
  const met = w.count === SIGN_INS && seconds * 1000 <= SIGN_IN_WINDOW_MS + 5_000 && noErrors(count.errors);
  console.log(goalLine(`all ${SIGN_INS} signed in within the minute (and a few seconds for the last), 0 errors`, met));
  console.log(goalLine('no 5xx', count.errors.fiveXx === 0));
  return met;
}

// ─── 3. Members writing while clients are subscribed ─────────────────────────

async function realtimePhase(config: StackConfig, db: pg.Client, pid: number): Promise<boolean> {
  const t0 = performance.now();
  const orgIds: string[] = [];
  const conversations: string[] = [];
  const people: { id: string; client: SupabaseClient; org: number; k: number }[] = [];
  const run = randomUUID().slice(0, 8);
  for (let org = 0; org < REALTIME_ORGS; org += 1) {
    const members = await Promise.all(
      Array.from({ length: REALTIME_MEMBERS }, (_, k) => signedIn(config, `rt${org}-${k}.${run}@bench.accord.test`)),
    );
    // As onboarding does: the creator becomes its admin (a trigger); the others join as members.
    const [{ id }] = (await db.query<{ id: string }>('insert into public.organizations (name, created_by) values ($1, $2) returning id', [
      `Load Bench ${org} ${run}`,
      members[0]!.id,
    ])).rows;
    for (const m of members.slice(1)) await db.query("insert into public.organization_members (organization_id, user_id, role) values ($1, $2, 'member')", [id, m.id]);
    const started = await members[0]!.client.rpc('start_conversation', { p_organization_id: id, p_subject: `Load ${org}`, p_body: 'Opening message.', p_request_id: randomUUID() });
    if (started.error) throw new Error(`start_conversation: ${started.error.message}`);
    orgIds.push(id);
    conversations.push(String(started.data));
    members.forEach((m, k) => people.push({ ...m, org, k }));
  }
  console.log(`  ${REALTIME_ORGS} organisations × ${REALTIME_MEMBERS} members, each a real session and supabase-js client, set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Each client: its own organisation's new messages, as a conversation view subscribes.
  const received = people.map(() => new Map<string, number>());
  const latencies: number[] = [];
  let subscribedAt = Infinity;
  const channels: RealtimeChannel[] = [];
  await Promise.all(people.map((p, index) => new Promise<void>((resolve, reject) => {
    const channel = p.client
      .channel(`load-${index}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'conversation_messages', filter: `organization_id=eq.${orgIds[p.org]}` }, (change) => {
        const at = Date.now();
        const committed = Date.parse(change.commit_timestamp);
        if (committed < subscribedAt) return;
        received[index]!.set(String((change.new as { id: unknown }).id), at);
        latencies.push(at - committed);
      });
    channels.push(channel);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') reject(error ?? new Error(status));
    });
  })));
  subscribedAt = Date.now();

  const writers = people.filter((p) => p.k < WRITERS_PER_ORG);
  console.log(
    `  ${writers.length} members writing (post_message with a request id, one every ${WRITE_INTERVAL_MS / 1000} s each, for ${WRITE_SECONDS} s) ` +
      `while ${people.length} clients are subscribed (${machineLoad()})`,
  );
  const watch = watchConnections(config.dbUrl);
  const cpu = cpuWatch(pid);
  const posted: { id: string; org: number }[] = [];
  const writeLatencies: number[] = [];
  const count = new ErrorCount();
  const start = performance.now();
  try {
    await Promise.all(writers.map(async (w, n) => {
      // Spread over the interval, so the writes come steadily rather than in bursts.
      for (let next = (n / writers.length) * WRITE_INTERVAL_MS; next < WRITE_SECONDS * 1000; next += WRITE_INTERVAL_MS) {
        const wait = start + next - performance.now();
        if (wait > 0) await sleep(wait);
        const { data, error } = await timed(writeLatencies, count, () =>
          w.client.rpc('post_message', { p_conversation_id: conversations[w.org]!, p_body: `Load message from ${w.k} at ${next}`, p_request_id: randomUUID() }),
        );
        if (!error) posted.push({ id: String(data), org: w.org });
      }
    }));
    const seconds = (performance.now() - start) / 1000;

    // Every subscriber must receive every message of its organisation; the wait is for that, up to a ceiling.
    const until = Date.now() + DELIVERY_CEILING_MS;
    const missing = () => people.reduce((sum, p, i) => sum + posted.filter((m) => m.org === p.org && !received[i]!.has(m.id)).length, 0);
    while (missing() > 0 && Date.now() < until) await sleep(100);
    const connections = await watch.stop();
    const lost = missing();
    const expected = people.reduce((sum, p) => sum + posted.filter((m) => m.org === p.org).length, 0);

    for (const line of phaseLines({ requests: writeLatencies.length, seconds, latency: latencySummary(writeLatencies), errors: count.errors, connections })) console.log(line);

    console.log(cpu.stop());
    const d = latencySummary(latencies);
    console.log(`    delivery    commit → callback p50 ${d.p50.toFixed(0)} ms   p95 ${d.p95.toFixed(0)} ms   p99 ${d.p99.toFixed(0)} ms   max ${d.max.toFixed(0)} ms`);
    console.log(`    deliveries  ${expected - lost} of ${expected} (${posted.length} messages × their organisation's ${REALTIME_MEMBERS} clients); missing ${lost}`);
    for (const e of count.examples) console.log(`    e.g. ${e}`);
    const met = lost === 0 && d.p95 <= REALTIME_GOAL_P95_MS && noErrors(count.errors);
    console.log(goalLine(`realtime delivery p95 ≤ ${REALTIME_GOAL_P95_MS} ms, every message to every client, 0 errors`, met));
    console.log(goalLine('no 5xx', count.errors.fiveXx === 0));
    return met && count.errors.fiveXx === 0;
  } finally {
    for (const p of people) await p.client.removeAllChannels();
  }
}

// ─── 4. Administrators paging the back office ────────────────────────────────

interface TenantRow { id: string }
interface ActivityRow { id: number; occurred_at: string }

async function adminPhase(config: StackConfig, db: pg.Client, pid: number): Promise<boolean> {
  const run = randomUUID().slice(0, 8);
  const admins = await Promise.all(Array.from({ length: ADMINS }, (_, k) => signedIn(config, `admin${k}.${run}@bench.accord.test`)));
  for (const a of admins) await db.query('insert into public.system_admins (user_id) values ($1)', [a.id]);
  // At aal2, as the back office requires of a person: a real TOTP factor, verified.
  await Promise.all(admins.map((a) => enrolVerifiedTotp(a.client)));
  console.log(
    `  ${ADMINS} system administrators at aal2, each for ${ADMIN_SECONDS} s: ${ADMIN_PAGES} pages of /admin/tenants, then ${ADMIN_PAGES} of /admin/network-activity, and again (${machineLoad()})`,
  );
  const watch = watchConnections(config.dbUrl);
  const cpu = cpuWatch(pid);
  const latencies: number[] = [];
  const count = new ErrorCount();
  const start = performance.now();
  const end = start + ADMIN_SECONDS * 1000;
  await Promise.all(admins.map(async ({ client }) => {
    while (performance.now() < end) {
      // The arguments src/data/admin/list-tenants.ts and list-network-activity.ts send for the pages' defaults.
      let after: string | null = null;
      for (let page = 0; page < ADMIN_PAGES && performance.now() < end; page += 1) {
        const { data, error } = await timed(latencies, count, () =>
          client.rpc('admin_list_tenants', { p_sort: 'name', ...(after ? { p_after: after } : {}), p_limit: ADMIN_PAGE_SIZE + 1 }),
        );
        const rows = (error ? [] : (data as TenantRow[])).slice(0, ADMIN_PAGE_SIZE);
        if (rows.length < ADMIN_PAGE_SIZE) break;
        after = rows.at(-1)!.id;
      }
      let before: ActivityRow | null = null;
      for (let page = 0; page < ADMIN_PAGES && performance.now() < end; page += 1) {
        const { data, error } = await timed(latencies, count, () =>
          client.rpc('admin_network_activity', {
            ...(before ? { p_before_occurred_at: before.occurred_at, p_before_id: before.id } : {}),
            p_limit: ADMIN_PAGE_SIZE + 1,
          }),
        );
        const rows = (error ? [] : (data as ActivityRow[])).slice(0, ADMIN_PAGE_SIZE);
        if (rows.length < ADMIN_PAGE_SIZE) break;
        before = rows.at(-1)!;
      }
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  const connections = await watch.stop();
  for (const line of phaseLines({ requests: latencies.length, seconds, latency: latencySummary(latencies), errors: count.errors, connections })) console.log(line);
  console.log(cpu.stop());
  for (const e of count.examples) console.log(`    e.g. ${e}`);
  console.log(goalLine('no 5xx', count.errors.fiveXx === 0));
  return count.errors.fiveXx === 0;
}

/** Starts the bench's stack, loads the network, runs the four phases, prints; says whether every goal was met. */
export async function loadBench(options: LoadBenchOptions): Promise<boolean> {
  const stack = await startBenchStackProcess('load', { raiseAuthLimits: true });
  const { config } = stack;
  const pid = stack.child.pid!;
  // Stopped on Ctrl-C or a kill as well: the stack process also ends when this one does (its stdin closes).
  const onSignal = (signal: NodeJS.Signals) => void stack.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const db = new pg.Client({ connectionString: config.dbUrl });
  try {
    await db.connect();
    await seedNetwork(config, db, options.sizes);
    const [{ pool }] = (await db.query<{ pool: string }>(`select current_setting('max_connections') as pool`)).rows;
    console.log(`  Postgres max_connections ${pool}; the stack in its own process (${machineLoad()})`);
    const results: boolean[] = [];
    console.log('\n  1. The open registry API (visitor, anon key, through the gateway)');
    results.push(await registryPhase(config, db, options.registrySeconds, pid));
    console.log('\n  2. Sign-ins by e-mail code');
    results.push(await signInPhase(config, pid));
    console.log('\n  3. Members writing in conversations while clients are subscribed (Realtime)');
    results.push(await realtimePhase(config, db, pid));
    console.log('\n  4. Administrators paging the back office');
    results.push(await adminPhase(config, db, pid));
    console.log(`\n  goals: ${results.every(Boolean) ? 'met' : 'MISSED'} (${machineLoad()})`);
    return results.every(Boolean);
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
