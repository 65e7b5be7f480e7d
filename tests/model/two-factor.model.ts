/**
 * The two-factor machine as a test model: what a person types and presses in
 * the two-factor section of the account settings, what setting up and removing
 * an authenticator may answer, and the context facts that tell screens apart.
 * Shared by the component test (two-factor.model.test.tsx) and `npm run test:paths`.
 */
import { sixDigitCode } from '../../machines/one-time-code.ts';
import { INSUFFICIENT_AAL, twoFactorMachine, type EnrolledFactor, type RemovableFactor, type TwoFactorContext } from '../../machines/two-factor.machine.ts';
import { DataError } from '../../src/data/errors.ts';
import { NAME_TAKEN_MESSAGE, NEEDS_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '../../src/data/mfa/mfa-errors.ts';
import { defineModel } from '../support/model.ts';

export const SAMPLE = {
  name: 'Work phone',
  malformedCode: '12',
  code: '123 456',
} as const;

export const ENROLLED: EnrolledFactor = {
  id: 'f-new',
  name: SAMPLE.name,
  qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
/** Verified: at aal1 removing it asks for its code first. */
export const PHONE: RemovableFactor = { id: 'f-1', name: 'Pixel 8', status: 'verified' };
/** An unfinished setup: removed after a confirmation only. */
export const TABLET: RemovableFactor = { id: 'f-2', name: 'Tablet', status: 'unverified' };

export const FAILURES = {
  nameTaken: new DataError(NAME_TAKEN_MESSAGE, { code: 'mfa_factor_name_conflict' }),
  wrongCode: new DataError(WRONG_CODE_MESSAGE, { code: 'mfa_verification_failed' }),
  needsAal2: new DataError(NEEDS_CODE_MESSAGE, { code: INSUFFICIENT_AAL }),
  network: new DataError("We couldn't reach Accord. Check your connection and try again.", { status: 0 }),
};

function inWords(context: TwoFactorContext, value: string): string {
  const refused = context.error ? `, saying “${context.error}”` : '';
  switch (value) {
    case 'idle':
      return 'the list of authenticators, no setup and no dialog';
    case 'settingUp.naming':
      return `the setup's name field with “${context.name}”${context.nameProblem ? ` and “${context.nameProblem}” under it` : ''}${refused}`;
    case 'settingUp.enrolling':
      return '“Preparing…” on the Continue button';
    case 'settingUp.scanning':
      return `the QR code, the key and the code field${context.codeProblem ? ` saying “${context.codeProblem}”` : refused}${context.copied ? '; “Copied to the clipboard.”' : ''}`;
    case 'settingUp.verifying':
      return '“Checking…” on the button';
    case 'removing.confirming':
      return `the alert dialog “Remove this authenticator?”${refused}`;
    case 'removing.askingCode':
      return `the dialog asking for the code${context.codeProblem ? ` saying “${context.codeProblem}”` : refused}`;
    default:
      return '“Removing…” in the dialog';
  }
}

function valueKey(value: unknown): string {
  return typeof value === 'string' ? value : Object.entries(value as Record<string, string>).map(([area, step]) => `${area}.${step}`)[0]!;
}

export const twoFactorModel = defineModel({
  machine: twoFactorMachine,
  events: [
    { event: { type: 'user.setUp' }, label: 'presses “Set up authenticator app”' },
    { event: { type: 'user.name', name: '' }, label: 'clears the name', when: (snapshot) => snapshot.context.name !== '' },
    { event: { type: 'user.name', name: SAMPLE.name }, label: `names it “${SAMPLE.name}”`, when: (snapshot) => snapshot.context.name === '' },
    { event: { type: 'user.continue', taken: [] }, label: 'presses “Continue”' },
    {
      event: { type: 'user.code', code: SAMPLE.malformedCode },
      label: `types “${SAMPLE.malformedCode}”`,
      when: (snapshot) => snapshot.context.code === '',
    },
    {
      event: { type: 'user.code', code: SAMPLE.code },
      label: `types the code “${SAMPLE.code}”`,
      when: (snapshot) => sixDigitCode(snapshot.context.code) === null,
    },
    { event: { type: 'user.finish' }, label: 'presses “Turn on two-factor authentication”' },
    { event: { type: 'user.cancel' }, label: 'presses “Cancel” or “Keep it”' },
    { event: { type: 'secret.copied' }, label: 'presses “Copy key”, and the clipboard takes it', when: (snapshot) => !snapshot.context.copied },
    { event: { type: 'secret.notCopied' }, label: 'presses “Copy key”, and the clipboard refuses', when: (snapshot) => snapshot.context.copied },
    { event: { type: 'user.remove', factor: PHONE, atAal2: false }, label: `presses “Remove ${PHONE.name}” (verified; the session is aal1)` },
    { event: { type: 'user.remove', factor: TABLET, atAal2: false }, label: `presses “Remove ${TABLET.name}” (an unfinished setup)` },
    { event: { type: 'user.confirm' }, label: 'presses “Remove” in the dialog' },
  ],
  actors: {
    enrol: {
      done: [{ output: ENROLLED, label: 'the factor is made' }],
      error: [{ error: FAILURES.nameTaken, label: 'the name is taken (mfa_factor_name_conflict)' }],
    },
    verify: {
      done: [{ label: 'the code is right: the factor is on' }],
      error: [{ error: FAILURES.wrongCode, label: 'the code is wrong' }],
    },
    remove: {
      done: [{ label: 'the factor is removed' }],
      error: [
        { error: FAILURES.needsAal2, label: 'the session is only aal1 after all (insufficient_aal)' },
        { error: FAILURES.network, label: 'the removal cannot be sent (network)' },
      ],
    },
  },
  facts: ({ context }) => ({
    named: context.name !== '',
    nameProblem: context.nameProblem !== null,
    code: context.code === '' ? 'empty' : sixDigitCode(context.code) === null ? 'malformed' : 'complete',
    codeProblem: context.codeProblem !== null,
    copied: context.copied,
    needsCode: context.needsCode,
    error: context.error !== null,
    refused: context.refusals > 0,
  }),
  describeState: (snapshot) => inWords(snapshot.context, valueKey(snapshot.value)),
  simplePaths: false,
});
