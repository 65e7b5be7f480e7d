/**
 * The data room's NDA gate as a test model: what loading the agreement and
 * agreeing to it may answer, and the one context fact that tells two screens
 * of the same state apart (sent back because the agreement changed). Shared
 * by the component test (nda-gate.model.test.tsx) and `npm run test:paths`.
 */
import { ndaGateMachine, STALE_NDA_CODE, type NdaGateContext, type NdaGateStatus } from '../../machines/nda-gate.machine.ts';
import { DataError } from '../../src/data/errors.ts';
import { defineModel } from '../support/model.ts';

export const NDA_V2: NdaGateStatus = {
  version: 2,
  body: 'You will keep everything in the data room confidential.\n\nThis agreement is governed by Dutch law.',
  publishedAt: '2026-11-20T09:00:00Z',
  agreedAt: null,
  previouslyAgreedVersion: null,
};
export const AGREED_AT = '2026-11-24T10:15:00Z';
export const NDA_V2_AGREED: NdaGateStatus = { ...NDA_V2, agreedAt: AGREED_AT };
/** Agreed to version 1, then version 2 was published. */
export const NDA_V2_AFTER_V1: NdaGateStatus = { ...NDA_V2, previouslyAgreedVersion: 1 };

export const FAILURES = {
  load: new DataError("We couldn't reach Accord. Check your connection and try again.", { status: 0 }),
  agree: new DataError("We couldn't reach Accord. Check your connection and try again.", { status: 0 }),
  stale: new DataError('The non-disclosure agreement was changed while you were reading it. Read the new version before agreeing.', {
    code: STALE_NDA_CODE,
  }),
};

function describe(context: NdaGateContext, value: string): string {
  const again = context.notice === 'changed' ? ' (the agreement changed: told so)' : '';
  switch (value) {
    case 'loading':
      return `“Loading the data room…”${again}`;
    case 'loadFailed':
      return `“The data room could not be loaded”, the reason and “Try again”`;
    case 'closed':
      return '“The data room is not open yet” and “Check again”';
    case 'needsAgreement':
      return `the agreement's text and version with “I agree to version N”${again}; no documents`;
    case 'agreeing':
      return '“Recording your agreement…” on the button';
    case 'agreeFailed':
      return '“Your agreement was not recorded”, the reason, the text and “I agree” again';
    default:
      return 'the folders and documents, with when they agreed';
  }
}

export const ndaGateModel = defineModel({
  machine: ndaGateMachine,
  events: [
    { event: { type: 'user.agree' }, label: 'presses “I agree”' },
    { event: { type: 'user.retry' }, label: 'presses “Try again” or “Check again”' },
    { event: { type: 'nda.required' }, label: 'downloads a document and is refused: a new agreement was published meanwhile' },
  ],
  actors: {
    loadStatus: {
      done: [
        { output: NDA_V2, label: 'version 2 is current, not agreed yet' },
        { output: NDA_V2_AFTER_V1, label: 'version 2 is current; they agreed to version 1' },
        { output: NDA_V2_AGREED, label: 'they agreed to the current version' },
        { output: null, label: 'no agreement is published' },
      ],
      error: [{ error: FAILURES.load, label: 'the agreement cannot be loaded' }],
    },
    agree: {
      done: [{ output: AGREED_AT, label: 'the agreement is recorded' }],
      error: [
        { error: FAILURES.stale, label: 'a newer version was published meanwhile (nda_version_stale)' },
        { error: FAILURES.agree, label: 'the agreement cannot be recorded (network)' },
      ],
    },
  },
  facts: ({ context }) => ({ notice: context.notice, previous: context.nda?.previouslyAgreedVersion ?? null }),
  describeState: (snapshot) => describe(snapshot.context, String(snapshot.value)),
  // Every loop-free route to the open room; shortest paths reach the rest.
  simplePaths: (snapshot) => snapshot.value === 'open',
});
