/**
 * The Phoenix channel frames @supabase/realtime-js speaks (its lib/serializer.ts
 * and @supabase/phoenix): text frames are JSON, an array
 * `[join_ref, ref, topic, event, payload]` with vsn 2.0.0 or an object with
 * vsn 1.0.0; with 2.0.0 a broadcast the client pushes is a binary frame of
 * kind 3, and one the server relays is a binary frame of kind 4, as Supabase
 * Realtime sends them.
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A broadcast's user payload: JSON, or raw bytes the client sent as an ArrayBuffer. */
export type BroadcastBody = { encoding: 'json'; value: unknown } | { encoding: 'binary'; bytes: Buffer };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '1.0.0') {
    return JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload });
  }
  return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
}

/** A text frame; null when it is not one the protocol knows (the server ignores it, as Phoenix logs and drops it). */
export function decodeText(text: string): Frame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const [joinRef, ref, topic, event, payload] = Array.isArray(parsed)
    ? (parsed as unknown[])
    : typeof parsed === 'object' && parsed !== null
      ? ['join_ref', 'ref', 'topic', 'event', 'payload'].map((k) => (parsed as Record<string, unknown>)[k])
      : [];
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return {
    joinRef: typeof joinRef === 'string' ? joinRef : null,
    ref: typeof ref === 'string' ? ref : null,
    topic,
    event,
    payload: typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
  };
}

export interface BinaryBroadcastPush {
  joinRef: string;
  ref: string;
  topic: string;
  event: string;
  meta: Record<string, unknown> | null;
  body: BroadcastBody;
}

/** A kind-3 frame (realtime-js `_encodeUserBroadcastPush`); null for anything else. */
export function decodeBinary(data: Buffer): BinaryBroadcastPush | null {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  const encoding = data[6];
  let offset = 7;
  const [joinRef, ref, topic, event, meta] = lengths.map((n) => {
    const s = data.subarray(offset, offset + n).toString('latin1');
    offset += n;
    return s;
  });
  const rest = data.subarray(offset);
  let body: BroadcastBody;
  try {
    body = encoding === ENCODING_JSON ? { encoding: 'json', value: JSON.parse(rest.toString('utf8')) } : { encoding: 'binary', bytes: Buffer.from(rest) };
  } catch {
    return null;
  }
  return { joinRef, ref, topic, event, meta: meta ? (JSON.parse(meta) as Record<string, unknown>) : null, body };
}

/** A kind-4 frame, as realtime-js `_decodeUserBroadcast` reads it. */
export function encodeBinaryBroadcast(topic: string, event: string, body: BroadcastBody, meta: Record<string, unknown> | null): Buffer {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(event, 'utf8');
  const m = Buffer.from(meta ? JSON.stringify(meta) : '', 'utf8');
  const payload = body.encoding === 'json' ? Buffer.from(JSON.stringify(body.value), 'utf8') : body.bytes;
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, body.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY]);
  return Buffer.concat([header, t, e, m, payload]);
}
