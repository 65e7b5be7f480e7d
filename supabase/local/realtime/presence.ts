import { randomBytes } from 'node:crypto';
import type { Frame } from './protocol.ts';
import { members, push, reply, type Channel, type RealtimeState } from './state.ts';

/**
 * Presence as Realtime speaks it: `presence_state` on join, `presence_diff` to
 * every channel of the topic that enabled presence. Each channel (one
 * client's join) holds at most one entry under its key, as realtime-js
 * tracks one.
 */
export function presenceState(state: RealtimeState, topic: string): Record<string, { metas: Record<string, unknown>[] }> {
  const entries: Record<string, { metas: Record<string, unknown>[] }> = {};
  for (const ch of members(state, topic)) {
    if (ch.presence) (entries[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presence);
  }
  return entries;
}

function presenceDiff(state: RealtimeState, channel: Channel, joins: Record<string, unknown> | null, leaves: Record<string, unknown> | null) {
  const diff = {
    joins: joins ? { [channel.presenceKey]: { metas: [joins] } } : {},
    leaves: leaves ? { [channel.presenceKey]: { metas: [leaves] } } : {},
  };
  for (const ch of members(state, channel.topic)) if (ch.presenceEnabled) push(ch, 'presence_diff', diff);
}

/** A `presence` frame: track (replacing the channel's entry) or untrack. */
export function handlePresence(state: RealtimeState, channel: Channel, frame: Frame) {
  const event = frame.payload.event;
  const old = channel.presence;
  if (event === 'track') {
    const meta: Record<string, unknown> = { ...((frame.payload.payload ?? {}) as Record<string, unknown>), phx_ref: randomBytes(8).toString('base64url') };
    if (old) meta.phx_ref_prev = old.phx_ref;
    channel.presence = meta;
    presenceDiff(state, channel, meta, old);
  } else if (event === 'untrack' && old) {
    channel.presence = null;
    presenceDiff(state, channel, null, old);
  }
  reply(channel.connection, frame, 'ok');
}

/** A channel that leaves takes its entry with it; the topic's others are told. */
export function dropPresence(state: RealtimeState, channel: Channel) {
  if (!channel.presence) return;
  const left = channel.presence;
  channel.presence = null;
  presenceDiff(state, channel, null, left);
}
