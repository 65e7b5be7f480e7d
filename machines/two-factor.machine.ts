import { assign, fromPromise, setup, spawnChild } from 'xstate';

import { CODE_SHAPE_MESSAGE, sixDigitCode } from './one-time-code';

/**
 * Two-factor authentication in the account settings (decision 041): set up an
 * authenticator app, or remove one.
 *
 * Setting up: naming (a name the person chooses once; Accord cannot rename a
 * factor later) → enrolling → scanning (the QR code, the key as text and the
 * first code) → verifying → idle. Cancelling while scanning discards the
 * half-made factor. Removing: confirming (an alert dialog), or askingCode when
 * the session is aal1 and the factor is verified (the auth server removes a
 * verified factor only from an aal2 session, so its own code raises it first)
 * → removing → idle. A refusal for want of aal2 (the session was lowered in
 * another tab) turns the confirmation into the code form after all.
 */

export const DEFAULT_FACTOR_NAME = 'Authenticator app';
export const FACTOR_NAME_LIMIT = 60;
/** The auth server's code for a change that needs an aal2 session. */
export const INSUFFICIENT_AAL = 'insufficient_aal';
const FALLBACK_ERROR = 'Something went wrong.';

/** A factor made but not verified yet: what the authenticator app is shown. */
export interface EnrolledFactor {
  id: string;
  name: string;
  /** An image (data URL) of the otpauth:// link. */
  qrCode: string;
  secret: string;
}

/** A factor as the list shows it, as much as removing it needs. */
export interface RemovableFactor {
  id: string;
  name: string;
  status: 'verified' | 'unverified';
}

export interface TwoFactorContext {
  name: string;
  nameProblem: string | null;
  pending: EnrolledFactor | null;
  copied: boolean;
  /** The factor being removed. */
  removal: RemovableFactor | null;
  /** Removing it needs its code first. */
  needsCode: boolean;
  code: string;
  /** The typed code is not six digits. */
  codeProblem: string | null;
  /** The server's last refusal (enrolling, verifying or removing), as a sentence. */
  error: string | null;
  /** Counts refused codes, so the screen puts the focus back in the field each time. */
  refusals: number;
}

export type TwoFactorEvent =
  | { type: 'user.setUp' }
  | { type: 'user.name'; name: string }
  | { type: 'user.continue'; taken: readonly string[] }
  | { type: 'user.code'; code: string }
  | { type: 'user.finish' }
  | { type: 'user.cancel' }
  | { type: 'secret.copied' }
  | { type: 'secret.notCopied' }
  | { type: 'user.remove'; factor: RemovableFactor; atAal2: boolean }
  | { type: 'user.confirm' };

/** Why the chosen name cannot be used, or null. */
export function nameProblem(name: string, taken: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the authenticator a name, such as the phone it is on.';
  if (trimmed.length > FACTOR_NAME_LIMIT) return `Keep the name to ${FACTOR_NAME_LIMIT} characters or fewer.`;
  if (taken.includes(trimmed)) return 'You already have an authenticator with that name. Choose another name.';
  return null;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : FALLBACK_ERROR;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

const fresh = {
  name: DEFAULT_FACTOR_NAME,
  nameProblem: null,
  pending: null,
  copied: false,
  removal: null,
  needsCode: false,
  code: '',
  codeProblem: null,
  error: null,
  refusals: 0,
} satisfies TwoFactorContext;

export const twoFactorMachine = setup({
  types: {} as {
    context: TwoFactorContext;
    events: TwoFactorEvent;
    tags: 'busy';
  },
  actors: {
    /** Makes an unverified TOTP factor with this name. */
    enrol: fromPromise<EnrolledFactor, { name: string }>(async () => notProvided('enrol')),
    /** Verifies the new factor with its first code, which turns it on. */
    verify: fromPromise<void, { factorId: string; code: string }>(async () => notProvided('verify')),
    /** Removes a factor, after proving its code first when one is given. */
    remove: fromPromise<void, { factorId: string; code: string | null }>(async () => notProvided('remove')),
    /** Removes an abandoned setup's factor; nobody waits for it. */
    discard: fromPromise<void, { factorId: string }>(async () => notProvided('discard')),
  },
  guards: {
    nameRefused: ({ context }, params: { taken: readonly string[] }) => nameProblem(context.name, params.taken) !== null,
    codeMalformed: ({ context }) => sixDigitCode(context.code) === null,
    needsCodeFirst: (_, params: { factor: RemovableFactor; atAal2: boolean }) =>
      params.factor.status === 'verified' && !params.atAal2,
    needsCode: ({ context }) => context.needsCode,
    wantsAal2: ({ context }, params: { error: unknown }) =>
      !context.needsCode && (params.error as { code?: unknown } | null)?.code === INSUFFICIENT_AAL,
  },
  actions: {
    /** Toasts that the new authenticator is on (provided by the app). */
    announceEnabled: () => undefined,
    /** Toasts that the factor was removed and has the session's facts read again (provided by the app). */
    announceRemoved: (_, _params: { name: string }) => undefined,
    reset: assign(() => fresh),
    refuseName: assign(({ context }, params: { taken: readonly string[] }) => ({ nameProblem: nameProblem(context.name, params.taken) })),
    refuseCode: assign(({ context }) => ({ codeProblem: CODE_SHAPE_MESSAGE, refusals: context.refusals + 1 })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    keepCodeError: assign(({ context }, params: { error: unknown }) => ({ error: messageOf(params.error), refusals: context.refusals + 1 })),
  },
}).createMachine({
  id: 'twoFactor',
  context: fresh,
  initial: 'idle',
  states: {
    idle: {
      description: 'The list of authenticators with "Set up authenticator app" when none is on, and "Remove" on each.',
      on: {
        'user.setUp': { target: 'settingUp', actions: 'reset' },
        'user.remove': [
          {
            guard: { type: 'needsCodeFirst', params: ({ event }) => event },
            target: 'removing.askingCode',
            actions: ['reset', assign(({ event }) => ({ removal: event.factor, needsCode: true }))],
          },
          { target: 'removing.confirming', actions: ['reset', assign(({ event }) => ({ removal: event.factor }))] },
        ],
      },
    },
    settingUp: {
      initial: 'naming',
      states: {
        naming: {
          description: 'The name field (an authenticator cannot be renamed later), "Continue" and "Cancel".',
          on: {
            'user.name': { actions: assign(({ event }) => ({ name: event.name })) },
            'user.continue': [
              {
                guard: { type: 'nameRefused', params: ({ event }) => ({ taken: event.taken }) },
                actions: { type: 'refuseName', params: ({ event }) => ({ taken: event.taken }) },
              },
              { target: 'enrolling', actions: assign({ nameProblem: null, error: null }) },
            ],
            'user.cancel': '#twoFactor.idle',
          },
        },
        enrolling: {
          tags: ['busy'],
          invoke: {
            id: 'enrol',
            src: 'enrol',
            input: ({ context }) => ({ name: context.name.trim() }),
            onDone: { target: 'scanning', actions: assign(({ event }) => ({ pending: event.output })) },
            onError: { target: 'naming', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        scanning: {
          description: 'The QR code, the key as text with "Copy key", and the first code, which turns the factor on.',
          on: {
            'user.code': { actions: assign(({ event }) => ({ code: event.code, codeProblem: null })) },
            'secret.copied': { actions: assign({ copied: true }) },
            'secret.notCopied': { actions: assign({ copied: false }) },
            'user.finish': [
              { guard: 'codeMalformed', actions: 'refuseCode' },
              { target: 'verifying', actions: assign({ codeProblem: null, error: null }) },
            ],
            'user.cancel': {
              target: '#twoFactor.idle',
              actions: spawnChild('discard', { input: ({ context }) => ({ factorId: context.pending!.id }) }),
            },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({ factorId: context.pending!.id, code: sixDigitCode(context.code)! }),
            onDone: { target: '#twoFactor.idle', actions: 'announceEnabled' },
            onError: { target: 'scanning', actions: { type: 'keepCodeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    removing: {
      initial: 'confirming',
      states: {
        confirming: {
          description: 'An alert dialog: what removing means, "Remove" and "Keep it"; a refusal shows inside.',
          on: { 'user.confirm': 'working', 'user.cancel': '#twoFactor.idle' },
        },
        askingCode: {
          description: 'A form dialog asking for the code the authenticator shows now, to raise the session to aal2 first.',
          on: {
            'user.code': { actions: assign(({ event }) => ({ code: event.code, codeProblem: null })) },
            'user.confirm': [{ guard: 'codeMalformed', actions: 'refuseCode' }, { target: 'working' }],
            'user.cancel': '#twoFactor.idle',
          },
        },
        working: {
          tags: ['busy'],
          entry: assign({ error: null, codeProblem: null }),
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ factorId: context.removal!.id, code: context.needsCode ? sixDigitCode(context.code) : null }),
            onDone: {
              target: '#twoFactor.idle',
              actions: { type: 'announceRemoved', params: ({ context }) => ({ name: context.removal!.name }) },
            },
            onError: [
              {
                description: 'The session was lower than the facts said: ask for the code after all.',
                guard: { type: 'wantsAal2', params: ({ event }) => ({ error: event.error }) },
                target: 'askingCode',
                actions: assign({ needsCode: true }),
              },
              {
                guard: 'needsCode',
                target: 'askingCode',
                actions: { type: 'keepCodeError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'confirming', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
