import { randomUUID } from 'node:crypto';
import { parseFilter } from './filters.ts';
import { dropPresence, presenceState } from './presence.ts';
import { encodeBinaryBroadcast, type BroadcastBody, type Frame } from './protocol.ts';
import { endedSessionMessage, namesSession, type SessionCheck } from './sessions.ts';
import {
  addMember,
  allChannels,
  members,
  push,
  removeMember,
  reply,
  send,
  stillHolds,
  type Channel,
  type Claims,
  type Connection,
  type PgBinding,
  type RealtimeState,
} from './state.ts';
import type { TokenChecks } from './tokens.ts';

/**
 * A channel's life: join (token, bindings, presence config), token updates,
 * expiry, broadcast, leave, and the close Realtime sends when a channel's
 * token stops being good.
 */

export function leave(state: RealtimeState, channel: Channel) {
  clearTimeout(channel.expiryTimer);
  removeMember(state, channel);
  dropPresence(state, channel);
}

/** What Realtime does when a channel's token stops being good: a system message, then phx_close. */
export function shutdown(state: RealtimeState, channel: Channel, message: string) {
  push(channel, 'system', { extension: 'system', status: 'error', message, channel: channel.subTopic });
  push(channel, 'phx_close', {});
  leave(state, channel);
}

function armExpiry(state: RealtimeState, channel: Channel) {
  clearTimeout(channel.expiryTimer);
  const ms = Number(channel.claims.exp) * 1000 - Date.now();
  channel.expiryTimer = setTimeout(() => shutdown(state, channel, 'Token has expired 0 seconds ago'), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
}

export async function join(state: RealtimeState, tokens: TokenChecks, connection: Connection, frame: Frame) {
  const { topic, payload } = frame;
  const subTopic = topic.replace(/^realtime:/, '');
  if (!topic.startsWith('realtime:') || subTopic === '') {
    reply(connection, frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    return;
  }
  const existing = connection.channels.get(topic);
  if (existing) leave(state, existing);
  const config = (payload.config ?? {}) as {
    broadcast?: { self?: boolean; ack?: boolean };
    presence?: { key?: string; enabled?: boolean };
    postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
    private?: boolean;
  };
  const token = typeof payload.access_token === 'string' ? payload.access_token : connection.connectToken;
  let claims: Claims;
  try {
    claims = await tokens.verifyLive(token);
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
        id: state.nextBindingId++,
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
  addMember(state, channel);
  armExpiry(state, channel);
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
  if (channel.presenceEnabled) push(channel, 'presence_state', presenceState(state, topic));
}

/** An `access_token` frame: a good new token replaces the channel's claims; a bad one closes the channel. */
export async function updateToken(state: RealtimeState, tokens: TokenChecks, channel: Channel, frame: Frame) {
  const token = frame.payload.access_token;
  if (typeof token !== 'string' || token === channel.token) return;
  try {
    const claims = await tokens.verifyLive(token);
    channel.claims = claims;
    channel.token = token;
    armExpiry(state, channel);
  } catch (error) {
    shutdown(state, channel, (error as Error).message.replace(/^[A-Za-z]+: /, ''));
  }
}

export function broadcast(state: RealtimeState, channel: Channel, event: string, body: BroadcastBody, meta: Record<string, unknown> | null) {
  for (const ch of members(state, channel.topic)) {
    if (ch === channel && !channel.selfBroadcast) continue;
    if (ch.connection.vsn === '2.0.0') {
      if (ch.connection.ws.readyState === ch.connection.ws.OPEN) ch.connection.ws.send(encodeBinaryBroadcast(ch.topic, event, body, meta));
    } else if (body.encoding === 'json') {
      send(ch.connection, { joinRef: null, ref: null, topic: ch.topic, event: 'broadcast', payload: { type: 'broadcast', event, payload: body.value } });
    }
  }
}

/** Closes every joined channel whose token names a session that has since ended (decision 065). */
export async function closeEndedSessions(state: RealtimeState, sessions: SessionCheck) {
  const byKey = new Map<string, { claims: Claims; channels: Channel[] }>();
  for (const channel of allChannels(state)) {
    if (!namesSession(channel.claims)) continue;
    const key = JSON.stringify(channel.claims);
    const entry = byKey.get(key) ?? { claims: channel.claims, channels: [] };
    entry.channels.push(channel);
    byKey.set(key, entry);
  }
  if (byKey.size === 0) return;
  const entries = [...byKey.values()];
  const reasons = await sessions.endedReasons(entries.map((e) => e.claims));
  entries.forEach(({ claims, channels }, i) => {
    const reason = reasons[i];
    if (!reason) return;
    for (const channel of channels) if (stillHolds(channel, claims)) shutdown(state, channel, endedSessionMessage(reason));
  });
}
