import { assign, fromCallback, setup } from 'xstate';

/**
 * The connection of one live view (a conversation, a list, the unread counts)
 * to Realtime: connecting, live, reconnecting or offline, as the person is
 * told beside what they are reading.
 *
 * The guarantee it exists for: nothing is missing after the connection drops
 * and returns. Realtime delivers only while the channel is joined, so every
 * time the channel is (re)joined the view refetches what it shows (`resync`),
 * the first join included, which also covers changes made between the first
 * fetch and the subscription.
 *
 * Who retries: realtime-js rejoins a channel by itself after the socket drops
 * and reconnects, and reports SUBSCRIBED again, so a short drop goes
 * live → reconnecting → live. A channel the server closed (token ended, stand-in
 * restarted mid-join) is never rejoined by the library, and a rejoin that
 * never comes must not leave the view stale for good, so those start a new
 * channel after a pause that grows with each attempt. While the browser says
 * it is offline there is no channel at all; coming back online starts one.
 */

/** Longest the library's own rejoin is awaited before a new channel replaces it. */
export const LIVE_REJOIN_PATIENCE_MS = 15_000;
/** First pause before a new channel; doubles with each attempt up to the ceiling. */
export const LIVE_RETRY_BASE_MS = 1_000;
export const LIVE_RETRY_CEILING_MS = 30_000;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveConnectionContext {
  /** New channels started since the view was last live, for the pause before the next. */
  attempts: number;
}

/** What the channel (provided from src/, around supabase-js) reports back. */
export type LiveChannelEvent =
  | { type: 'channel.subscribed' }
  | { type: 'channel.failed'; reason: string }
  | { type: 'channel.closed' };

/** What the browser reports (online/offline events). */
export type LiveNetworkEvent = { type: 'network.offline' } | { type: 'network.online' };

export type LiveConnectionEvent = LiveChannelEvent | LiveNetworkEvent;

export function retryDelay(attempts: number): number {
  return Math.min(LIVE_RETRY_CEILING_MS, LIVE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export const liveConnectionMachine = setup({
  types: {} as {
    context: LiveConnectionContext;
    events: LiveConnectionEvent;
    tags: LiveStatus;
  },
  actors: {
    // Both are provided by the app (src/data/realtime/use-live-changes.ts).
    channel: fromCallback<LiveConnectionEvent>(() => {
      throw new Error('channel not provided');
    }),
    // Reports `network.offline` at once when the browser starts offline.
    network: fromCallback<LiveConnectionEvent>(() => {
      throw new Error('network not provided');
    }),
  },
  actions: {
    // Provided by the view: refetch everything it shows.
    resync: () => {},
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    resetAttempts: assign({ attempts: 0 }),
  },
  delays: {
    rejoinPatience: LIVE_REJOIN_PATIENCE_MS,
    retry: ({ context }) => retryDelay(context.attempts),
  },
}).createMachine({
  id: 'liveConnection',
  context: { attempts: 0 },
  invoke: { id: 'network', src: 'network' },
  initial: 'attached',
  states: {
    attached: {
      description: 'A channel exists and realtime-js is joining or holding it.',
      invoke: { id: 'channel', src: 'channel' },
      initial: 'connecting',
      on: {
        'channel.closed': { target: 'waiting', actions: 'countAttempt' },
        'network.offline': 'offline',
      },
      states: {
        connecting: {
          description: 'Joining for the first time on this channel.',
          tags: ['connecting'],
          on: {
            'channel.subscribed': { target: 'live', actions: ['resetAttempts', 'resync'] },
            'channel.failed': 'rejoining',
          },
        },
        live: {
          description: 'Joined: changes arrive as they are committed.',
          tags: ['live'],
          on: { 'channel.failed': 'rejoining' },
        },
        rejoining: {
          description: 'The join failed or the socket dropped; realtime-js is rejoining by itself.',
          tags: ['reconnecting'],
          on: { 'channel.subscribed': { target: 'live', actions: ['resetAttempts', 'resync'] } },
          after: { rejoinPatience: { target: '#liveConnection.waiting', actions: 'countAttempt' } },
        },
      },
    },
    waiting: {
      description: 'No channel: a new one starts after a pause that grows with each attempt.',
      tags: ['reconnecting'],
      on: { 'network.offline': 'offline' },
      after: { retry: 'attached' },
    },
    offline: {
      description: 'The browser is offline: no channel until it is back.',
      tags: ['offline'],
      on: { 'network.online': { target: 'attached', actions: 'resetAttempts' } },
    },
  },
});

/** The status a snapshot stands for, for the view and its indicator. */
export function liveStatusOf(snapshot: { hasTag(tag: LiveStatus): boolean }): LiveStatus {
  if (snapshot.hasTag('live')) return 'live';
  if (snapshot.hasTag('offline')) return 'offline';
  if (snapshot.hasTag('reconnecting')) return 'reconnecting';
  return 'connecting';
}
