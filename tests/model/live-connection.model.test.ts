/**
 * The live connection walked along every path generated from its machine,
 * against the running actor with the app's shape of effects: a channel that
 * exists only while attached, the browser's network events, a simulated clock
 * for the pauses. After every step the actor must be where the model is, with
 * the status the person is shown, exactly one channel open while attached and
 * none otherwise, and the view told to refetch once for every (re)join.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';

import {
  LIVE_REJOIN_PATIENCE_MS,
  liveConnectionMachine,
  liveStatusOf,
  retryDelay,
  type LiveConnectionEvent,
  type LiveStatus,
} from '../../machines/live-connection.machine.ts';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { liveConnectionModel } from './live-connection.model.ts';

const model = buildModel(liveConnectionModel);

function startHarness() {
  const clock = new SimulatedClock();
  const channels = { opened: 0, closed: 0 };
  let resyncs = 0;
  const actor = createActor(
    liveConnectionMachine.provide({
      actors: {
        channel: fromCallback<LiveConnectionEvent>(() => {
          channels.opened += 1;
          return () => {
            channels.closed += 1;
          };
        }),
        network: fromCallback<LiveConnectionEvent>(() => undefined),
      },
      actions: { resync: () => (resyncs += 1) },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, channels, resyncs: () => resyncs };
}

const expectedStatus = (snapshot: AnyMachineSnapshot): LiveStatus => liveStatusOf(snapshot);

describe('live connection, along paths generated from its machine', () => {
  const passed: ModelPath[] = [];

  it('has a check for every state of the machine', () => {
    expect(stateNodesOf(model.machine).map(stateKey).sort()).toEqual([
      'attached',
      'attached.connecting',
      'attached.live',
      'attached.rejoining',
      'offline',
      'waiting',
    ]);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const harness = startHarness();
      let joins = 0;
      let lastWaitAttempts = 0;
      const same = (snapshot: AnyMachineSnapshot) => {
        const actual = harness.actor.getSnapshot();
        expect(actual.value).toEqual(snapshot.value);
        expect(liveStatusOf(actual)).toBe(expectedStatus(snapshot));
        const open = harness.channels.opened - harness.channels.closed;
        expect(open).toBe(snapshot.matches('attached') ? 1 : 0);
        // Refetched once for every join that made the view live, never otherwise.
        expect(harness.resyncs()).toBe(joins);
      };
      await path.test({
        states: {
          'attached.connecting': same,
          'attached.live': same,
          'attached.rejoining': same,
          waiting: (snapshot) => {
            same(snapshot);
            lastWaitAttempts = harness.actor.getSnapshot().context.attempts;
            expect(lastWaitAttempts).toBeGreaterThan(0);
          },
          offline: same,
        },
        events: {
          'channel.subscribed': async (step: { event: AnyEventObject }) => {
            joins += 1;
            harness.actor.send(step.event as LiveConnectionEvent);
          },
          'channel.failed': async (step: { event: AnyEventObject }) => harness.actor.send(step.event as LiveConnectionEvent),
          'channel.closed': async (step: { event: AnyEventObject }) => harness.actor.send(step.event as LiveConnectionEvent),
          'network.offline': async (step: { event: AnyEventObject }) => harness.actor.send(step.event as LiveConnectionEvent),
          'network.online': async (step: { event: AnyEventObject }) => harness.actor.send(step.event as LiveConnectionEvent),
          'xstate.after.rejoinPatience.liveConnection.attached.rejoining': async () =>
            harness.clock.increment(LIVE_REJOIN_PATIENCE_MS),
          'xstate.after.retry.liveConnection.waiting': async () => harness.clock.increment(retryDelay(lastWaitAttempts)),
        },
      });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});

describe('live connection, beyond single steps', () => {
  it('waits longer before each new channel while the server keeps closing it, and starts again from the shortest after a join', () => {
    const harness = startHarness();
    const pauses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      harness.actor.send({ type: 'channel.closed' });
      const { attempts } = harness.actor.getSnapshot().context;
      pauses.push(retryDelay(attempts));
      // One millisecond short: still waiting, no channel.
      harness.clock.increment(retryDelay(attempts) - 1);
      expect(harness.actor.getSnapshot().value).toBe('waiting');
      harness.clock.increment(1);
      expect(harness.actor.getSnapshot().matches('attached')).toBe(true);
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(harness.channels.opened).toBe(8);

    harness.actor.send({ type: 'channel.subscribed' });
    harness.actor.send({ type: 'channel.closed' });
    expect(harness.actor.getSnapshot().context.attempts).toBe(1);
    expect(harness.resyncs()).toBe(1);
  });

  it('starts offline when the browser says so at once, with no channel left open', () => {
    const channels = { opened: 0, closed: 0 };
    const actor = createActor(
      liveConnectionMachine.provide({
        actors: {
          channel: fromCallback<LiveConnectionEvent>(() => {
            channels.opened += 1;
            return () => (channels.closed += 1);
          }),
          network: fromCallback<LiveConnectionEvent>(({ sendBack }) => sendBack({ type: 'network.offline' })),
        },
      }),
    ).start();
    expect(actor.getSnapshot().value).toBe('offline');
    expect(liveStatusOf(actor.getSnapshot())).toBe('offline');
    expect(channels.opened - channels.closed).toBe(0);
  });
});
