/**
 * The onboarding machine as test models: the events an applicant causes on
 * /onboarding (with data that passes or fails each step's checks), what the
 * five effects may answer, and the context facts that tell screens apart.
 * Shared by the component test (onboarding.model.test.tsx) and `npm run test:paths`.
 *
 * Two models, because who is signed in is the machine's input: the main one
 * starts signed in (steps 2–5, the draft, uploads, submit); the signed-out one
 * walks step 1's sign-up link. Each leaves the other's states to it.
 */
import type { AnyMachineSnapshot } from 'xstate';

import {
  firstIncompleteStep,
  MESSAGES,
  toDraftPayload,
  validateContact,
  validateOrganization,
  EMPTY_VALUES,
  type ApplicationValues,
  type UploadedFile,
} from '../../machines/onboarding-form.ts';
import { onboardingMachine, type LoadedDraft, type OnboardingContext, type SubmitRefusal } from '../../machines/onboarding.machine.ts';
import { defineModel } from '../support/model.ts';

export const FOLDER_ID = '0b0e0000-0000-4000-8000-00000000f01d';

const ORGANISATION: Partial<ApplicationValues> = {
  legalName: 'Harbour Clinic Ltd',
  tradingName: 'Harbour Clinic',
  registrationNumber: '09876543',
  country: 'GB',
  website: 'https://harbour-clinic.example',
  sector: 'healthcare',
  size: '10-49',
};
const CONTACT: Partial<ApplicationValues> = {
  contactName: 'Grace Hopper',
  contactPhone: '+44 20 7946 0000',
  useCases: ['healthcare', 'online_registration'],
  expectedMonthlyVerifications: '1200',
};

export const SAMPLE = {
  organisation: ORGANISATION,
  contact: CONTACT,
  proof: { path: `${FOLDER_ID}/proof-of-registration.pdf`, name: 'certificate.pdf', size: 2048, type: 'application/pdf' } satisfies UploadedFile,
  email: 'grace@harbour-clinic.example',
  malformedEmail: 'grace@harbour',
  sendRefusal: 'For security purposes, you can only request this after 42 seconds.',
  loadFailure: "We couldn't reach Accord. Check your connection and try again.",
  saveFailure: "We couldn't reach Accord. Check your connection and try again.",
  uploadFailure: 'The file is larger than 10 MB. Upload a smaller file.',
  submitFailure: "We couldn't reach Accord. Check your connection and try again.",
  takenRefusal: {
    message: 'invalid_application',
    fieldErrors: { registrationNumber: MESSAGES.registrationNumberTaken },
  } satisfies SubmitRefusal,
} as const;

/** A file as a file input gives it: only name, type and size matter to the machine. */
export const FILES = {
  pdf: { name: 'certificate.pdf', type: 'application/pdf', size: 2048 },
  gif: { name: 'certificate.gif', type: 'image/gif', size: 2048 },
} as const;

const ORGANISATION_VALUES: ApplicationValues = { ...EMPTY_VALUES, ...ORGANISATION };
const CONTACT_VALUES: ApplicationValues = { ...ORGANISATION_VALUES, ...CONTACT };
const FULL_VALUES: ApplicationValues = { ...CONTACT_VALUES, proof: SAMPLE.proof };

const draft = (values: ApplicationValues, step: number): LoadedDraft => ({ folderId: FOLDER_ID, payload: toDraftPayload(values), step });

/** Drafts the server may hold when the applicant comes back. */
export const DRAFTS = {
  organisationStarted: draft({ ...EMPTY_VALUES, legalName: 'Harbour Clinic Ltd' }, 2),
  /** Saved at step 4, but the contact step was never completed: the machine must stop at 3. */
  pastIncomplete: draft(ORGANISATION_VALUES, 4),
  documentsNext: draft(CONTACT_VALUES, 4),
  complete: draft(FULL_VALUES, 5),
} as const;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as OnboardingContext;
const isValid = (errors: object) => Object.keys(errors).length === 0;
const inStep = (snapshot: AnyMachineSnapshot, step: string) => snapshot.matches({ editing: { step } });

function screenInWords(snapshot: AnyMachineSnapshot): string {
  const context = ctx(snapshot);
  const parts: string[] = [];
  if (snapshot.matches('loadingDraft')) return 'loading the saved draft';
  if (snapshot.matches('draftUnavailable')) return `“We couldn't load your application” (${context.failure?.message}), Try again`;
  if (snapshot.matches('submitted')) return 'submitted: the app goes to /application-submitted with “Organization created”';
  if (snapshot.matches('account')) {
    if (snapshot.matches({ account: 'linkSent' })) parts.push(`“Check your inbox” for ${context.sentTo}`);
    else parts.push(context.email === '' ? 'step 1, e-mail empty' : `step 1 with “${context.email}”`);
    if (context.emailError) parts.push(`says “${context.emailError}”`);
    if (snapshot.matches({ account: 'sending' })) parts.push('sending the sign-up link');
    if (context.failure) parts.push(`alert “${context.failure.message}”`);
    return parts.join(', ');
  }
  parts.push(`step ${context.step} (?step=${context.step})`);
  const errors = Object.keys(context.errors);
  if (errors.length > 0) parts.push(`errors at ${errors.join(', ')}`);
  if (snapshot.hasTag('uploading')) parts.push('uploading');
  if (snapshot.matches({ editing: { step: { review: 'submitting' } } })) parts.push('submitting');
  if (context.failure) parts.push(`alert “${context.failure.message}”`);
  return parts.join(', ');
}

/**
 * What guards read, bucketed: whether each step's data is complete, and
 * consent, which only the review step shows and reads.
 */
function facts(snapshot: AnyMachineSnapshot) {
  const { values } = ctx(snapshot);
  return {
    organisation: isValid(validateOrganization(values)),
    contact: isValid(validateContact(values)),
    proof: values.proof !== null,
    consent: inStep(snapshot, 'review') ? values.consent : null,
  };
}

export const onboardingModel = defineModel({
  machine: onboardingMachine,
  input: { signedIn: true, accountEmail: SAMPLE.email, requestedStep: null },
  events: [
    {
      event: { type: 'user.change', values: SAMPLE.organisation },
      label: 'fills in the organisation step',
      when: (s) => inStep(s, 'organisation') && !isValid(validateOrganization(ctx(s).values)),
    },
    {
      event: { type: 'user.change', values: { legalName: '' } },
      label: 'clears the legal name',
      when: (s) => inStep(s, 'organisation') && isValid(validateOrganization(ctx(s).values)),
    },
    {
      event: { type: 'user.change', values: SAMPLE.contact },
      label: 'fills in contact and use',
      when: (s) => inStep(s, 'contact') && !isValid(validateContact(ctx(s).values)),
    },
    {
      event: { type: 'user.change', values: { contactPhone: 'call me' } },
      label: 'types “call me” as the phone number',
      when: (s) => inStep(s, 'contact') && isValid(validateContact(ctx(s).values)),
    },
    {
      event: { type: 'user.chooseFile', kind: 'proof', file: FILES.pdf },
      label: 'chooses a PDF as proof of registration',
      when: (s) => s.matches({ editing: { step: { documents: 'choosing' } } }) && ctx(s).values.proof === null,
    },
    {
      event: { type: 'user.chooseFile', kind: 'proof', file: FILES.gif },
      label: 'chooses a GIF as proof of registration',
      when: (s) => s.matches({ editing: { step: { documents: 'choosing' } } }) && ctx(s).values.proof === null,
    },
    {
      event: { type: 'user.removeFile', kind: 'proof' },
      label: 'removes the proof of registration',
      when: (s) => s.matches({ editing: { step: { documents: 'choosing' } } }) && ctx(s).values.proof !== null,
    },
    { event: { type: 'user.toggleConsent', consent: true }, label: 'ticks the consent box', when: (s) => !ctx(s).values.consent },
    { event: { type: 'user.next' }, label: 'presses Next' },
    { event: { type: 'user.back' }, label: 'presses Back' },
    { event: { type: 'user.submit' }, label: 'presses Submit application' },
    // The review step has the edit links.
    { event: { type: 'user.editSection', step: 2 }, label: 'follows “Edit organisation”', when: (s) => inStep(s, 'review') },
    { event: { type: 'user.editSection', step: 3 }, label: 'follows “Edit contact and use”', when: (s) => inStep(s, 'review') },
    { event: { type: 'user.editSection', step: 4 }, label: 'follows “Edit documents”', when: (s) => inStep(s, 'review') },
    { event: { type: 'user.retry' }, label: 'presses Try again' },
    { event: { type: 'draft.saved', folderId: FOLDER_ID }, label: 'the draft is saved in the background', when: (s) => ctx(s).folderId === null },
    {
      event: { type: 'url.stepRequested', step: 1 },
      label: 'goes to ?step=1 (browser Back, or a pasted URL)',
      when: (s) => !inStep(s, 'account'),
    },
    {
      event: { type: 'url.stepRequested', step: 5 },
      label: 'pastes ?step=5 into the address bar',
      when: (s) => !inStep(s, 'review'),
    },
  ],
  actors: {
    loadDraft: {
      done: [
        { output: null, label: 'there is no draft' },
        { output: DRAFTS.organisationStarted, label: 'a draft saved on the organisation step is restored' },
        { output: DRAFTS.pastIncomplete, label: 'a draft saved on step 4 with contact details missing is restored' },
        { output: DRAFTS.documentsNext, label: 'a draft saved on the documents step is restored' },
        { output: DRAFTS.complete, label: 'a complete draft saved on the review step is restored' },
      ],
      error: [{ error: new Error(SAMPLE.loadFailure), label: 'the draft cannot be loaded' }],
    },
    uploadFile: {
      done: [{ output: { file: SAMPLE.proof, folderId: FOLDER_ID }, label: 'the upload finishes' }],
      error: [{ error: new Error(SAMPLE.uploadFailure), label: 'storage refuses the file' }],
    },
    submitApplication: {
      done: [{ output: { organizationId: FOLDER_ID }, label: 'the application is created' }],
      error: [
        { error: new Error(SAMPLE.submitFailure), label: 'the submit fails (network)' },
        { error: SAMPLE.takenRefusal, label: 'the server refuses: registration number already in the network' },
      ],
    },
  },
  facts,
  describeState: screenInWords,
  simplePaths: false,
  exclude: {
    states: {
      starting: 'decided before the first snapshot (its `always` transitions are counted); nothing is shown in it',
      account: 'signed out only: onboardingSignedOutModel walks it (same test file)',
      'account.enteringEmail': 'signed out only: onboardingSignedOutModel',
      'account.sending': 'signed out only: onboardingSignedOutModel',
      'account.linkSent': 'signed out only: onboardingSignedOutModel',
    },
    transitions: {
      'starting —always→ account': 'signed out only: onboardingSignedOutModel',
      'account —url.stepRequested→ account': 'signed out only: onboardingSignedOutModel',
      'account.enteringEmail —user.changeEmail→ account.enteringEmail': 'signed out only: onboardingSignedOutModel',
      'account.enteringEmail —user.sendLink [isEmailWellFormed]→ account.sending': 'signed out only: onboardingSignedOutModel',
      'account.enteringEmail —user.sendLink→ account.enteringEmail': 'signed out only: onboardingSignedOutModel',
      'account.sending —sendSignupLink done→ account.linkSent': 'signed out only: onboardingSignedOutModel',
      'account.sending —sendSignupLink error→ account.enteringEmail': 'signed out only: onboardingSignedOutModel',
      'account.linkSent —user.resendLink→ account.sending': 'signed out only: onboardingSignedOutModel',
      'account.linkSent —user.editEmail→ account.enteringEmail': 'signed out only: onboardingSignedOutModel',
    },
  },
});

/** Step 1 signed out: the sign-up link. Everything after it needs a session, which the main model starts with. */
export const onboardingSignedOutModel = defineModel({
  machine: onboardingMachine,
  input: { signedIn: false, requestedStep: 3 },
  events: [
    { event: { type: 'user.changeEmail', email: SAMPLE.malformedEmail }, label: `types “${SAMPLE.malformedEmail}”`, when: (s) => ctx(s).email === '' },
    {
      event: { type: 'user.changeEmail', email: SAMPLE.email },
      label: `types “${SAMPLE.email}”`,
      when: (s) => ctx(s).email !== SAMPLE.email,
    },
    { event: { type: 'user.sendLink' }, label: 'presses “Send sign-up link”' },
    { event: { type: 'user.resendLink' }, label: 'presses “Resend link”' },
    { event: { type: 'user.editEmail' }, label: 'presses “Use a different e-mail”' },
    { event: { type: 'url.stepRequested', step: 4 }, label: 'pastes ?step=4 into the address bar' },
  ],
  actors: {
    sendSignupLink: {
      done: [{ output: undefined, label: 'the sign-up link goes out' }],
      error: [{ error: new Error(SAMPLE.sendRefusal), label: 'the server refuses to send (rate limit)' }],
    },
  },
  facts: (snapshot) => {
    const { email, emailError } = ctx(snapshot);
    return { email: email === '' ? 'empty' : email === SAMPLE.email ? 'good' : 'malformed', emailError: emailError !== null };
  },
  describeState: screenInWords,
});

/** Whether a step is reachable for these values (used by screen checks). */
export const firstIncomplete = (values: ApplicationValues) => firstIncompleteStep(values, true);
