import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';

import { buildModel } from '../support/model.ts';

/** A flow with everything our machines use: invoke, after, always, nesting, a final state. */
const upload = setup({
  types: {} as {
    context: { name: string; attempts: number };
    events: { type: 'user.name'; name: string } | { type: 'user.send' } | { type: 'user.cancel' };
  },
  actors: { store: fromPromise<string, { name: string }>(async () => 'id') },
  guards: { hasName: ({ context }) => context.name !== '' },
  delays: { giveUp: 3000 },
}).createMachine({
  id: 'upload',
  context: { name: '', attempts: 0 },
  initial: 'form',
  states: {
    form: {
      on: {
        'user.name': { actions: assign({ name: ({ event }) => event.name }) },
        'user.send': { guard: 'hasName', target: 'sending' },
      },
    },
    sending: {
      initial: 'waiting',
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: { src: 'store', input: ({ context }) => ({ name: context.name }), onDone: 'stored', onError: 'form' },
      after: { giveUp: 'form' },
      on: { 'user.cancel': 'form' },
      states: { waiting: { after: { 1000: 'slow' } }, slow: {} },
    },
    stored: { always: 'done' },
    done: { type: 'final' },
  },
});

const events = [
  { event: { type: 'user.name', name: 'report.pdf' } as const, label: 'names the file' },
  { event: { type: 'user.send' } as const, label: 'presses Send' },
  { event: { type: 'user.cancel' } as const, label: 'presses Cancel' },
];

describe('buildModel', () => {
  it('ends even though context grows on every retry, since states are told apart by value and facts only', () => {
    const model = buildModel({ machine: upload, events, facts: ({ context }) => ({ named: context.name !== '' }) });
    expect(model.paths.length).toBeGreaterThan(0);
  });

  it('makes done, error and delay events itself, and with them reaches every state and transition', () => {
    const model = buildModel({
      machine: upload,
      events,
      actors: { store: { done: [{ output: 'id-1', label: 'the server stores it' }], error: [{ error: new Error('full'), label: 'the disk is full' }] } },
      facts: ({ context }) => ({ named: context.name !== '' }),
    });
    expect(model.actorEvents.map(({ kind, src, event }) => [kind, src, event.type])).toEqual([
      ['done', 'store', 'xstate.done.actor.0.upload.sending'],
      ['error', 'store', 'xstate.error.actor.0.upload.sending'],
    ]);
    expect(model.delayEvents.map(({ label }) => label)).toEqual(['giveUp (3000 ms) pass', '1000 ms pass']);

    const report = model.coverage();
    expect(report.states.missed).toEqual([]);
    expect(report.transitions.missed).toEqual([]);
    expect(report.complete).toBe(true);
    expect(report.summary).toMatch(/^upload: \d+ paths reach 6 of 6 states \(100%\) and take 8 of 8 transitions \(100%\)\.$/);
  });

  it('describes each path in plain words, step by step', () => {
    const model = buildModel({ machine: upload, events, facts: ({ context }) => ({ named: context.name !== '' }) });
    const done = model.paths.find((path) => path.state.status === 'done');
    expect(done?.lines).toEqual([
      'form',
      '—names the file→ form',
      '—presses Send→ sending.waiting',
      '—store finishes→ done (finished)',
    ]);
    expect(done?.description).toBe(`${done?.number}. names the file, presses Send, store finishes ⇒ done`);
  });

  it('reports what a guard hides when the facts leave out what the guard reads', () => {
    const model = buildModel({ machine: upload, events });
    const report = model.coverage();
    expect(report.complete).toBe(false);
    expect(report.states.missed).toEqual(['sending', 'sending.waiting', 'sending.slow', 'stored', 'done']);
    expect(report.transitions.missed).toContain('form —user.send [hasName]→ sending');
    expect(report.summary).toContain('Never taken: form —user.send [hasName]→ sending');
  });

  it('leaves explicit exclusions out of the totals, lists them with the reason, and flags them once reachable', () => {
    const reason = 'The server answers within the page’s own timeout, so the slow notice cannot show.';
    const model = buildModel({
      machine: upload,
      events,
      facts: ({ context }) => ({ named: context.name !== '' }),
      exclude: { transitions: { 'sending.waiting —after 1000 ms→ sending.slow': reason } },
    });
    const report = model.coverage();
    expect(report.transitions.total).toBe(7);
    expect(report.transitions.excluded).toEqual([{ key: 'sending.waiting —after 1000 ms→ sending.slow', reason }]);
    expect(report.summary).toContain(`Left out on purpose, sending.waiting —after 1000 ms→ sending.slow: ${reason}`);
    // The generated paths do take it, so the exclusion is wrong and the report says so.
    expect(report.staleExclusions).toEqual(['sending.waiting —after 1000 ms→ sending.slow']);
    expect(report.complete).toBe(false);
  });

  it('refuses an exclusion that names no transition of the machine', () => {
    expect(() => buildModel({ machine: upload, events, exclude: { transitions: { 'form —user.fly→ sky': 'typo' } } })).toThrow(
      /is not a transition of the machine/,
    );
  });

  it('runs a path against a system under test: each event executed, then its state checked', async () => {
    const model = buildModel({ machine: upload, events, facts: ({ context }) => ({ named: context.name !== '' }) });
    const path = model.paths.find((candidate) => candidate.state.status === 'done')!;
    const log: string[] = [];
    await path.test({
      events: {
        'user.name': () => void log.push('type name'),
        'user.send': () => void log.push('click send'),
        'xstate.done.actor.0.upload.sending': () => void log.push('server answers'),
      },
      states: {
        form: () => void log.push('see form'),
        sending: () => void log.push('see spinner'),
        done: () => void log.push('see done'),
      },
    });
    expect(log).toEqual(['see form', 'type name', 'see form', 'click send', 'see spinner', 'server answers', 'see done']);
  });
});
