/**
 * The live connection (machines/live-connection.machine.ts) as a test model:
 * what the channel reports (joined, failed, closed by the server), what the
 * browser reports (offline, online), and the two pauses (waiting for the
 * library's own rejoin, and before a new channel). Walked against the running
 * actor with a simulated clock by live-connection.model.test.ts.
 */
import type { AnyMachineSnapshot } from 'xstate';

import { liveConnectionMachine, type LiveConnectionContext } from '../../machines/live-connection.machine.ts';
import { defineModel } from '../support/model.ts';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as LiveConnectionContext;
const attached = (snapshot: AnyMachineSnapshot) => snapshot.matches('attached');

export const liveConnectionModel = defineModel({
  machine: liveConnectionMachine,
  events: [
    { event: { type: 'channel.subscribed' }, label: 'the channel is joined', when: attached },
    { event: { type: 'channel.failed', reason: 'CHANNEL_ERROR' }, label: 'the socket drops (the join fails)', when: attached },
    { event: { type: 'channel.closed' }, label: 'the server closes the channel', when: attached },
    { event: { type: 'network.offline' }, label: 'the browser goes offline', when: (snapshot) => !snapshot.matches('offline') },
    { event: { type: 'network.online' }, label: 'the browser is back online', when: (snapshot) => snapshot.matches('offline') },
  ],
  describeState: (snapshot) => {
    if (snapshot.matches({ attached: 'live' })) return 'live';
    if (snapshot.matches({ attached: 'connecting' })) return 'connecting';
    if (snapshot.matches({ attached: 'rejoining' })) return 'reconnecting (the library rejoins)';
    if (snapshot.matches('waiting')) return `reconnecting (new channel after attempt ${ctx(snapshot).attempts})`;
    return 'offline';
  },
});
