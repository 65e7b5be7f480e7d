import http from 'node:http';
import pg from 'pg';
import { WebSocketServer, type RawData } from 'ws';
import type { DevKeys } from '../config.ts';
import { serverEnd, type Supervisable } from '../supervisor.ts';
import { startChangeStream } from './changes.ts';
import { broadcast, closeEndedSessions, join, leave, updateToken } from './channels.ts';
import { changeDelivery } from './delivery.ts';
import { permissionCheck } from './permissions.ts';
import { handlePresence } from './presence.ts';
import { decodeBinary, decodeText, type Frame, type Vsn } from './protocol.ts';
import { sessionCheck } from './sessions.ts';
import { allChannels, createState, reply, send, type Connection, type RealtimeState } from './state.ts';
import { tokenChecks, type TokenChecks } from './tokens.ts';

/**
 * The Realtime stand-in (docs/decisions/044-local-realtime.md): Supabase
 * Realtime's websocket protocol as @supabase/realtime-js 2.x speaks it —
 * channels, heartbeats, access-token updates, broadcast, presence and
 * `postgres_changes` from the database's logical replication stream. Each
 * change reaches a subscriber only when the subscriber may select the row,
 * checked in Postgres under the subscriber's role and JWT claims, as Supabase
 * Realtime's realtime.apply_rls does.
 *
 * This file is the websocket server and the frame dispatch; the state it
 * shares is state.ts, and each concern has its own file: tokens.ts (token
 * checks), channels.ts (join, leave, token updates, broadcast, closing
 * ended sessions), presence.ts, filters.ts and permissions.ts (which changes
 * a subscriber gets), delivery.ts (postgres_changes in commit order).
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

export type RunningRealtime = Supervisable;

/**
 * How often joined channels are asked whether their sessions still live: a
 * channel whose session ends (sign-out, a ban, a deletion) is closed within
 * about this long, not when its token expires.
 */
const SESSION_SWEEP_MS = 1000;

async function handleFrame(state: RealtimeState, tokens: TokenChecks, connection: Connection, frame: Frame) {
  if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
    reply(connection, frame, 'ok');
    return;
  }
  if (frame.event === 'phx_join') {
    await join(state, tokens, connection, frame);
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
      leave(state, channel);
      return;
    case 'access_token':
      await updateToken(state, tokens, channel, frame);
      return;
    case 'broadcast': {
      const event = typeof frame.payload.event === 'string' ? frame.payload.event : '';
      broadcast(state, channel, event, { encoding: 'json', value: frame.payload.payload }, null);
      reply(connection, frame, 'ok');
      return;
    }
    case 'presence':
      handlePresence(state, channel, frame);
      return;
    default:
      reply(connection, frame, 'ok');
  }
}

/** A binary (vsn 2.0.0) broadcast push; acknowledged when the channel asked for acks. */
function handleBinary(state: RealtimeState, connection: Connection, buffer: Buffer) {
  const pushed = decodeBinary(buffer);
  const channel = pushed && connection.channels.get(pushed.topic);
  if (!pushed || !channel) return;
  broadcast(state, channel, pushed.event, pushed.body, pushed.meta);
  if (channel.ackBroadcast) {
    send(connection, { joinRef: pushed.joinRef, ref: pushed.ref, topic: pushed.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
  }
}

export async function startRealtime(opts: RealtimeOptions): Promise<RunningRealtime> {
  const log = opts.log ?? (() => undefined);
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 8 });
  // An idle client losing Postgres must not end the stack's process; the change stream's end restarts Realtime.
  pool.on('error', (error) => log(`realtime: idle database client failed: ${error.message}`));
  // A client in use (a permission or session check) hears the loss too: its query fails on its own, the process lives.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const state = createState();
  const sessions = sessionCheck(pool);
  const tokens = await tokenChecks(opts.keys, sessions);

  let sweep: Promise<void> | null = null;
  const sweepTimer = setInterval(() => {
    sweep ??= closeEndedSessions(state, sessions)
      .catch((error: unknown) => log(`realtime: session check failed: ${(error as Error).message}`))
      .finally(() => (sweep = null));
  }, SESSION_SWEEP_MS);
  sweepTimer.unref();

  const delivery = changeDelivery(state, pool, permissionCheck(pool), log);
  const stream = await startChangeStream(opts.dbUrl, opts.slotName, delivery.onChange, log).catch(async (error: unknown) => {
    // Postgres not back yet: leave nothing running behind a failed start, the supervisor tries again.
    clearInterval(sweepTimer);
    await pool.end().catch(() => undefined);
    throw error;
  });

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
    tokens.verify(apikey).then(
      () =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection: Connection = { ws, vsn, connectToken: apikey, channels: new Map() };
          state.connections.add(connection);
          let inbox = Promise.resolve();
          ws.on('message', (data: RawData, isBinary: boolean) => {
            inbox = inbox
              .then(async () => {
                const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
                if (isBinary) {
                  handleBinary(state, connection, buffer);
                  return;
                }
                const frame = decodeText(buffer.toString('utf8'));
                if (frame) await handleFrame(state, tokens, connection, frame);
              })
              .catch((error: unknown) => log(`realtime: ${(error as Error).message}`));
          });
          ws.on('close', () => {
            for (const channel of [...connection.channels.values()]) leave(state, channel);
            state.connections.delete(connection);
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

  let stopping = false;
  // Once, whichever comes first: a stop, a kill, or the stream's end.
  let shut: Promise<void> | undefined;
  const shutdown = () => (shut ??= shutdownOnce());
  const shutdownOnce = async () => {
    clearInterval(sweepTimer);
      await sweep;
      for (const c of state.connections) c.ws.terminate();
      for (const channel of allChannels(state)) clearTimeout(channel.expiryTimer);
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    await stream.stop();
    await delivery.drained();
    await pool.end();
  };
  const end = serverEnd(server);
  // Either its server closed or it lost Postgres' change stream: what it was is over, and it shuts down before it is started again.
  const ended = Promise.race([end.ended, stream.ended]).then(async (why) => {
    await shutdown().catch(() => undefined);
    return why;
  });
  return {
    ended: ended.then((why) => (stopping ? new Promise<string>(() => undefined) : why)),
    kill: () => void shutdown().catch(() => undefined),
    async stop() {
      stopping = true;
      end.expectEnd();
      await shutdown();
    },
  };
}
