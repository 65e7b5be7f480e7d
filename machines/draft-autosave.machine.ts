import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';

/**
 * Saves a form's draft to the server while the person types: each change
 * restarts a short pause, then the latest version is saved; changes made
 * during a save are saved again right after it; a failed save is retried a
 * little later (or at the next change). Nothing typed is ever dropped: the
 * form keeps its values, this only decides when to send them.
 *
 * Onboarding invokes it for as long as the applicant edits (onboarding.machine.ts)
 * and tells it about every change with `draft.changed`. It reports the folder
 * the draft reserved back with `draft.saved`.
 */

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DEBOUNCE_MS = 800;
/** After a failed save, try again this long later (or sooner, on the next change). */
export const DRAFT_RETRY_MS = 5000;

export interface DraftVersion {
  payload: unknown;
  step: number;
}

export interface DraftAutosaveContext {
  /** Who to tell when a save reserved a folder (the form that invoked this); null when run alone. */
  parent: AnyActorRef | null;
  /** The latest version the form sent, or null before the first change. */
  latest: DraftVersion | null;
  /** Changes arrived since the running save started. */
  unsaved: boolean;
  /** When the last save finished (ms since epoch), to say "Saved". */
  savedAt: number | null;
  failed: boolean;
}

/**
 * A new version of the form. `immediate` skips the pause: moving between steps
 * or finishing an upload is a moment worth saving at once, since the person
 * may close the tab right after; typing waits for a pause.
 */
export type DraftAutosaveEvent = { type: 'draft.changed'; payload: unknown; step: number; immediate?: boolean };

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

export const draftAutosaveMachine = setup({
  types: {} as {
    context: DraftAutosaveContext;
    events: DraftAutosaveEvent;
    input: { parent?: AnyActorRef | null } | undefined;
    tags: 'saving' | 'unsaved';
  },
  actors: {
    saveDraft: fromPromise<{ folderId: string }, DraftVersion>(async () => notProvided('saveDraft')),
  },
  guards: {
    hasUnsavedChanges: ({ context }) => context.unsaved,
    isImmediate: ({ event }) => event.immediate === true,
  },
  actions: {
    remember: assign(({ event }) => ({ latest: { payload: event.payload, step: event.step }, unsaved: true })),
    beginSave: assign({ unsaved: false }),
    markSaved: assign({ savedAt: () => Date.now(), failed: false }),
    markFailed: assign({ failed: true, unsaved: true }),
    reportFolder: enqueueActions(({ context, event, enqueue }) => {
      if (!context.parent) return;
      enqueue.sendTo(context.parent, {
        type: 'draft.saved',
        folderId: (event as unknown as { output: { folderId: string } }).output.folderId,
      });
    }),
  },
  delays: {
    debounce: DRAFT_SAVE_DEBOUNCE_MS,
    retry: DRAFT_RETRY_MS,
  },
}).createMachine({
  id: 'draftAutosave',
  context: ({ input }) => ({ parent: input?.parent ?? null, latest: null, unsaved: false, savedAt: null, failed: false }),
  initial: 'clean',
  states: {
    clean: {
      description: 'Everything the form sent is saved (or nothing has changed yet).',
      on: {
        'draft.changed': [
          { guard: 'isImmediate', target: 'saving', actions: 'remember' },
          { target: 'waiting', actions: 'remember' },
        ],
      },
    },
    waiting: {
      description: 'Debounce: a save starts once the person pauses.',
      tags: ['unsaved'],
      on: {
        'draft.changed': [
          { guard: 'isImmediate', target: 'saving', actions: 'remember' },
          { target: 'waiting', reenter: true, actions: 'remember' },
        ],
      },
      after: { debounce: 'saving' },
    },
    saving: {
      tags: ['saving', 'unsaved'],
      entry: 'beginSave',
      on: { 'draft.changed': { actions: 'remember' } },
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => context.latest ?? { payload: {}, step: 1 },
        onDone: [
          { description: 'Changes arrived during the save: save again after the pause.', guard: 'hasUnsavedChanges', target: 'waiting', actions: 'reportFolder' },
          { target: 'clean', actions: ['markSaved', 'reportFolder'] },
        ],
        onError: { target: 'failed', actions: 'markFailed' },
      },
    },
    failed: {
      description: 'Not saved: the values stay on screen and are saved again shortly, or at the next change.',
      tags: ['unsaved'],
      on: {
        'draft.changed': [
          { guard: 'isImmediate', target: 'saving', actions: 'remember' },
          { target: 'waiting', actions: 'remember' },
        ],
      },
      after: { retry: 'saving' },
    },
  },
});
