import { assign, fromPromise, setup } from 'xstate';

import { emailMessage, emailProblem, isWellFormedEmail, trimEmail } from './email';

/**
 * Password-less sign-in by e-mail: the person asks for a magic link, then either
 * opens it (the callback page takes over) or types the 6-digit code from the same
 * e-mail here, which is the fallback for links opened in another browser (a PKCE
 * link only works where it was requested).
 */

export type MagicLinkAudience = 'member' | 'admin';

/** Sent to the callback as `?type=` so it can apply the administrator-only rule. */
export type MagicLinkType = 'admin_magiclink';

export interface SendLinkInput {
  email: string;
  type: MagicLinkType | undefined;
  /** A remembered location (already checked by safeInternalPath) for the callback to return to. */
  next?: string;
}

export interface VerifyCodeInput {
  email: string;
  code: string;
}

export interface MagicLinkOutput {
  /** Where the app goes once the code has signed the person in. */
  to: string;
}

export type MagicLinkFailureKind = 'send' | 'resend' | 'verify';

export interface MagicLinkContext {
  audience: MagicLinkAudience;
  /** Where the person was going before they were sent to sign in; carried through the link. */
  next: string | null;
  email: string;
  code: string;
  emailError: string | null;
  codeError: string | null;
  failure: { kind: MagicLinkFailureKind; message: string } | null;
  /** The address the current link went to; fixed while the person waits for the e-mail. */
  sentTo: string | null;
  resent: boolean;
}

export type MagicLinkEvent =
  | { type: 'user.changeEmail'; email: string }
  | { type: 'user.submitEmail' }
  | { type: 'user.changeCode'; code: string }
  | { type: 'user.submitCode' }
  | { type: 'user.resendLink' }
  | { type: 'user.editEmail' };

export const CODE_INVALID_MESSAGE = 'Enter the 6-digit code from the e-mail.';
export const UNKNOWN_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

const CODE_PATTERN = /^\d{6}$/;

/** People paste codes as "123 456"; only the digits count. */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export function linkTypeFor(audience: MagicLinkAudience): MagicLinkType | undefined {
  return audience === 'admin' ? 'admin_magiclink' : undefined;
}

export function callbackPathFor(audience: MagicLinkAudience, next: string | null = null): string {
  const params: string[] = [];
  const type = linkTypeFor(audience);
  if (type) params.push(`type=${type}`);
  if (next) params.push(`next=${encodeURIComponent(next)}`);
  return params.length > 0 ? `/auth/callback?${params.join('&')}` : '/auth/callback';
}

function sendLinkInput(context: MagicLinkContext): SendLinkInput {
  const input: SendLinkInput = { email: context.sentTo ?? trimEmail(context.email), type: linkTypeFor(context.audience) };
  if (context.next) input.next = context.next;
  return input;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return UNKNOWN_FAILURE_MESSAGE;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

export const magicLinkMachine = setup({
  types: {} as {
    context: MagicLinkContext;
    events: MagicLinkEvent;
    input: { audience: MagicLinkAudience; next?: string | null };
    output: MagicLinkOutput;
    tags: 'pending' | 'codeEntry';
  },
  actors: {
    sendLink: fromPromise<void, SendLinkInput>(async () => notProvided('sendLink')),
    verifyCode: fromPromise<void, VerifyCodeInput>(async () => notProvided('verifyCode')),
  },
  guards: {
    isEmailWellFormed: ({ context }) => isWellFormedEmail(context.email),
    isCodeWellFormed: ({ context }) => CODE_PATTERN.test(context.code),
  },
  actions: {
    setEmail: assign(({ context, event }) => {
      if (event.type !== 'user.changeEmail') return {};
      // An error that the person has just fixed should not linger, but a new
      // one only appears when they submit, not while they are still typing.
      const emailError = context.emailError !== null && isWellFormedEmail(event.email) ? null : context.emailError;
      return { email: event.email, emailError };
    }),
    rejectEmail: assign({
      emailError: ({ context }) => emailMessage(emailProblem(context.email) ?? 'invalid'),
    }),
    rememberRecipient: assign({ sentTo: ({ context }) => trimEmail(context.email), emailError: null }),
    setCode: assign(({ context, event }) => {
      if (event.type !== 'user.changeCode') return {};
      const code = normaliseCode(event.code);
      return { code, codeError: context.codeError !== null && CODE_PATTERN.test(code) ? null : context.codeError };
    }),
    rejectCode: assign({ codeError: CODE_INVALID_MESSAGE }),
    clearFailure: assign({ failure: null }),
    recordFailure: assign((_, params: { kind: MagicLinkFailureKind; error: unknown }) => ({
      failure: { kind: params.kind, message: messageOf(params.error) },
    })),
    markResent: assign({ resent: true }),
    resetCodeStep: assign({ code: '', codeError: null, failure: null, sentTo: null, resent: false }),
  },
}).createMachine({
  id: 'magicLink',
  context: ({ input }) => ({
    audience: input.audience,
    next: input.next ?? null,
    email: '',
    code: '',
    emailError: null,
    codeError: null,
    failure: null,
    sentTo: null,
    resent: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.changeEmail': { actions: 'setEmail' },
        'user.submitEmail': [
          { guard: 'isEmailWellFormed', target: 'sending', actions: 'rememberRecipient' },
          { actions: 'rejectEmail' },
        ],
      },
    },
    sending: {
      tags: ['pending'],
      entry: 'clearFailure',
      invoke: {
        src: 'sendLink',
        input: ({ context }) => sendLinkInput(context),
        onDone: { target: 'awaitingCode' },
        onError: {
          target: 'editing',
          actions: { type: 'recordFailure', params: ({ event }) => ({ kind: 'send', error: event.error }) },
        },
      },
    },
    awaitingCode: {
      tags: ['codeEntry'],
      on: {
        'user.changeCode': { actions: 'setCode' },
        'user.submitCode': [{ guard: 'isCodeWellFormed', target: 'verifying' }, { actions: 'rejectCode' }],
        'user.resendLink': { target: 'resending' },
        'user.editEmail': { target: 'editing', actions: 'resetCodeStep' },
      },
    },
    resending: {
      tags: ['codeEntry', 'pending'],
      entry: 'clearFailure',
      invoke: {
        src: 'sendLink',
        input: ({ context }) => sendLinkInput(context),
        onDone: { target: 'awaitingCode', actions: 'markResent' },
        onError: {
          target: 'awaitingCode',
          actions: { type: 'recordFailure', params: ({ event }) => ({ kind: 'resend', error: event.error }) },
        },
      },
    },
    verifying: {
      tags: ['codeEntry', 'pending'],
      entry: 'clearFailure',
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ email: context.sentTo ?? trimEmail(context.email), code: context.code }),
        onDone: { target: 'verified' },
        onError: {
          target: 'awaitingCode',
          actions: { type: 'recordFailure', params: ({ event }) => ({ kind: 'verify', error: event.error }) },
        },
      },
    },
    verified: {
      description: 'The code created a session; the app leaves for the callback page, which decides where the person belongs.',
      tags: ['codeEntry', 'pending'],
      type: 'final',
    },
  },
  output: ({ context }) => ({ to: callbackPathFor(context.audience, context.next) }),
});
