import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

import {
  type Assurance,
  toApproval,
  toApprovalStatus,
  type InvestorLevel,
  type SessionFacts,
  type SessionProfile,
  type SignedInFacts,
} from './access';

/**
 * The session lifecycle: one long-lived actor at the app root, fed by the auth
 * client's onAuthStateChange (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT,
 * TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED, USER_UPDATED), which the app turns
 * into the `auth.*` events below without doing anything else in that callback.
 *
 * On a session it loads the profile and the role facts (is_user_admin,
 * is_any_organization_admin, check_user_org_approval_status, the caller's own
 * stakeholder and investor rows, the session's assurance level) in one actor
 * that asks for all of them at once,
 * and exposes them as typed facts (`factsOf`). The route guard and the nav bar
 * read those facts and never ask the server again while the person moves around,
 * unless the app says they changed (`facts.reload`).
 */

export interface SessionUser {
  id: string;
  email: string;
}

/** What the loadFacts actor answers: one row or flag per request it makes. */
export interface LoadedFacts {
  profile: SessionProfile;
  isSystemAdmin: boolean;
  isOrgAdmin: boolean;
  /** check_user_org_approval_status's raw answer. */
  approvalStatus: string | null;
  isStakeholder: boolean;
  investorLevel: InvestorLevel | null;
  /** getAuthenticatorAssuranceLevel's answer: this session's level and the one it could reach. */
  assurance: Assurance;
}

/** How signOut ended when it did not throw: the auth library may answer with an error instead of throwing. */
export type SignOutResult = { ok: true } | { ok: false; message: string };

export interface SessionToast {
  type: 'success' | 'error';
  title: string;
  description: string;
}

export const SIGNED_OUT_TOAST: SessionToast = {
  type: 'success',
  title: 'Signed out',
  description: 'You have been successfully signed out.',
};
export const SIGN_OUT_ERROR_TOAST: SessionToast = {
  type: 'error',
  title: 'Sign out error',
  description: 'There was a problem signing out. Please try again.',
};
export const SIGN_OUT_FAILED_TOAST: SessionToast = {
  type: 'error',
  title: 'Sign out failed',
  description: 'An unexpected error occurred.',
};

export const FACTS_UNAVAILABLE_MESSAGE = "We couldn't load your account details. Check your connection and try again.";

export type SessionEvent =
  | { type: 'auth.initialSession'; user: SessionUser | null }
  | { type: 'auth.signedIn'; user: SessionUser }
  | { type: 'auth.signedOut' }
  | { type: 'auth.tokenRefreshed'; user: SessionUser }
  | { type: 'auth.mfaVerified'; user: SessionUser }
  | { type: 'auth.userUpdated'; user: SessionUser }
  | { type: 'user.signOut' }
  | { type: 'user.retry' }
  /**
   * Something the person just did changed their facts on the server (joined an
   * organisation, submitted an application, became an administrator): load
   * them again, without a full page load and without forgetting the old ones
   * meanwhile.
   */
  | { type: 'facts.reload' };

export interface SessionContext {
  user: SessionUser | null;
  facts: SignedInFacts | null;
  error: string | null;
}

type UserEvent = Extract<SessionEvent, { user: SessionUser | null }>;

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

function userOf(event: SessionEvent): SessionUser | null {
  return 'user' in event ? event.user : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : FACTS_UNAVAILABLE_MESSAGE;
}

export function toSignedInFacts(user: SessionUser, loaded: LoadedFacts): SignedInFacts {
  const approvalStatus = toApprovalStatus(loaded.approvalStatus);
  return {
    userId: user.id,
    email: user.email,
    profile: loaded.profile,
    isSystemAdmin: loaded.isSystemAdmin,
    isOrgAdmin: loaded.isOrgAdmin,
    approval: toApproval(approvalStatus),
    approvalStatus,
    isStakeholder: loaded.isStakeholder,
    investorLevel: loaded.investorLevel,
    assurance: loaded.assurance,
  };
}

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    tags: 'loading' | 'error' | 'signingOut';
  },
  actors: {
    /** Subscribes to the auth client and forwards each change as an `auth.*` event. */
    listenToAuth: fromCallback<EventObject>(() => notProvided('listenToAuth')),
    loadFacts: fromPromise<LoadedFacts, { userId: string }>(async () => notProvided('loadFacts')),
    signOut: fromPromise<SignOutResult>(async () => notProvided('signOut')),
  },
  guards: {
    hasSession: ({ event }) => userOf(event) !== null,
    hasNoSession: ({ event }) => userOf(event) === null,
    /** SIGNED_IN also fires on tab refocus and from other tabs: only another person is news. */
    isDifferentUser: ({ context, event }) => {
      const user = userOf(event);
      return user !== null && user.id !== context.user?.id;
    },
    isSignOutRefused: (_, params: { result: SignOutResult }) => !params.result.ok,
    isSignOutRefusedWithFacts: ({ context }, params: { result: SignOutResult }) =>
      !params.result.ok && context.facts !== null,
    hasFacts: ({ context }) => context.facts !== null,
  },
  actions: {
    setUser: assign({ user: ({ event }) => userOf(event), facts: null, error: null }),
    setFacts: assign(({ context }, params: { loaded: LoadedFacts }) => ({
      facts: context.user ? toSignedInFacts(context.user, params.loaded) : null,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), facts: null })),
    /** USER_UPDATED (e.g. a confirmed e-mail change): same person, so only the address changes. */
    updateEmail: assign(({ context, event }) => {
      const user = userOf(event as UserEvent);
      if (!user || !context.user || user.id !== context.user.id) return {};
      return {
        user: { ...context.user, email: user.email },
        facts: context.facts ? { ...context.facts, email: user.email } : null,
      };
    }),
    /** Spec §4: on sign-out the profile and roles are cleared. */
    clearSession: assign({ user: null, facts: null, error: null }),
    // Provided by the app: the machine decides, the shell navigates and shows toasts.
    navigate: (_, _params: { to: string }) => undefined,
    toast: (_, _params: SessionToast) => undefined,
  },
}).createMachine({
  id: 'session',
  context: { user: null, facts: null, error: null },
  invoke: { id: 'authEvents', src: 'listenToAuth' },
  initial: 'starting',
  states: {
    starting: {
      description: 'Nothing is known until the auth client has read its stored session and said INITIAL_SESSION.',
      tags: ['loading'],
      on: {
        'auth.initialSession': [{ guard: 'hasSession', target: 'loading', actions: 'setUser' }, { target: 'signedOut' }],
        'auth.signedIn': { target: 'loading', actions: 'setUser' },
        'auth.signedOut': { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'auth.initialSession': { guard: 'hasSession', target: 'loading', actions: 'setUser' },
        'auth.signedIn': { target: 'loading', actions: 'setUser' },
        'auth.mfaVerified': { target: 'loading', actions: 'setUser' },
        'auth.tokenRefreshed': { target: 'loading', actions: 'setUser' },
      },
    },
    loading: {
      description: 'Profile and role facts are requested together; the guard waits for them.',
      tags: ['loading'],
      invoke: {
        id: 'loadFacts',
        src: 'loadFacts',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { target: 'signedIn', actions: { type: 'setFacts', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // Another person signed in (e.g. in another tab) while loading: start over for them.
        'auth.signedIn': { guard: 'isDifferentUser', target: 'loading', reenter: true, actions: 'setUser' },
        // The level changed under the load in flight: ask again, so the facts say aal2.
        'auth.mfaVerified': { target: 'loading', reenter: true, actions: 'setUser' },
        'auth.signedOut': { target: 'signedOut', actions: 'clearSession' },
      },
    },
    loadFailed: {
      description: 'A session exists but its facts could not be loaded; the guard says so and offers a retry.',
      tags: ['error'],
      on: {
        'user.retry': { target: 'loading' },
        // A refocused tab re-announces the session: a free retry.
        'auth.signedIn': { target: 'loading', actions: 'setUser' },
        'auth.mfaVerified': { target: 'loading', actions: 'setUser' },
        'auth.signedOut': { target: 'signedOut', actions: 'clearSession' },
        'user.signOut': { target: 'signingOut' },
      },
    },
    signedIn: {
      on: {
        'auth.signedIn': { guard: 'isDifferentUser', target: 'loading', actions: 'setUser' },
        // A second factor proved (decision 041): same person, higher assurance. The facts
        // reload with the old ones readable meanwhile, as after any change the person made.
        'auth.mfaVerified': [{ guard: 'isDifferentUser', target: 'loading', actions: 'setUser' }, { target: 'reloading' }],
        // A refreshed token is the same session: the facts stay.
        'auth.tokenRefreshed': { guard: 'isDifferentUser', target: 'loading', actions: 'setUser' },
        'auth.userUpdated': { actions: 'updateEmail' },
        // INITIAL_SESSION again (a re-subscription): only news if the stored session changed.
        'auth.initialSession': [
          { guard: 'isDifferentUser', target: 'loading', actions: 'setUser' },
          { guard: 'hasNoSession', target: 'signedOut', actions: 'clearSession' },
        ],
        // Signed out elsewhere (another tab, a revoked refresh token): the facts go, and the
        // guard sends anyone on a protected page to /login, remembering where they were.
        'auth.signedOut': { target: 'signedOut', actions: 'clearSession' },
        'user.signOut': { target: 'signingOut' },
        'facts.reload': { target: 'reloading' },
      },
    },
    reloading: {
      description:
        'The facts are loaded again after the person changed them; the old ones stay readable meanwhile, so the page they are on does not fall back to “Checking your access…”.',
      invoke: {
        src: 'loadFacts',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { target: 'signedIn', actions: { type: 'setFacts', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'auth.signedIn': { guard: 'isDifferentUser', target: 'loading', actions: 'setUser' },
        // Proved during a reload: the load in flight may have read the old level.
        'auth.mfaVerified': [
          { guard: 'isDifferentUser', target: 'loading', actions: 'setUser' },
          { target: 'reloading', reenter: true },
        ],
        'auth.signedOut': { target: 'signedOut', actions: 'clearSession' },
      },
    },
    signingOut: {
      description:
        'Waits for signOut itself, not for the SIGNED_OUT event that the client emits on the way, so the outcome decides the toast.',
      tags: ['signingOut'],
      invoke: {
        src: 'signOut',
        // A refused or failed sign-out leaves the person where they were: signed in, with or without facts.
        onDone: [
          {
            guard: { type: 'isSignOutRefusedWithFacts', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'toast', params: SIGN_OUT_ERROR_TOAST },
          },
          {
            guard: { type: 'isSignOutRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'loadFailed',
            actions: { type: 'toast', params: SIGN_OUT_ERROR_TOAST },
          },
          {
            target: 'signedOut',
            actions: ['clearSession', { type: 'navigate', params: { to: '/login' } }, { type: 'toast', params: SIGNED_OUT_TOAST }],
          },
        ],
        onError: [
          { guard: 'hasFacts', target: 'signedIn', actions: { type: 'toast', params: SIGN_OUT_FAILED_TOAST } },
          { target: 'loadFailed', actions: { type: 'toast', params: SIGN_OUT_FAILED_TOAST } },
        ],
      },
    },
  },
});

/** The facts the app reads, derived from a snapshot of the session machine. */
export function factsOf(snapshot: { value: unknown; context: SessionContext }): SessionFacts {
  const { value, context } = snapshot;
  if (value === 'signedOut') return { status: 'signedOut' };
  if ((value === 'signedIn' || value === 'signingOut' || value === 'reloading') && context.facts) return { status: 'signedIn', ...context.facts };
  if ((value === 'loadFailed' || value === 'signingOut') && context.user) {
    return { status: 'error', userId: context.user.id, email: context.user.email, message: context.error ?? FACTS_UNAVAILABLE_MESSAGE };
  }
  return { status: 'loading' };
}
