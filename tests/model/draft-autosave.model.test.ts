/**
 * The draft autosave walked along every path generated from its machine,
 * against the running actor: a simulated clock stands in for the pause and the
 * retry delay, the save is settled at the seam as each path says, and after
 * every step the actor must be where the model is — and, after a save, the
 * form (its parent) must have been told the reserved folder. The form side
 * (typing sends changes, the "All changes saved" indicator) is covered by
 * onboarding.model.test.tsx and the browser test.
 */
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, setup, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';

import { DRAFT_RETRY_MS, DRAFT_SAVE_DEBOUNCE_MS, draftAutosaveMachine } from '../../machines/draft-autosave.machine.ts';
import { createActorSeam } from '../support/actor-seam.ts';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { draftAutosaveModel } from './draft-autosave.model.ts';

const model = buildModel(draftAutosaveModel);
const seam = createActorSeam(['saveDraft']);

/** The form, reduced to what the autosave talks to: it invokes the autosave and hears `draft.saved`. */
function startHarness() {
  const clock = new SimulatedClock();
  const reported: string[] = [];
  const parent = setup({
    actors: {
      // The seam's stand-in answers whatever the path says, so its types are the path's.
      draftAutosave: draftAutosaveMachine.provide({ actors: { saveDraft: seam.actors.saveDraft as never } }),
    },
  }).createMachine({
    invoke: { id: 'draftAutosave', src: 'draftAutosave', input: ({ self }) => ({ parent: self }) },
    on: { 'draft.saved': { actions: ({ event }) => reported.push((event as unknown as { folderId: string }).folderId) } },
  });
  const actor = createActor(parent, { clock });
  actor.start();
  const child = () => actor.getSnapshot().children.draftAutosave as AnyActorRef;
  return { clock, reported, child };
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('draft autosave, along paths generated from its machine', () => {
  const passed: ModelPath[] = [];
  beforeEach(() => seam.reset());

  it('has a check for every state of the machine', () => {
    expect(stateNodesOf(model.machine).map(stateKey).sort()).toEqual(['clean', 'failed', 'saving', 'waiting']);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const harness = startHarness();
      let saves = 0;
      const same = async (snapshot: AnyMachineSnapshot) => {
        await flush();
        const actual = harness.child().getSnapshot() as AnyMachineSnapshot;
        expect(actual.value).toEqual(snapshot.value);
        expect(actual.context.unsaved).toBe(snapshot.context.unsaved);
        expect(actual.context.failed).toBe(snapshot.context.failed);
      };
      await path.test({
        states: {
          clean: same,
          waiting: same,
          saving: async (snapshot) => {
            await same(snapshot);
            // The save carries the latest version the form had sent when it started
            // (a newer one, marked unsaved, waits for the next save).
            if (!snapshot.context.unsaved) expect(seam.running('saveDraft')?.input).toEqual(snapshot.context.latest);
            else expect(seam.running('saveDraft')).toBeDefined();
          },
          failed: same,
        },
        events: {
          'draft.changed': async (step: { event: AnyEventObject }) => {
            harness.child().send(step.event);
          },
          [`xstate.after.debounce.draftAutosave.waiting`]: async () => harness.clock.increment(DRAFT_SAVE_DEBOUNCE_MS),
          [`xstate.after.retry.draftAutosave.failed`]: async () => harness.clock.increment(DRAFT_RETRY_MS),
          ...Object.fromEntries(
            model.actorEvents.map((actorEvent) => [
              actorEvent.event.type,
              async (step: { event: AnyEventObject }) => {
                if (actorEvent.kind === 'done') saves += 1;
                seam.settleAs({ ...actorEvent, event: step.event });
                await flush();
              },
            ]),
          ),
        },
      });
      // Every successful save told the form which folder the draft reserved.
      expect(harness.reported).toHaveLength(saves);
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});
