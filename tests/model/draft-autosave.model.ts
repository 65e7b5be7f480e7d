/**
 * The draft autosave (machines/draft-autosave.machine.ts) as a test model:
 * typing (debounced) and step changes or uploads (saved at once), the pause
 * and the retry delay, and what a save may answer. Walked against the running
 * actor with a simulated clock by draft-autosave.model.test.ts.
 */
import type { AnyMachineSnapshot } from 'xstate';

import { draftAutosaveMachine, type DraftAutosaveContext } from '../../machines/draft-autosave.machine.ts';
import { defineModel } from '../support/model.ts';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftAutosaveContext;

export const draftAutosaveModel = defineModel({
  machine: draftAutosaveMachine,
  events: [
    { event: { type: 'draft.changed', payload: { legalName: 'Harbour' }, step: 2 }, label: 'the applicant types' },
    {
      event: { type: 'draft.changed', payload: { legalName: 'Harbour' }, step: 3, immediate: true },
      label: 'the applicant moves to the next step (saved at once)',
    },
  ],
  actors: {
    saveDraft: {
      done: [{ output: { folderId: '0b0e0000-0000-4000-8000-00000000f01d' }, label: 'the save succeeds' }],
      error: [{ error: new Error("We couldn't reach Accord."), label: 'the save fails' }],
    },
  },
  // hasUnsavedChanges reads `unsaved`, which changes without a state change while saving.
  facts: (snapshot) => ({ unsaved: snapshot.matches('saving') ? ctx(snapshot).unsaved : null }),
  describeState: (snapshot) => {
    const context = ctx(snapshot);
    if (snapshot.matches('saving')) return context.unsaved ? 'saving, with newer changes waiting' : 'saving';
    if (snapshot.matches('waiting')) return 'changes waiting for a pause';
    if (snapshot.matches('failed')) return 'not saved; retrying soon';
    return context.savedAt ? 'all changes saved' : 'nothing to save yet';
  },
});
