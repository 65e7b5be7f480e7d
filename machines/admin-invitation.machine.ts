import { assign, fromPromise, not, setup } from 'xstate';

import { INVITATION_SUCCESS_REDIRECT_MS } from './timing';

/**
 * Accepting an administrator invitation at /admin/accept-invitation?token=…
 * (spec §4 "Invitation screen", §5, §8): processing → success | already_admin |
 * error. Success and already_admin go on to /admin/dashboard after 2 s; an
 * error stays on screen, with the spec's message, until the person leaves.
 *
 * What the accept call answers is data, not an exception
 * (docs/decisions/002-admin-invitation-result-codes.md): its `error` code picks
 * the message. A thrown error (network, server) is the "unexpected" message.
 */

/** accept_admin_invitation's answer. */
export interface AcceptInvitationResult {
  success: boolean;
  message: string | null;
  error: string | null;
}

export type InvitationFailure = 'noToken' | 'notSignedIn' | 'invalidLink' | 'alreadyUsed' | 'emailMismatch' | 'unexpected';

/** Spec §8's invitation screen messages, word for word, plus one for a link opened in the wrong account. */
export const INVITATION_MESSAGES: Record<InvitationFailure, string> = {
  noToken: 'Invalid invitation link. No token found.',
  notSignedIn: 'You must be logged in to accept this invitation.',
  invalidLink: 'Failed to process invitation. The link may be expired or invalid.',
  alreadyUsed: 'Failed to accept invitation. The link may be expired or already used.',
  // Not one of the spec's six: "expired or already used" would send the person
  // looking for a new link when theirs is fine, just not for this account.
  emailMismatch: 'This invitation was sent to a different e-mail address. Sign out, then sign in with the address the invitation was sent to.',
  unexpected: 'An unexpected error occurred while processing your invitation.',
};

export const ALREADY_ADMIN_MESSAGE = 'You are already a system administrator of the network!';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';

/** The accept call's error codes (decision 002) and the failure each one shows. */
const FAILURE_BY_CODE: Record<string, InvitationFailure> = {
  not_authenticated: 'notSignedIn',
  invalid_token: 'invalidLink',
  revoked: 'invalidLink',
  expired: 'invalidLink',
  already_used: 'alreadyUsed',
  email_mismatch: 'emailMismatch',
};

/**
 * Failures after which the invitation's token is still worth keeping: the
 * invitee signs in and comes back (notSignedIn), or tries again once the
 * network or server is back (unexpected). After any other outcome the token is
 * spent or useless here, and the app forgets it (decision 027).
 */
export const FAILURES_THAT_KEEP_THE_TOKEN: ReadonlySet<InvitationFailure> = new Set(['notSignedIn', 'unexpected']);

/** A code this screen does not know (a newer database) is not guessed at. */
export function failureFor(result: AcceptInvitationResult): InvitationFailure {
  return (result.error !== null && FAILURE_BY_CODE[result.error]) || 'unexpected';
}

export interface AdminInvitationContext {
  token: string | null;
  failure: InvitationFailure | null;
  /** How processing ended well: the person became an administrator now, or already was one. */
  outcome: 'accepted' | 'alreadyAdmin' | null;
}

export interface AdminInvitationOutput {
  to: string;
  /**
   * The person's roles changed on the server: the app must load them again
   * before the admin guard looks at them (a full navigation does that).
   */
  reloadSession: boolean;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

export const adminInvitationMachine = setup({
  types: {} as {
    context: AdminInvitationContext;
    input: { token: string | null };
    output: AdminInvitationOutput;
    tags: 'pending' | 'redirecting' | 'error';
  },
  actors: {
    /** Whether anyone is signed in in this browser. */
    checkSession: fromPromise<boolean>(async () => notProvided('checkSession')),
    acceptInvitation: fromPromise<AcceptInvitationResult, { token: string }>(async () => notProvided('acceptInvitation')),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token.trim() !== '',
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    isAccepted: (_, params: { result: AcceptInvitationResult }) => params.result.success === true,
    isAlreadyAdmin: (_, params: { result: AcceptInvitationResult }) => params.result.error === 'already_admin',
  },
  actions: {
    recordFailure: assign((_, params: { failure: InvitationFailure }) => ({ failure: params.failure })),
    recordRefusal: assign((_, params: { result: AcceptInvitationResult }) => ({ failure: failureFor(params.result) })),
    recordAccepted: assign({ outcome: 'accepted' as const }),
    recordAlreadyAdmin: assign({ outcome: 'alreadyAdmin' as const }),
  },
  delays: {
    successRedirect: INVITATION_SUCCESS_REDIRECT_MS,
  },
}).createMachine({
  id: 'adminInvitation',
  context: ({ input }) => ({ token: input.token, failure: null, outcome: null }),
  initial: 'processing',
  states: {
    processing: {
      tags: ['pending'],
      // On the parent rather than in a transient first child: a link without a
      // token never starts the session check, and no state exists only for an instant.
      always: {
        guard: not('hasToken'),
        target: 'error',
        actions: { type: 'recordFailure', params: { failure: 'noToken' } },
      },
      initial: 'checkingSession',
      states: {
        checkingSession: {
          description: 'Asked before the server, so a visitor is told to sign in rather than shown a server refusal.',
          invoke: {
            id: 'checkSession',
            src: 'checkSession',
            onDone: [
              { guard: { type: 'isSignedIn', params: ({ event }) => ({ signedIn: event.output }) }, target: 'accepting' },
              { target: '#adminInvitation.error', actions: { type: 'recordFailure', params: { failure: 'notSignedIn' } } },
            ],
            onError: { target: '#adminInvitation.error', actions: { type: 'recordFailure', params: { failure: 'unexpected' } } },
          },
        },
        accepting: {
          invoke: {
            id: 'acceptInvitation',
            src: 'acceptInvitation',
            input: ({ context }) => ({ token: context.token!.trim() }),
            onDone: [
              {
                guard: { type: 'isAccepted', params: ({ event }) => ({ result: event.output }) },
                target: '#adminInvitation.success',
                actions: 'recordAccepted',
              },
              {
                guard: { type: 'isAlreadyAdmin', params: ({ event }) => ({ result: event.output }) },
                target: '#adminInvitation.alreadyAdmin',
                actions: 'recordAlreadyAdmin',
              },
              {
                target: '#adminInvitation.error',
                actions: { type: 'recordRefusal', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: { target: '#adminInvitation.error', actions: { type: 'recordFailure', params: { failure: 'unexpected' } } },
          },
        },
      },
    },
    success: {
      description: 'The person is now a system administrator.',
      tags: ['redirecting'],
      after: { successRedirect: 'redirecting' },
    },
    alreadyAdmin: {
      description: "Spec §4's already_admin: an administrator opened an invitation; it is left unused.",
      tags: ['redirecting'],
      after: { successRedirect: 'redirecting' },
    },
    error: {
      description: 'The message for the failure stays on screen with Go to Admin Login and Go to Home.',
      tags: ['error'],
    },
    redirecting: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ to: ADMIN_DASHBOARD_PATH, reloadSession: context.outcome === 'accepted' }),
});
