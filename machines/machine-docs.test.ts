import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, not, setup } from 'xstate';

import { MACHINE_DOCS_COMMAND, mermaidDiagram, renderMachineDocs } from '../scripts/lib/machine-diagram.ts';
import { findMachineExport } from '../tests/support/statechart.ts';

// The same files scripts/machine-docs.ts finds on disk, through Vite here so
// this test needs no file-system access (it type-checks as browser code).
const machineModules = import.meta.glob<Record<string, unknown>>('./*.machine.ts', { eager: true });
const committed = import.meta.glob<string>('../docs/machines.md', { query: '?raw', import: 'default', eager: true })[
  '../docs/machines.md'
];

describe('docs/machines.md', () => {
  it('is what the machines say today', () => {
    const entries = Object.entries(machineModules).map(([key, exports]) => {
      const file = `machines/${key.replace(/^\.\//, '')}`;
      return { file, ...findMachineExport(exports, file) };
    });
    expect(entries.length).toBeGreaterThan(0);
    expect(committed, `docs/machines.md is missing: run ${MACHINE_DOCS_COMMAND}`).toBeDefined();
    // A mismatch means a machine changed and the diagrams did not: regenerate, don't hand-edit.
    expect(renderMachineDocs(entries), `docs/machines.md is out of date: run ${MACHINE_DOCS_COMMAND}`).toBe(committed);
  });
});

describe('mermaidDiagram', () => {
  // Small, but with every construct the diagrams must show.
  const sample = setup({
    types: {} as { events: { type: 'user.go' } | { type: 'user.back' } | { type: 'user.edit' } },
    actors: { loadThing: fromPromise(async () => 'thing') },
    guards: { isReady: () => true, isStale: () => false },
    delays: { giveUp: 5000 },
  }).createMachine({
    id: 'sample',
    initial: 'idle',
    states: {
      idle: {
        description: 'Nothing asked yet: waiting for the person.',
        on: {
          'user.go': [{ guard: 'isReady', target: 'working' }, { guard: not('isStale'), target: 'done' }],
          'user.edit': { actions: assign({}) },
        },
      },
      working: {
        initial: 'loading',
        after: { giveUp: 'failed', 1000: { target: '.slow' } },
        states: {
          loading: { invoke: { src: 'loadThing', onDone: 'checking', onError: '#sample.failed' } },
          slow: {},
          checking: { always: [{ guard: 'isReady', target: 'ready' }] },
          ready: { type: 'final' },
        },
        onDone: 'done',
        on: { 'user.back': 'idle' },
      },
      failed: {},
      done: { type: 'final' },
    },
  });
  const diagram = mermaidDiagram(sample);
  const lines = diagram.split('\n').map((line) => line.trim());

  it('is a stateDiagram-v2 that starts in the initial state', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('[*] --> idle');
  });

  it('nests child states, their start and the arrows between them in a composite state', () => {
    const open = lines.indexOf('state working {');
    const close = lines.indexOf('}', open);
    expect(open).toBeGreaterThan(0);
    const inside = lines.slice(open, close);
    expect(inside).toEqual(
      expect.arrayContaining(['[*] --> loading', 'loading', 'slow', 'ready --> [*]', 'checking --> ready: always [isReady]']),
    );
    // An arrow leaving the composite state is drawn outside it.
    expect(inside).not.toContain('loading --> failed: loadThing error');
    expect(lines.slice(close)).toContain('loading --> failed: loadThing error');
  });

  it('labels transitions with the event and the guard in brackets', () => {
    expect(lines).toContain('idle --> working: user.go [isReady]');
    expect(lines).toContain('idle --> done: user.go [not isStale]');
    expect(lines).toContain('working --> idle: user.back');
    expect(lines).toContain('checking --> ready: always [isReady]');
  });

  it('shows a targetless transition as a loop on its state', () => {
    expect(lines).toContain('idle --> idle: user.edit');
  });

  it('names delays, with the value of a named one', () => {
    expect(lines).toContain('working --> failed: after giveUp (5000 ms)');
    expect(lines).toContain('working --> slow: after 1000 ms');
  });

  it('names actor results by the actor, and a compound state finishing as done', () => {
    expect(lines).toContain('loading --> checking: loadThing done');
    expect(lines).toContain('loading --> failed: loadThing error');
    expect(lines).toContain('working --> done: done');
  });

  it('ends final states and puts descriptions in notes, word for word', () => {
    expect(lines).toContain('done --> [*]');
    const note = lines.indexOf('note right of idle');
    expect(lines.slice(note, note + 3)).toEqual([
      'note right of idle',
      'Nothing asked yet: waiting for the person.',
      'end note',
    ]);
  });

  it('keeps states with the same name apart by their path', () => {
    const twin = createMachine({
      id: 'twin',
      initial: 'a',
      states: { a: { initial: 'open', states: { open: {} } }, b: { initial: 'open', states: { open: {} } } },
    });
    const text = mermaidDiagram(twin);
    expect(text).toContain('state "open" as a_open');
    expect(text).toContain('state "open" as b_open');
  });
});

describe('renderMachineDocs', () => {
  it('says the file is generated and by which command', () => {
    const text = renderMachineDocs([]);
    expect(text).toContain(`Generated by \`${MACHINE_DOCS_COMMAND}\``);
    expect(text).toContain('Do not edit by hand');
  });
});
