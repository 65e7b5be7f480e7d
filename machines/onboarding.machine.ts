import { assign, fromPromise, raise, sendTo, setup } from 'xstate';

import { draftAutosaveMachine } from './draft-autosave.machine';
import { emailMessage, emailProblem, isWellFormedEmail, trimEmail } from './email';

import {
  allowedStep,
  EMPTY_VALUES,
  FIELD_STEP,
  fileProblem,
  firstIncompleteStep,
  fromDraftPayload,
  MESSAGES,
  toDraftPayload,
  toSubmitPayload,
  validateStep,
  type ApplicationValues,
  type DocumentKind,
  type FieldErrors,
  type StepNumber,
  type SubmitPayload,
  type UploadedFile,
} from './onboarding-form';

/**
 * Onboarding (/onboarding?step=N): five steps, each checked before the next,
 * a server-side draft saved as the applicant types, uploads into the folder
 * the draft reserves, and one Submit.
 *
 * The step in the URL and the machine agree both ways: the page sends every
 * `?step=` it sees (`url.stepRequested`) and the machine lands on that step or
 * on the first incomplete one before it; the shell then shows the machine's
 * step (`context.step`) in the URL, pushing a history entry when the person
 * moved (`navigation: 'push'`) and replacing it when it only needed correcting.
 *
 * While the applicant edits, an invoked draftAutosave machine
 * (draft-autosave.machine.ts) saves a debounced copy of the form after every
 * change; leaving `editing` (a successful submit) stops it.
 */

export const SUBMIT_FAILED_TOAST = {
  type: 'error',
  title: 'Error',
  description: 'Failed to create organization. Please try again.',
} as const;
export const SUBMIT_SUCCEEDED_TOAST = {
  type: 'success',
  title: 'Organization created',
  description: 'Your organization has been created successfully.',
} as const;

export const UNKNOWN_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

export interface LoadedDraft {
  folderId: string;
  payload: unknown;
  step: number;
}

/**
 * A file the person chose. Machines have no DOM types: in the app this is the
 * browser's File, which the upload actor sends as it is.
 */
export interface ChosenFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export interface UploadInput {
  kind: DocumentKind;
  file: ChosenFile;
  /** The folder reserved by the draft, or null when no draft exists yet (the actor creates one). */
  folderId: string | null;
  /** The path of the draft's earlier file of this kind, which the new one replaces; null if none. */
  replaces: string | null;
}

export interface UploadOutput {
  file: UploadedFile;
  folderId: string;
}

/** What submitApplication rejects with when the server names bad fields (already in the form's words). */
export interface SubmitRefusal {
  message: string;
  fieldErrors: FieldErrors;
}

export interface OnboardingOutput {
  to: string;
  organizationId: string;
  toast: typeof SUBMIT_SUCCEEDED_TOAST;
}

export type OnboardingFailureKind = 'send' | 'load' | 'upload' | 'submit';

export interface OnboardingContext {
  signedIn: boolean;
  /** The signed-in person's address, shown on step 1. */
  accountEmail: string | null;
  /** The step the URL asked for; null when it named none (the draft's step is used). */
  requestedStep: StepNumber | null;
  /** The step shown (mirrors the step region's state, for the shell and the draft). */
  step: StepNumber;
  /** Step 1 signed out: the address for the sign-up link. */
  email: string;
  emailError: string | null;
  sentTo: string | null;
  resent: boolean;
  values: ApplicationValues;
  /** Messages shown at fields: set by Next (and by the server), cleared field by field as they are fixed. */
  errors: FieldErrors;
  /** The organisation id the draft reserved: documents are uploaded under it. */
  folderId: string | null;
  uploading: DocumentKind | null;
  failure: { kind: OnboardingFailureKind; message: string } | null;
  /** Whether the last step change came from the person (push a history entry) or the URL (replace it). */
  navigation: 'push' | 'replace';
  /** Set by a successful submit. */
  organizationId: string | null;
}

export type OnboardingEvent =
  | { type: 'user.changeEmail'; email: string }
  | { type: 'user.sendLink' }
  | { type: 'user.resendLink' }
  | { type: 'user.editEmail' }
  | { type: 'user.change'; values: Partial<Omit<ApplicationValues, 'proof' | 'logo' | 'consent'>> }
  | { type: 'user.toggleConsent'; consent: boolean }
  | { type: 'user.chooseFile'; kind: DocumentKind; file: ChosenFile }
  | { type: 'user.removeFile'; kind: DocumentKind }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.editSection'; step: StepNumber }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'url.stepRequested'; step: StepNumber }
  /** Raised after a change, once the target step is entered, so the draft carries the step shown. */
  | { type: 'draft.touch'; immediate: boolean }
  /** From draftAutosave: the draft is saved and reserves this folder. */
  | { type: 'draft.saved'; folderId: string };

export interface OnboardingInput {
  signedIn: boolean;
  accountEmail?: string | null;
  requestedStep?: StepNumber | null;
}

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const message = (error as { message: string }).message.trim();
    if (message !== '') return message;
  }
  return UNKNOWN_FAILURE_MESSAGE;
}

function isSubmitRefusal(error: unknown): error is SubmitRefusal {
  return typeof error === 'object' && error !== null && typeof (error as { fieldErrors?: unknown }).fieldErrors === 'object';
}

/** Errors of the fields just changed go away once they are fixed; new ones wait for Next. */
function keepUnfixedErrors(errors: FieldErrors, values: ApplicationValues, changed: readonly string[], step: StepNumber): FieldErrors {
  if (changed.length === 0) return errors;
  const now = validateStep(step, values);
  const next: FieldErrors = { ...errors };
  for (const field of changed) {
    const key = field as keyof FieldErrors;
    if (next[key] !== undefined && now[key] === undefined) delete next[key];
  }
  return next;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

/** The step-state each step number is shown in. */
const STEP_TARGETS: Record<StepNumber, string> = {
  1: '#onboarding.editing.step.account',
  2: '#onboarding.editing.step.organisation',
  3: '#onboarding.editing.step.contact',
  4: '#onboarding.editing.step.documents',
  5: '#onboarding.editing.step.review',
};

/** One guarded transition per step: go to the step the request may land on. */
function goToAllowedStep(navigation: 'push' | 'replace', steps: readonly StepNumber[] = [1, 2, 3, 4, 5]) {
  return steps.map((step) => ({
    guard: { type: 'isLandingStep' as const, params: { step } },
    target: STEP_TARGETS[step],
    actions: [{ type: 'rememberRequest' as const }, { type: navigation === 'push' ? ('followPerson' as const) : ('followUrl' as const) }],
  }));
}

export const onboardingMachine = setup({
  types: {} as {
    context: OnboardingContext;
    events: OnboardingEvent;
    input: OnboardingInput;
    output: OnboardingOutput;
    tags: 'pending' | 'uploading';
  },
  actors: {
    sendSignupLink: fromPromise<void, { email: string }>(async () => notProvided('sendSignupLink')),
    loadDraft: fromPromise<LoadedDraft | null, void>(async () => notProvided('loadDraft')),
    draftAutosave: draftAutosaveMachine,
    uploadFile: fromPromise<UploadOutput, UploadInput>(async () => notProvided('uploadFile')),
    submitApplication: fromPromise<{ organizationId: string }, { payload: SubmitPayload }>(async () => notProvided('submitApplication')),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    isEmailWellFormed: ({ context }) => isWellFormedEmail(context.email),
    /** The step a request (from the URL, an edit link, or the draft on arrival) may land on is `step`. */
    isLandingStep: ({ context, event }, params: { step: StepNumber }) => {
      const requested =
        event.type === 'url.stepRequested' || event.type === 'user.editSection'
          ? event.step
          : (context.requestedStep ?? context.step);
      return allowedStep(requested, context.values, context.signedIn) === params.step;
    },
    isStepComplete: ({ context }) => Object.keys(validateStep(context.step, context.values)).length === 0,
    isFileAcceptable: ({ event }) => event.type === 'user.chooseFile' && fileProblem(event.kind, event.file) === null,
    isReadyToSubmit: ({ context }) => firstIncompleteStep(context.values, context.signedIn) === 5 && context.values.consent,
    isRefusedWithFieldErrors: ({ event }) => 'error' in event && isSubmitRefusal(event.error),
  },
  actions: {
    toast: (_, _params: { type: 'error' | 'success'; title: string; description: string }) => undefined,

    setEmail: assign(({ context, event }) => {
      if (event.type !== 'user.changeEmail') return {};
      const fixed = context.emailError !== null && isWellFormedEmail(event.email);
      return { email: event.email, emailError: fixed ? null : context.emailError };
    }),
    rejectEmail: assign({
      emailError: ({ context }) => emailMessage(emailProblem(context.email) ?? 'invalid'),
    }),
    rememberRecipient: assign({ sentTo: ({ context }) => trimEmail(context.email), emailError: null }),
    markResent: assign({ resent: true }),
    forgetRecipient: assign({ sentTo: null, resent: false, failure: null }),

    restoreDraft: assign(({ event }) => {
      const draft = (event as { output?: LoadedDraft | null }).output ?? null;
      if (!draft) return {};
      const step = draft.step >= 1 && draft.step <= 5 ? (draft.step as StepNumber) : 1;
      return { values: fromDraftPayload(draft.payload), folderId: draft.folderId, step };
    }),
    /** Arrival: the URL's step, else where the draft left off. */
    useRequestedOrDraftStep: assign(({ context }) => ({ requestedStep: context.requestedStep ?? context.step })),
    rememberRequest: assign(({ context, event }) => ({
      requestedStep: event.type === 'url.stepRequested' || event.type === 'user.editSection' ? event.step : context.requestedStep,
    })),
    followPerson: assign({ navigation: 'push' as const }),
    followUrl: assign({ navigation: 'replace' as const }),
    enterStep: assign((_, params: { step: StepNumber }) => ({ step: params.step })),

    change: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      const values = { ...context.values, ...event.values };
      return { values, errors: keepUnfixedErrors(context.errors, values, Object.keys(event.values), context.step) };
    }),
    setConsent: assign(({ context, event }) => {
      if (event.type !== 'user.toggleConsent') return {};
      const values = { ...context.values, consent: event.consent };
      return { values, errors: keepUnfixedErrors(context.errors, values, ['consent'], 5) };
    }),
    showStepErrors: assign(({ context }) => ({ errors: { ...context.errors, ...validateStep(context.step, context.values) } })),
    clearStepErrors: assign(({ context }) => {
      const errors = { ...context.errors };
      for (const key of Object.keys(errors) as (keyof FieldErrors)[]) if (FIELD_STEP[key] === context.step) delete errors[key];
      return { errors };
    }),
    /** Typing: saved after a pause. */
    markDirty: raise({ type: 'draft.touch', immediate: false }),
    /** A step change or an upload: saved at once (the person may close the tab next). */
    markMoved: raise({ type: 'draft.touch', immediate: true }),
    sendDraft: sendTo('draftAutosave', ({ context, event }) => ({
      type: 'draft.changed' as const,
      payload: toDraftPayload(context.values),
      step: context.step,
      immediate: event.type === 'draft.touch' && event.immediate,
    })),
    setFolder: assign(({ context, event }) => ({ folderId: event.type === 'draft.saved' ? event.folderId : context.folderId })),

    startUpload: assign(({ context, event }) => {
      if (event.type !== 'user.chooseFile') return {};
      const errors = { ...context.errors };
      delete errors[event.kind];
      return { uploading: event.kind, errors, failure: null };
    }),
    rejectFile: assign(({ context, event }) => {
      if (event.type !== 'user.chooseFile') return {};
      return { errors: { ...context.errors, [event.kind]: fileProblem(event.kind, event.file) ?? MESSAGES.proofRequired } };
    }),
    setUploaded: assign(({ context, event }) => {
      const output = (event as { output?: UploadOutput }).output;
      if (!output || context.uploading === null) return { uploading: null };
      return {
        values: { ...context.values, [context.uploading]: output.file },
        folderId: output.folderId,
        uploading: null,
      };
    }),
    uploadFailed: assign(({ context, event }) => {
      const kind = context.uploading ?? 'proof';
      return { uploading: null, errors: { ...context.errors, [kind]: messageOf((event as { error?: unknown }).error) } };
    }),
    removeFile: assign(({ context, event }) => {
      if (event.type !== 'user.removeFile') return {};
      const errors = { ...context.errors };
      delete errors[event.kind];
      return { values: { ...context.values, [event.kind]: null }, errors };
    }),

    rejectConsent: assign(({ context }) => ({ errors: { ...context.errors, ...validateStep(5, context.values) } })),
    clearFailure: assign({ failure: null }),
    recordFailure: assign((_, params: { kind: OnboardingFailureKind; error: unknown }) => ({
      failure: { kind: params.kind, message: messageOf(params.error) },
    })),
    showServerErrors: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      return isSubmitRefusal(error) ? { errors: { ...context.errors, ...error.fieldErrors } } : {};
    }),

    rememberOrganization: assign(({ event }) => ({
      organizationId: (event as { output?: { organizationId: string } }).output?.organizationId ?? null,
    })),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    accountEmail: input.accountEmail ?? null,
    requestedStep: input.requestedStep ?? null,
    step: 1,
    email: '',
    emailError: null,
    sentTo: null,
    resent: false,
    values: EMPTY_VALUES,
    errors: {},
    folderId: null,
    uploading: null,
    failure: null,
    navigation: 'replace',
    organizationId: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isSignedIn', target: 'loadingDraft' }, { target: 'account' }],
    },

    account: {
      description: 'Signed out: step 1 asks for an e-mail address and sends a sign-up link; the link signs them in and brings them back.',
      entry: [{ type: 'enterStep', params: { step: 1 } }],
      on: {
        // A signed-out visitor cannot be past step 1, whatever the URL says.
        'url.stepRequested': { actions: 'followUrl' },
      },
      initial: 'enteringEmail',
      states: {
        enteringEmail: {
          on: {
            'user.changeEmail': { actions: 'setEmail' },
            'user.sendLink': [{ guard: 'isEmailWellFormed', target: 'sending', actions: 'rememberRecipient' }, { actions: 'rejectEmail' }],
          },
        },
        sending: {
          tags: ['pending'],
          entry: 'clearFailure',
          invoke: {
            src: 'sendSignupLink',
            input: ({ context }) => ({ email: context.sentTo ?? trimEmail(context.email) }),
            onDone: { target: 'linkSent' },
            onError: {
              target: 'enteringEmail',
              actions: { type: 'recordFailure', params: ({ event }) => ({ kind: 'send', error: event.error }) },
            },
          },
        },
        linkSent: {
          description: 'The link is in their inbox; opening it signs them in and lands on step 1 again, signed in.',
          on: {
            'user.resendLink': { target: 'sending', actions: 'markResent' },
            'user.editEmail': { target: 'enteringEmail', actions: 'forgetRecipient' },
          },
        },
      },
    },

    loadingDraft: {
      tags: ['pending'],
      invoke: {
        src: 'loadDraft',
        onDone: { target: 'resolvingStep', actions: ['restoreDraft', 'useRequestedOrDraftStep'] },
        onError: {
          target: 'draftUnavailable',
          actions: { type: 'recordFailure', params: ({ event }) => ({ kind: 'load', error: event.error }) },
        },
      },
    },

    draftUnavailable: {
      description: 'The saved draft could not be read. Starting empty would overwrite it at the next save, so the person retries instead.',
      on: { 'user.retry': { target: 'loadingDraft', actions: 'clearFailure' } },
    },

    resolvingStep: {
      description: 'Lands on the step asked for (URL, else where the draft left off), or on the first incomplete step before it.',
      always: goToAllowedStep('replace'),
    },

    editing: {
      invoke: { id: 'draftAutosave', src: 'draftAutosave', input: ({ self }) => ({ parent: self }) },
      on: {
        'draft.touch': { actions: 'sendDraft' },
        'draft.saved': { actions: 'setFolder' },
      },
      initial: 'step',
      states: {
        step: {
          initial: 'account',
          // On `step`, not on `editing`: a transition there would exit and
          // re-enter `editing`, restarting the autosave and dropping a pending save.
          on: {
            'url.stepRequested': goToAllowedStep('replace'),
            // The review step links to the three sections it summarises.
            'user.editSection': goToAllowedStep('push', [2, 3, 4]),
          },
          states: {
            account: {
              description: 'Signed in: step 1 only confirms who is applying.',
              entry: [{ type: 'enterStep', params: { step: 1 } }],
              on: { 'user.next': { target: 'organisation', actions: ['followPerson', 'markMoved'] } },
            },
            organisation: {
              entry: [{ type: 'enterStep', params: { step: 2 } }],
              on: {
                'user.change': { actions: ['change', 'markDirty'] },
                'user.next': [
                  { guard: 'isStepComplete', target: 'contact', actions: ['clearStepErrors', 'followPerson', 'markMoved'] },
                  { actions: 'showStepErrors' },
                ],
                'user.back': { target: 'account', actions: ['followPerson', 'markMoved'] },
              },
            },
            contact: {
              entry: [{ type: 'enterStep', params: { step: 3 } }],
              on: {
                'user.change': { actions: ['change', 'markDirty'] },
                'user.next': [
                  { guard: 'isStepComplete', target: 'documents', actions: ['clearStepErrors', 'followPerson', 'markMoved'] },
                  { actions: 'showStepErrors' },
                ],
                'user.back': { target: 'organisation', actions: ['followPerson', 'markMoved'] },
              },
            },
            documents: {
              entry: [{ type: 'enterStep', params: { step: 4 } }],
              initial: 'choosing',
              states: {
                choosing: {
                  on: {
                    'user.chooseFile': [{ guard: 'isFileAcceptable', target: 'uploading', actions: 'startUpload' }, { actions: 'rejectFile' }],
                    'user.removeFile': { actions: ['removeFile', 'markMoved'] },
                    'user.next': [
                      { guard: 'isStepComplete', target: '#onboarding.editing.step.review', actions: ['clearStepErrors', 'followPerson', 'markMoved'] },
                      { actions: 'showStepErrors' },
                    ],
                  },
                },
                uploading: {
                  description: 'One file at a time; Next waits for it. Back is still possible: the upload finishes or fails on its own.',
                  tags: ['uploading'],
                  invoke: {
                    src: 'uploadFile',
                    input: ({ context, event }) => {
                      const chosen = event as Extract<OnboardingEvent, { type: 'user.chooseFile' }>;
                      return { kind: chosen.kind, file: chosen.file, folderId: context.folderId, replaces: context.values[chosen.kind]?.path ?? null };
                    },
                    onDone: { target: 'choosing', actions: ['setUploaded', 'markMoved'] },
                    onError: { target: 'choosing', actions: 'uploadFailed' },
                  },
                },
              },
              on: {
                'user.back': { target: 'contact', actions: ['followPerson', 'markMoved'] },
              },
            },
            review: {
              entry: [{ type: 'enterStep', params: { step: 5 } }],
              initial: 'confirming',
              states: {
                confirming: {
                  on: {
                    'user.toggleConsent': { actions: 'setConsent' },
                    'user.submit': [{ guard: 'isReadyToSubmit', target: 'submitting' }, { actions: 'rejectConsent' }],
                    'user.back': { target: '#onboarding.editing.step.documents', actions: ['followPerson', 'markMoved'] },
                  },
                },
                submitting: {
                  tags: ['pending'],
                  entry: 'clearFailure',
                  invoke: {
                    src: 'submitApplication',
                    input: ({ context }) => ({ payload: toSubmitPayload(context.values) }),
                    onDone: { target: '#onboarding.submitted', actions: 'rememberOrganization' },
                    onError: [
                      {
                        description: 'The server named fields: they are shown where they are, the rest stays.',
                        guard: 'isRefusedWithFieldErrors',
                        target: 'confirming',
                        actions: [
                          'showServerErrors',
                          { type: 'recordFailure', params: ({ event }) => ({ kind: 'submit', error: event.error }) },
                          { type: 'toast', params: SUBMIT_FAILED_TOAST },
                        ],
                      },
                      {
                        target: 'confirming',
                        actions: [
                          { type: 'recordFailure', params: ({ event }) => ({ kind: 'submit', error: event.error }) },
                          { type: 'toast', params: SUBMIT_FAILED_TOAST },
                        ],
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },

    submitted: {
      description: 'The organisation, its admin membership and its pending application exist; the draft is gone.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ to: '/application-submitted', organizationId: context.organizationId ?? '', toast: SUBMIT_SUCCEEDED_TOAST }),
});
