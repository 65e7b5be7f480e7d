import type { JWTPayload } from 'jose';
import type { WebSocket } from 'ws';
import type { ParsedFilter } from './filters.ts';
import { encodeFrame, type Frame, type Vsn } from './protocol.ts';

/**
 * The one state the Realtime stand-in keeps: open sockets, and which channels
 * have joined each topic. Token checks, presence, broadcast and change
 * delivery all read and change it through the functions here and beside it,
 * so what a channel is and when it counts as joined have one home.
 */
export interface Claims extends JWTPayload {
  role?: string;
  session_id?: string;
}

export interface PgBinding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed?: ParsedFilter;
}

export interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** The token the socket connected with (its apikey): a join without access_token uses it. */
  connectToken: string;
  channels: Map<string, Channel>;
}

export interface Channel {
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

export interface RealtimeState {
  connections: Set<Connection>;
  topics: Map<string, Set<Channel>>;
  nextBindingId: number;
}

export function createState(): RealtimeState {
  return { connections: new Set(), topics: new Map(), nextBindingId: 1 };
}

/** The channels joined to a topic (none when nobody is). */
export function members(state: RealtimeState, topic: string): Iterable<Channel> {
  return state.topics.get(topic) ?? [];
}

export function* allChannels(state: RealtimeState): Generator<Channel> {
  for (const joined of state.topics.values()) yield* joined;
}

export function addMember(state: RealtimeState, channel: Channel) {
  channel.connection.channels.set(channel.topic, channel);
  let topic = state.topics.get(channel.topic);
  if (!topic) state.topics.set(channel.topic, (topic = new Set()));
  topic.add(channel);
}

export function removeMember(state: RealtimeState, channel: Channel) {
  channel.connection.channels.delete(channel.topic);
  const topic = state.topics.get(channel.topic);
  topic?.delete(channel);
  if (topic?.size === 0) state.topics.delete(channel.topic);
}

/**
 * Whether the channel is still joined and still holds the claims an
 * asynchronous check started with: it may have left, or its token been
 * replaced, while the check ran.
 */
export function stillHolds(channel: Channel, claims: Claims): boolean {
  return channel.connection.channels.get(channel.topic) === channel && channel.claims === claims;
}

export function send(connection: Connection, frame: Frame) {
  if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(encodeFrame(connection.vsn, frame));
}

export function reply(connection: Connection, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown> = {}) {
  send(connection, { joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } });
}

export function push(channel: Channel, event: string, payload: Record<string, unknown>) {
  send(channel.connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
}
