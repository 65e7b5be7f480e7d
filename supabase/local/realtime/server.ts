import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { DevKeys } from '../config.ts';
import { startChangeStream, type RowChange } from './changes.ts';
import { parseFilter, SQL_OPERATOR, type ParsedFilter } from './filters.ts';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeFrame, type BroadcastBody, type Frame, type Vsn } from './protocol.ts';
import { endedSessionMessage, namesSession, sessionCheck } from './sessions.ts';

/**
 * The Realtime stand-in (docs/decisions/044-local-realtime.md): Supabase
 * Realtime's websocket protocol as @supabase/realtime-js 2.x speaks it —
 * channels, heartbeats, access-token updates, broadcast, presence and
 * `postgres_changes` from the database's logical replication stream. Each
 * change reaches a subscriber only when the subscriber may select the row,
 * checked in Postgres under the subscriber's role and JWT claims, as Supabase
 * Realtime's realtime.apply_rls does.
 */
export interface RealtimeOptions {
  port: number;
  /** A superuser connection: it reads the replication stream and switches to each subscriber's role. */
  dbUrl: string;
  keys: DevKeys;
  /** Replication slot name; one per stack, so test stacks on other ports do not share one. */
  slotName: string;
  log?: (message: string) => void;
}

export interface RunningRealtime {
  stop(): Promise<void>;
}

interface Claims extends JWTPayload {
  role?: string;
  session_id?: string;
}

interface PgBinding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed?: ParsedFilter;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** The token the socket connected with (its apikey): a join without access_token uses it. */
  connectToken: string;
  channels: Map<string, Channel>;
}

interface Channel {
  connection: Connection;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  token: string;
  claims: Claims;
  bindings: PgBinding[];
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  presence: Record<string, unknown> | null;
  expiryTimer?: NodeJS.Timeout;
}

/**
 * How often joined channels are asked whether their sessions still live: a
 * channel whose session ends (sign-out, a ban, a deletion) is closed within
 * about this long, not when its token expires.
 */
const SESSION_SWEEP_MS = 1000;

/** The roles a token may carry into the delivery check; any other is refused at join. */
const SUBSCRIBER_ROLES = new Set(['anon', 'authenticated', 'service_role']);

class TokenError extends Error {}

/**
 * The RLS check for one change and many subscribers in one round trip, as
 * Supabase Realtime's realtime.apply_rls does it: for each subscriber's
 * claims, switch to its role and claims (transaction-local) and run the
 * visibility query; an error (no select privilege, a policy that fails)
 * counts as not visible. A temporary function, made on each of the
 * stand-in's own connections, so the database's schema is not touched. The
 * transaction is read-only: a policy cannot write through it.
 */
const VISIBLE_FUNCTION = 'pg_temp.accord_realtime_visible';
const VISIBLE_FUNCTION_SQL = `
  create function ${VISIBLE_FUNCTION}(p_query text, p_key text[], p_table text, p_claims text[], p_xid bigint)
  returns jsonb
  language plpgsql
  as $$
  declare
    v_claims text;
    v_ok jsonb;
    v_verdicts jsonb := '[]';
    v_snapshot pg_catalog.pg_snapshot;
    v_xmax bigint;
    v_xid bigint;
  begin
    perform pg_catalog.set_config('transaction_read_only', 'on', true);
    -- The walsender streams a commit once its WAL is flushed, a moment before
    -- the transaction is visible to new snapshots: wait until it is (each
    -- statement here takes a fresh snapshot), or a row just committed would be
    -- judged invisible. pgoutput's xid has 32 bits; the epoch is the
    -- snapshot's (an xid at or above xmax is still running).
    for i in 1..5000 loop
      v_snapshot := pg_catalog.pg_current_snapshot();
      v_xmax := pg_catalog.pg_snapshot_xmax(v_snapshot)::text::bigint;
      v_xid := ((v_xmax >> 32) << 32) | p_xid;
      if v_xid > v_xmax + 2147483648 then
        v_xid := v_xid - 4294967296;
      end if;
      exit when v_xid < 0 or pg_catalog.pg_visible_in_snapshot(v_xid::text::xid8, v_snapshot);
      perform pg_catalog.pg_sleep(0.0002);
    end loop;
    foreach v_claims in array p_claims loop
      begin
        perform pg_catalog.set_config('role', (v_claims::jsonb) ->> 'role', true);
        perform pg_catalog.set_config('request.jwt.claims', v_claims, true);
        execute p_query into v_ok using p_key, p_table;
      exception when others then
        v_ok := null;
      end;
      v_verdicts := v_verdicts || pg_catalog.jsonb_build_array(v_ok);
    end loop;
    return v_verdicts;
  end;
  $$`;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function startRealtime(opts: RealtimeOptions): Promise<RunningRealtime> {
  const log = opts.log ?? (() => undefined);
  const publicKey = (await importJWK(opts.keys.publicJwk as JWK, 'ES256')) as CryptoKey;
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 8 });
  /** Pooled connections that have the check function (it is made once on each). */
  const withCheckFunction = new WeakSet<pg.PoolClient>();
  const connections = new Set<Connection>();
  const topics = new Map<string, Set<Channel>>();
  const sessions = sessionCheck(pool);
  let nextBindingId = 1;

  /** A token that is well signed and unexpired is still refused once the session it names has ended. */
  async function mustNameLiveSession(claims: Claims): Promise<void> {
    const [reason] = await sessions.endedReasons([claims]);
    if (reason) throw new TokenError(`InvalidJWTToken: ${endedSessionMessage(reason)}`);
  }

  async function verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify<Claims>(token, publicKey, { algorithms: ['ES256'], clockTolerance: 0 });
      if (typeof payload.role !== 'string' || typeof payload.exp !== 'number') {
        throw new TokenError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
      }
      if (!SUBSCRIBER_ROLES.has(payload.role)) throw new TokenError(`Unauthorized: role ${payload.role} cannot subscribe`);
      return payload;
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        const exp = Number((error.payload as Claims).exp ?? 0);
        throw new TokenError(`InvalidJWTToken: Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`);
      }
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new TokenError('JwtSignatureError: Failed to validate JWT signature');
      throw new TokenError('MalformedJWT: The token provided is not a valid JWT');
    }
  }

  function send(connection: Connection, frame: Frame) {
    if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(encodeFrame(connection.vsn, frame));
  }

  function reply(connection: Connection, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown> = {}) {
    send(connection, { joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } });
  }

  function push(channel: Channel, event: string, payload: Record<string, unknown>) {
    send(channel.connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
  }

  // Presence: each channel (one client's join) holds at most one entry under its key, as realtime-js tracks one.
  function presenceState(topic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const ch of topics.get(topic) ?? []) {
      if (ch.presence) (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presence);
    }
    return state;
  }

  function presenceDiff(channel: Channel, joins: Record<string, unknown> | null, leaves: Record<string, unknown> | null) {
    const diff = {
      joins: joins ? { [channel.presenceKey]: { metas: [joins] } } : {},
      leaves: leaves ? { [channel.presenceKey]: { metas: [leaves] } } : {},
    };
    for (const ch of topics.get(channel.topic) ?? []) if (ch.presenceEnabled) push(ch, 'presence_diff', diff);
  }

  function leave(channel: Channel) {
    clearTimeout(channel.expiryTimer);
    channel.connection.channels.delete(channel.topic);
    const members = topics.get(channel.topic);
    members?.delete(channel);
    if (members?.size === 0) topics.delete(channel.topic);
    if (channel.presence) {
      const left = channel.presence;
      channel.presence = null;
      presenceDiff(channel, null, left);
    }
  }

  /** What Realtime does when a channel's token stops being good: a system message, then phx_close. */
  function shutdown(channel: Channel, message: string) {
    push(channel, 'system', { extension: 'system', status: 'error', message, channel: channel.subTopic });
    push(channel, 'phx_close', {});
    leave(channel);
  }

  function armExpiry(channel: Channel) {
    clearTimeout(channel.expiryTimer);
    const ms = Number(channel.claims.exp) * 1000 - Date.now();
    channel.expiryTimer = setTimeout(() => shutdown(channel, 'Token has expired 0 seconds ago'), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
  }

  async function join(connection: Connection, frame: Frame) {
    const { topic, payload } = frame;
    const subTopic = topic.replace(/^realtime:/, '');
    if (!topic.startsWith('realtime:') || subTopic === '') {
      reply(connection, frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const existing = connection.channels.get(topic);
    if (existing) leave(existing);
    const config = (payload.config ?? {}) as {
      broadcast?: { self?: boolean; ack?: boolean };
      presence?: { key?: string; enabled?: boolean };
      postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
      private?: boolean;
    };
    const token = typeof payload.access_token === 'string' ? payload.access_token : connection.connectToken;
    let claims: Claims;
    try {
      claims = await verify(token);
      await mustNameLiveSession(claims);
    } catch (error) {
      reply(connection, frame, 'error', { reason: (error as Error).message });
      return;
    }
    if (config.private === true) {
      // Private channels authorise through realtime.messages policies, which the local database does not have.
      reply(connection, frame, 'error', { reason: 'Unauthorized: private channels are not available in the local Realtime stand-in' });
      return;
    }
    const bindings: PgBinding[] = [];
    try {
      for (const b of config.postgres_changes ?? []) {
        bindings.push({
          id: nextBindingId++,
          event: b.event ?? '*',
          schema: b.schema ?? 'public',
          table: b.table,
          filter: b.filter,
          parsed: b.filter ? parseFilter(b.filter) : undefined,
        });
      }
    } catch (error) {
      reply(connection, frame, 'error', { reason: (error as Error).message });
      return;
    }
    const channel: Channel = {
      connection,
      topic,
      subTopic,
      joinRef: frame.joinRef,
      token,
      claims,
      bindings,
      selfBroadcast: config.broadcast?.self === true,
      ackBroadcast: config.broadcast?.ack === true,
      presenceKey: config.presence?.key || randomUUID(),
      presenceEnabled: config.presence?.enabled === true,
      presence: null,
    };
    connection.channels.set(topic, channel);
    let members = topics.get(topic);
    if (!members) topics.set(topic, (members = new Set()));
    members.add(channel);
    armExpiry(channel);
    reply(connection, frame, 'ok', {
      postgres_changes: bindings.map((b) => ({
        id: b.id,
        event: b.event,
        schema: b.schema,
        ...(b.table === undefined ? {} : { table: b.table }),
        ...(b.filter === undefined ? {} : { filter: b.filter }),
      })),
    });
    if (bindings.length > 0) {
      push(channel, 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: subTopic });
    }
    if (channel.presenceEnabled) push(channel, 'presence_state', presenceState(topic));
  }

  async function accessToken(channel: Channel, frame: Frame) {
    const token = frame.payload.access_token;
    if (typeof token !== 'string' || token === channel.token) return;
    try {
      const claims = await verify(token);
      await mustNameLiveSession(claims);
      channel.claims = claims;
      channel.token = token;
      armExpiry(channel);
    } catch (error) {
      shutdown(channel, (error as Error).message.replace(/^[A-Za-z]+: /, ''));
    }
  }

  function broadcast(channel: Channel, event: string, body: BroadcastBody, meta: Record<string, unknown> | null) {
    for (const ch of topics.get(channel.topic) ?? []) {
      if (ch === channel && !channel.selfBroadcast) continue;
      if (ch.connection.vsn === '2.0.0') {
        if (ch.connection.ws.readyState === ch.connection.ws.OPEN) ch.connection.ws.send(encodeBinaryBroadcast(ch.topic, event, body, meta));
      } else if (body.encoding === 'json') {
        send(ch.connection, { joinRef: null, ref: null, topic: ch.topic, event: 'broadcast', payload: { type: 'broadcast', event, payload: body.value } });
      }
    }
  }

  function presence(channel: Channel, frame: Frame) {
    const event = frame.payload.event;
    const old = channel.presence;
    if (event === 'track') {
      const meta: Record<string, unknown> = { ...((frame.payload.payload ?? {}) as Record<string, unknown>), phx_ref: randomBytes(8).toString('base64url') };
      if (old) meta.phx_ref_prev = old.phx_ref;
      channel.presence = meta;
      presenceDiff(channel, meta, old);
    } else if (event === 'untrack' && old) {
      channel.presence = null;
      presenceDiff(channel, null, old);
    }
    reply(channel.connection, frame, 'ok');
  }

  async function handleFrame(connection: Connection, frame: Frame) {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      reply(connection, frame, 'ok');
      return;
    }
    if (frame.event === 'phx_join') {
      await join(connection, frame);
      return;
    }
    const channel = connection.channels.get(frame.topic);
    if (!channel) {
      reply(connection, frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        reply(connection, frame, 'ok');
        leave(channel);
        return;
      case 'access_token':
        await accessToken(channel, frame);
        return;
      case 'broadcast': {
        const event = typeof frame.payload.event === 'string' ? frame.payload.event : '';
        broadcast(channel, event, { encoding: 'json', value: frame.payload.payload }, null);
        reply(connection, frame, 'ok');
        return;
      }
      case 'presence':
        presence(channel, frame);
        return;
      default:
        reply(connection, frame, 'ok');
    }
  }

  // --- ended sessions --------------------------------------------------------

  /** Closes every joined channel whose token names a session that has since ended. */
  async function sweepEndedSessions() {
    const byKey = new Map<string, { claims: Claims; channels: Channel[] }>();
    for (const members of topics.values()) {
      for (const channel of members) {
        if (!namesSession(channel.claims)) continue;
        const key = JSON.stringify(channel.claims);
        const entry = byKey.get(key) ?? { claims: channel.claims, channels: [] };
        entry.channels.push(channel);
        byKey.set(key, entry);
      }
    }
    if (byKey.size === 0) return;
    const entries = [...byKey.values()];
    const reasons = await sessions.endedReasons(entries.map((e) => e.claims));
    entries.forEach(({ claims, channels }, i) => {
      const reason = reasons[i];
      if (!reason) return;
      // A channel that left, or took a new token, while the question ran is not this session's any more.
      for (const channel of channels) {
        if (channel.connection.channels.get(channel.topic) === channel && channel.claims === claims) shutdown(channel, endedSessionMessage(reason));
      }
    });
  }

  let sweep: Promise<void> | null = null;
  const sweepTimer = setInterval(() => {
    sweep ??= sweepEndedSessions()
      .catch((error: unknown) => log(`realtime: session check failed: ${(error as Error).message}`))
      .finally(() => (sweep = null));
  }, SESSION_SWEEP_MS);
  sweepTimer.unref();

  // --- postgres_changes -----------------------------------------------------

  const recordSql = new Map<string, string>();
  /** The change's text values as typed JSON, cast by Postgres with each column's own type. */
  async function typedRecord(change: RowChange, values: Record<string, string | null> | null, only?: string[]) {
    if (!values) return {};
    const columns = change.columns.filter((c) => c.name in values && (!only || only.includes(c.name)));
    if (columns.length === 0) return {};
    const key = `${change.schema}.${change.table}:${columns.map((c) => `${c.name}:${c.sqlType}`).join(',')}`;
    let text = recordSql.get(key);
    if (!text) {
      const pairs = columns.map((c, i) => `'${c.name.replaceAll("'", "''")}', $${i + 1}::text::${c.sqlType}`);
      text = `select pg_catalog.jsonb_build_object(${pairs.join(', ')}) as record`;
      recordSql.set(key, text);
    }
    const { rows } = await pool.query<{ record: Record<string, unknown> }>(text, columns.map((c) => values[c.name]));
    return rows[0].record;
  }

  async function matchesFilter(change: RowChange, filter: ParsedFilter): Promise<boolean> {
    const values = change.type === 'DELETE' ? change.oldRecord : change.record;
    const column = change.columns.find((c) => c.name === filter.column);
    if (!column || !values || !(filter.column in values)) return false;
    const value = values[filter.column];
    const cast = `::text::${column.sqlType}`;
    const text =
      filter.op === 'in'
        ? `select $1${cast} = any(array(select pg_catalog.unnest($2::text[])${cast})) as ok`
        : `select $1${cast} ${SQL_OPERATOR[filter.op]} $2${cast} as ok`;
    try {
      const { rows } = await pool.query<{ ok: boolean | null }>(text, [value, filter.op === 'in' ? filter.values : filter.values[0]]);
      return rows[0].ok === true;
    } catch {
      // A value that is not of the column's type matches nothing.
      return false;
    }
  }

  /**
   * Whether each subscriber may see the change: for INSERT and UPDATE, the row
   * is selected by primary key under each subscriber's role and claims (RLS
   * applies); for DELETE, whose row is gone, the role needs select on the
   * table and only the primary key is sent — as Supabase Realtime does.
   * Returns one verdict per set of claims, in order.
   *
   * Checks asked in the same turn of the event loop for rows of the same
   * table and transaction (a trigger's fan-out: one notification per member)
   * go to Postgres together, one statement for all their rows and all their
   * subscribers; each subscriber still has each row judged under its own
   * claims.
   */
  function visibleTo(change: RowChange, claimsList: Claims[], pk: Record<string, string | null>): Promise<boolean[]> {
    const keys = change.primaryKey;
    if (change.type !== 'DELETE' && keys.length === 0) return Promise.resolve(claimsList.map(() => false));
    const table = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
    const values = keys.map((k) => pk[k]);
    // Rows with a one-column key share a statement; a composite key is asked on its own.
    const shared = change.type === 'DELETE' || keys.length === 1;
    const group = `${change.xid}|${change.type === 'DELETE' ? 'delete' : 'row'}|${table}|${shared ? keys.join(',') : JSON.stringify(values)}`;
    return new Promise((resolve, reject) => {
      let batch = checkBatches.get(group);
      if (!batch) {
        checkBatches.set(group, (batch = { change, table, requests: [] }));
        setImmediate(() => {
          checkBatches.delete(group);
          void runChecks(batch!);
        });
      }
      batch.requests.push({ claimsList, values, resolve, reject });
    });
  }

  interface CheckBatch {
    change: RowChange;
    table: string;
    requests: { claimsList: Claims[]; values: (string | null)[]; resolve: (verdicts: boolean[]) => void; reject: (error: Error) => void }[];
  }
  const checkBatches = new Map<string, CheckBatch>();

  async function runChecks({ change, table, requests }: CheckBatch) {
    const keys = change.primaryKey;
    const typeOf = (k: string) => change.columns.find((c) => c.name === k)?.sqlType ?? 'text';
    let query: string;
    let params: (string | null)[];
    if (change.type === 'DELETE') {
      query = "select pg_catalog.to_jsonb(pg_catalog.has_table_privilege($2, 'select'))";
      params = [];
    } else if (keys.length === 1) {
      // For each key asked, in order, whether this subscriber can see its row (compared as the column's type).
      query =
        `select pg_catalog.jsonb_agg(exists(select 1 from ${table} where ${quoteIdent(keys[0])} = u.k) order by u.n) ` +
        `from pg_catalog.unnest(($1)::${typeOf(keys[0])}[]) with ordinality as u(k, n)`;
      params = [...new Set(requests.map((r) => r.values[0]))];
    } else {
      const where = keys.map((k, i) => `${quoteIdent(k)} = ($1[${i + 1}])::${typeOf(k)}`).join(' and ');
      query = `select pg_catalog.to_jsonb(exists(select 1 from ${table} where ${where}))`;
      params = requests[0].values;
    }
    const claimsByKey = new Map<string, Claims>();
    for (const r of requests) for (const c of r.claimsList) claimsByKey.set(JSON.stringify(c), c);
    const claimKeys = [...claimsByKey.keys()];
    try {
      const client = await pool.connect();
      let results: unknown[];
      try {
        if (!withCheckFunction.has(client)) {
          await client.query(VISIBLE_FUNCTION_SQL);
          withCheckFunction.add(client);
        }
        const { rows } = await client.query<{ verdicts: unknown[] }>(`select ${VISIBLE_FUNCTION}($1, $2, $3, $4, $5) as verdicts`, [
          query,
          params,
          table,
          claimKeys,
          change.xid,
        ]);
        results = rows[0].verdicts;
      } finally {
        client.release();
      }
      const byClaims = new Map(claimKeys.map((k, i) => [k, results[i]]));
      for (const r of requests) {
        r.resolve(
          r.claimsList.map((c) => {
            const result = byClaims.get(JSON.stringify(c));
            if (Array.isArray(result)) return result[params.indexOf(r.values[0])] === true;
            return result === true;
          }),
        );
      }
    } catch (error) {
      for (const r of requests) r.reject(error as Error);
    }
  }

  /** Whether the change matches each distinct filter, asked once per filter rather than once per subscriber. */
  function filterVerdicts(change: RowChange, filters: ParsedFilter[]): Map<ParsedFilter, Promise<boolean>> {
    const byText = new Map<string, Promise<boolean>>();
    const verdicts = new Map<ParsedFilter, Promise<boolean>>();
    for (const f of filters) {
      const text = JSON.stringify([f.column, f.op, f.values]);
      let verdict = byText.get(text);
      if (!verdict) byText.set(text, (verdict = matchesFilter(change, f)));
      verdicts.set(f, verdict);
    }
    return verdicts;
  }

  /**
   * Everything a change needs before it can go out — which channels match,
   * their RLS verdicts, the typed payload — worked out as soon as the change
   * arrives, alongside the changes before it (the pool bounds the work).
   */
  async function prepare(change: RowChange): Promise<{ data: Record<string, unknown>; pending: { channel: Channel; ids: number[]; claims: Claims; verdict: boolean }[] } | null> {
    const candidates: { channel: Channel; binding: PgBinding }[] = [];
    for (const members of topics.values()) {
      for (const channel of members) {
        for (const b of channel.bindings) {
          if (b.event !== '*' && b.event.toUpperCase() !== change.type) continue;
          if (b.schema !== '*' && b.schema !== change.schema) continue;
          if (b.table !== undefined && b.table !== '*' && b.table !== change.table) continue;
          candidates.push({ channel, binding: b });
        }
      }
    }
    if (candidates.length === 0) return null;
    const filters = filterVerdicts(change, candidates.flatMap((c) => (c.binding.parsed ? [c.binding.parsed] : [])));
    const targets = new Map<Channel, number[]>();
    for (const { channel, binding } of candidates) {
      if (binding.parsed && !(await filters.get(binding.parsed))) continue;
      targets.set(channel, [...(targets.get(channel) ?? []), binding.id]);
    }
    if (targets.size === 0) return null;
    const pkSource = change.type === 'DELETE' ? (change.oldRecord ?? {}) : (change.record ?? {});
    const pk = Object.fromEntries(change.primaryKey.map((k) => [k, pkSource[k] ?? null]));
    // One check per distinct set of claims: many subscribers often share a role and a user.
    const claimsByKey = new Map<string, Claims>();
    const entries = [...targets].map(([channel, ids]) => {
      const key = JSON.stringify(channel.claims);
      claimsByKey.set(key, channel.claims);
      return { channel, ids, claims: channel.claims, key };
    });
    const keys = [...claimsByKey.keys()];
    const [verdicts, record, oldRecord] = await Promise.all([
      visibleTo(change, [...claimsByKey.values()], pk).catch((error: unknown) => {
        log(`realtime: RLS check failed, nothing delivered: ${(error as Error).message}`);
        return keys.map(() => false);
      }),
      change.type === 'DELETE' ? undefined : typedRecord(change, change.record),
      // Old values are the primary key only, as Realtime sends them when the table has RLS.
      change.type === 'INSERT' ? undefined : typedRecord(change, { ...pk, ...(change.oldRecord ?? {}) }, change.primaryKey),
    ]);
    const data = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commitTimestamp,
      type: change.type,
      columns: change.columns.map(({ name, type }) => ({ name, type })),
      errors: null,
      ...(record === undefined ? {} : { record }),
      ...(oldRecord === undefined ? {} : { old_record: oldRecord }),
    };
    return { data, pending: entries.map(({ channel, ids, claims, key }) => ({ channel, ids, claims, verdict: verdicts[keys.indexOf(key)] === true })) };
  }

  function deliver(prepared: Awaited<ReturnType<typeof prepare>>) {
    if (!prepared) return;
    for (const { channel, ids, verdict, claims } of prepared.pending) {
      // The channel may have left, or its token been replaced or expired, while the check ran.
      if (!verdict || channel.connection.channels.get(channel.topic) !== channel || channel.claims !== claims) continue;
      if (Number(channel.claims.exp) * 1000 <= Date.now()) continue;
      push(channel, 'postgres_changes', { ids, data: prepared.data });
    }
  }

  // Changes are delivered one after another, in commit order.
  let queue = Promise.resolve();
  const stream = await startChangeStream(
    opts.dbUrl,
    opts.slotName,
    (change) => {
      // Prepared at once; sent strictly in commit order.
      const prepared = prepare(change);
      prepared.catch(() => undefined);
      queue = queue
        .then(() => prepared)
        .then(deliver)
        .catch((error: unknown) => log(`realtime: delivery failed: ${(error as Error).message}`));
    },
    log,
  );

  // --- websocket server -----------------------------------------------------

  const server = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not found' }));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://realtime');
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? '';
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    if (url.pathname !== '/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    verify(apikey).then(
      () =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection: Connection = { ws, vsn, connectToken: apikey, channels: new Map() };
          connections.add(connection);
          let inbox = Promise.resolve();
          ws.on('message', (data: RawData, isBinary: boolean) => {
            inbox = inbox
              .then(async () => {
                const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
                if (isBinary) {
                  const pushed = decodeBinary(buffer);
                  const channel = pushed && connection.channels.get(pushed.topic);
                  if (!pushed || !channel) return;
                  broadcast(channel, pushed.event, pushed.body, pushed.meta);
                  if (channel.ackBroadcast) {
                    send(connection, { joinRef: pushed.joinRef, ref: pushed.ref, topic: pushed.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
                  }
                  return;
                }
                const frame = decodeText(buffer.toString('utf8'));
                if (frame) await handleFrame(connection, frame);
              })
              .catch((error: unknown) => log(`realtime: ${(error as Error).message}`));
          });
          ws.on('close', () => {
            for (const channel of [...connection.channels.values()]) leave(channel);
            connections.delete(connection);
          });
        }),
      (error: unknown) => {
        const body = JSON.stringify({ message: (error as Error).message });
        socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });

  return {
    async stop() {
      clearInterval(sweepTimer);
      await sweep;
      for (const c of connections) c.ws.terminate();
      for (const members of topics.values()) for (const ch of members) clearTimeout(ch.expiryTimer);
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stream.stop();
      await queue;
      await pool.end();
    },
  };
}
