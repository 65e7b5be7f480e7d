import { and, assign, fromPromise, not, setup } from 'xstate';

import { decideAccess, homeFor, needsSecondFactor, ONBOARDING_START_PATH, type AccessKind, type SignedInFacts } from './access';
import type { SessionUser } from './session.machine';
import { FALLBACK_REDIRECT_MS } from './timing';
import { isUuid } from './ids';
import { EMPTY_URL, isWellFormedJwt, type CallbackUrl, type Credentials, type PendingIdentityLink } from './sign-in-callback-link';
import {
  ADMIN_ONLY_TOAST,
  AUTH_ERROR_TITLE,
  AUTH_FAILED_TITLE,
  CHALLENGE_CANCELLED_TOAST,
  identityLinkedToast,
  INVALID_TOKEN_MESSAGE,
  INVITATION_EXPIRED_TOAST,
  INVITATION_FAILED_TOAST,
  INVITATION_INVALID_TOAST,
  LINK_STARTED_ELSEWHERE_TOAST,
  linkCancelledToast,
  NO_TOKEN_MESSAGE,
  stillSignedInToast,
  UNEXPECTED_MESSAGE,
  welcomeToast,
  type CallbackToast,
} from './sign-in-callback-texts';

/**
 * /auth/callback (spec §4): where every sign-in link lands. It forwards admin
 * invitations, turns what the URL carries into a session (fragment tokens or a
 * PKCE code), waits for the session machine's facts about that person and then
 * decides where they go. Each final state's output says where, and with which
 * toast; the page only carries it out.
 *
 * A link never replaces the account already signed in here without the
 * person's say (login CSRF, decision 027): when its tokens belong to another
 * account, the callback stops and asks.
 *
 * Someone with a verified second factor goes nowhere until they have proved
 * it (decision 041): the callback asks for the code from their authenticator
 * app, and cancelling signs them out.
 *
 * A provider's return from linking an identity (`?link=`) links nothing until
 * the person has seen which account it joins and said yes, and only in the
 * browser that started it (decision 067): the code is exchanged, and so the
 * identity linked, after "Link".
 *
 * What the link carries is read in sign-in-callback-link.ts; the words the
 * callback shows live in sign-in-callback-texts.ts.
 */

export interface CallbackOutput {
  to: string;
  /**
   * An administrator invitation's token for the invitation screen, which the
   * app holds rather than putting it in `to` (decision 027).
   */
  invitationToken?: string;
  /** React Router state for the destination (spec §6: `fromInvitation` lets an invited person through). */
  state?: { fromInvitation: true };
  toast?: CallbackToast;
}

/**
 * Who is signed in in this browser, and — when someone is and the link
 * carries tokens — whose session those tokens are, as the auth server says
 * (never the token's own claims). `credentials` are the link's, or fresh ones
 * for the same session if checking them had to refresh it.
 */
export interface AccountCheck {
  current: SessionUser | null;
  link: SessionUser | null;
  credentials: Credentials;
}

export interface CallbackInput {
  /** The route table's kind for a path, so a remembered location is honoured only where the guard would allow it. */
  routeKindOf: (pathname: string) => AccessKind | null;
}

export interface CallbackContext extends CallbackUrl {
  routeKindOf: (pathname: string) => AccessKind | null;
  user: SessionUser | null;
  /** The account already signed in here when the link arrived, if any. */
  currentUser: SessionUser | null;
  /** The account the link's tokens would sign in, when it is asked about (another account than currentUser). */
  linkUser: SessionUser | null;
  /** The person chose to stay signed in as currentUser rather than follow the link. */
  declinedLink: boolean;
  /** The question is on screen: nothing is decided for the person meanwhile, not even the fallback. */
  asking: boolean;
  facts: SignedInFacts | null;
  failure: string | null;
  organizationName: string | null;
  /** Why the last code was refused, as a sentence; null before the first try and after a good one. */
  codeError: string | null;
  /** The link this browser started, once the provider has sent the person back with its code. */
  pendingLink: PendingIdentityLink | null;
}

/**
 * A remembered location wins over the default only where the route guard would
 * let this person in; otherwise they would be redirected straight away, so the
 * default (the spec's destination) is the better answer.
 */
export function destinationAfterSignIn(
  facts: SignedInFacts,
  next: string | null,
  routeKindOf: (pathname: string) => AccessKind | null,
): string {
  // Spec §4 "otherwise": where the person belongs after signing in (access.ts homeFor).
  const fallback = homeFor(facts, 'signIn');
  if (next === null) return fallback;
  const cut = next.search(/[?#]/);
  const pathname = cut === -1 ? next : next.slice(0, cut);
  const search = cut === -1 || next[cut] === '#' ? '' : next.slice(cut).split('#')[0];
  const kind = routeKindOf(pathname);
  if (kind === null) return fallback;
  const decision = decideAccess(kind, { status: 'signedIn', ...facts }, { pathname, search });
  return decision.type === 'allow' ? next : fallback;
}

function authError(description: string): CallbackOutput {
  return { to: '/login', toast: { type: 'error', title: AUTH_ERROR_TITLE, description } };
}

/**
 * accept_tenant_invitation's answers that mean "this link is not (or no longer)
 * a good invitation for you": spec §8's Invitation Error. `expired` has its own
 * message; anything else (membership elsewhere, a suspended organisation, a
 * failed request) is Invitation Failed. Decision 030's suggested mapping.
 */
export const INVITATION_REFUSALS: ReadonlySet<string> = new Set(['invalid_token', 'revoked', 'already_used', 'email_mismatch']);

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return UNEXPECTED_MESSAGE;
}

export const signInCallbackMachine = setup({
  types: {} as {
    context: CallbackContext;
    input: CallbackInput;
    output: CallbackOutput;
    events:
      | { type: 'user.switchAccount' }
      | { type: 'user.keepAccount' }
      | { type: 'user.submitCode'; code: string }
      | { type: 'user.cancelChallenge' }
      | { type: 'user.confirmLink' }
      | { type: 'user.cancelLink' };
    tags: 'working' | 'asking' | 'challenging' | 'verifyingCode' | 'confirmingLink';
  },
  actors: {
    /**
     * Reads the link's parameters (readCallbackUrl) and removes them from the
     * address bar and the history at once: tokens must not linger there.
     */
    readUrl: fromPromise<CallbackUrl>(async () => notProvided('readUrl')),
    /**
     * Before a link's tokens are adopted: who is signed in here, and whose
     * session the tokens are (asked of the auth server without adopting them).
     */
    identifyAccounts: fromPromise<AccountCheck, Credentials>(async () => notProvided('identifyAccounts')),
    /** setSession for fragment tokens, or the one-time exchange of a PKCE code. */
    establishSession: fromPromise<SessionUser, Credentials>(async () => notProvided('establishSession')),
    /**
     * The link this browser started for this provider, for the account signed
     * in here now, or null; taken, so it answers this return only.
     */
    takeIdentityLink: fromPromise<PendingIdentityLink | null, { provider: string; code: string }>(async () =>
      notProvided('takeIdentityLink'),
    ),
    /** The session already in this browser, e.g. after signing in with the 6-digit code. */
    getCurrentSession: fromPromise<SessionUser | null>(async () => notProvided('getCurrentSession')),
    /** Resolves with the session machine's facts for this user, so they are not fetched twice. */
    waitForFacts: fromPromise<SignedInFacts, { userId: string }>(async () => notProvided('waitForFacts')),
    /**
     * accept_tenant_invitation: joins the organisation, or fails with a DataError
     * whose `code` is the database's refusal (decision 030).
     */
    acceptTenantInvitation: fromPromise<{ organizationName: string | null }, { token: string; orgId: string }>(async () =>
      notProvided('acceptTenantInvitation'),
    ),
    /** Has the session machine load the person's facts again (now a member) and resolves once it has. */
    reloadFacts: fromPromise<void>(async () => notProvided('reloadFacts')),
    signOut: fromPromise<void>(async () => notProvided('signOut')),
    /**
     * Proves the person's authenticator app with a six-digit code (challenge and
     * verify): the session becomes aal2, or it fails with a DataError worded for them.
     */
    proveSecondFactor: fromPromise<void, { code: string }>(async () => notProvided('proveSecondFactor')),
  },
  guards: {
    hasInvitationToken: ({ context }) => context.invitationToken !== null,
    hasCredentials: ({ context }) => context.credentials !== null,
    hasWellFormedCredentials: ({ context }) =>
      context.credentials !== null &&
      (context.credentials.kind === 'code' || isWellFormedJwt(context.credentials.accessToken)),
    hasMalformedToken: ({ context }) =>
      context.credentials?.kind === 'tokens' && !isWellFormedJwt(context.credentials.accessToken),
    // A PKCE code is bound to this browser (its code verifier is stored only where the
    // sign-in was asked for), so only tokens can carry someone else's session here.
    hasWellFormedTokens: ({ context }) =>
      context.credentials?.kind === 'tokens' && isWellFormedJwt(context.credentials.accessToken),
    isAnotherAccount: (_, params: { check: AccountCheck }) =>
      params.check.current !== null && params.check.link !== null && params.check.link.id !== params.check.current.id,
    isAsking: ({ context }) => context.asking,
    isIdentityLinkReturn: ({ context }) => context.identityLink !== null && context.credentials?.kind === 'code',
    hasPendingLink: (_, params: { link: PendingIdentityLink | null }) => params.link !== null,
    isIdentityLink: ({ context }) => context.pendingLink !== null,
    hasDeclinedLink: ({ context }) => context.declinedLink,
    hasUrlError: ({ context }) => context.urlError !== null,
    isExpiredTenantInvitation: ({ context }) =>
      context.type === 'tenant_invitation' && context.urlError?.code === 'otp_expired',
    hasUser: (_, params: { user: SessionUser | null }) => params.user !== null,
    isTenantInvitation: ({ context }) => context.type === 'tenant_invitation',
    hasValidOrgId: ({ context }) => context.orgId !== null && isUuid(context.orgId),
    hasTenantInvitationToken: ({ context }) => context.tenantInvitationToken !== null,
    isInvitationRefusal: (_, params: { code: string | undefined }) => INVITATION_REFUSALS.has(params.code ?? ''),
    isInvitationExpiry: (_, params: { code: string | undefined }) => params.code === 'expired',
    isAdminLink: ({ context }) => context.type === 'admin_magiclink',
    isSystemAdmin: ({ context }) => context.facts?.isSystemAdmin === true,
    isSignup: ({ context }) => context.type === 'signup',
    needsSecondFactor: ({ context }) => context.facts !== null && needsSecondFactor(context.facts),
  },
  actions: {
    setUrl: assign((_, params: { url: CallbackUrl }) => ({ ...params.url })),
    setUser: assign((_, params: { user: SessionUser | null }) => ({ user: params.user })),
    setAccounts: assign((_, params: { check: AccountCheck }) => ({
      currentUser: params.check.current,
      linkUser: params.check.link,
      credentials: params.check.credentials,
    })),
    startAsking: assign({ asking: true }),
    stopAsking: assign({ asking: false }),
    keepCurrentAccount: assign(({ context }) => ({ user: context.currentUser, declinedLink: true })),
    setPendingLink: assign((_, params: { link: PendingIdentityLink | null }) => ({ pendingLink: params.link })),
    setFacts: assign((_, params: { facts: SignedInFacts }) => ({ facts: params.facts })),
    setOrganization: assign((_, params: { organizationName: string | null }) => ({
      organizationName: params.organizationName,
    })),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: messageOf(params.error) })),
    recordUrlError: assign(({ context }) => ({ failure: context.urlError?.description ?? UNEXPECTED_MESSAGE })),
    recordCodeError: assign((_, params: { error: unknown }) => ({ codeError: messageOf(params.error) })),
    clearCodeError: assign({ codeError: null }),
  },
  delays: {
    fallbackRedirect: FALLBACK_REDIRECT_MS,
  },
}).createMachine({
  id: 'signInCallback',
  context: ({ input }) => ({
    ...EMPTY_URL,
    routeKindOf: input.routeKindOf,
    user: null,
    currentUser: null,
    linkUser: null,
    declinedLink: false,
    asking: false,
    facts: null,
    failure: null,
    organizationName: null,
    codeError: null,
    pendingLink: null,
  }),
  // Spec §4: if nothing else has happened after 5 s, go to /dashboard (where the guard takes over).
  // Not while the person is asked which account to use, or for their code: that is theirs to answer, in their time.
  after: { fallbackRedirect: { guard: not('isAsking'), target: '.timedOut' } },
  initial: 'readingUrl',
  states: {
    readingUrl: {
      tags: ['working'],
      invoke: {
        src: 'readUrl',
        onDone: { target: 'classifyingLink', actions: { type: 'setUrl', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'unexpected' },
      },
    },
    classifyingLink: {
      tags: ['working'],
      always: [
        { guard: 'hasInvitationToken', target: 'forwardingInvitation' },
        { guard: 'isExpiredTenantInvitation', target: 'invitationExpired' },
        { guard: 'hasUrlError', target: 'authFailed', actions: 'recordUrlError' },
        { guard: 'isIdentityLinkReturn', target: 'checkingIdentityLink' },
        { guard: 'hasMalformedToken', target: 'invalidToken' },
        { guard: 'hasWellFormedTokens', target: 'checkingAccounts' },
        { guard: 'hasCredentials', target: 'establishingSession' },
        { target: 'checkingSession' },
      ],
    },
    forwardingInvitation: {
      description:
        'An admin invitation link signs the invitee in on its way: adopt that session first, so the acceptance page finds them logged in.',
      tags: ['working'],
      always: [
        { guard: 'hasWellFormedTokens', target: 'checkingAccounts' },
        { guard: 'hasWellFormedCredentials', target: 'adoptingInvitationSession' },
        { target: 'invitationForwarded' },
      ],
    },
    checkingAccounts: {
      description:
        "Tokens in a link can be anyone's session, an attacker's included (login CSRF): before adopting them, find out whether they would replace another account signed in here.",
      tags: ['working'],
      invoke: {
        src: 'identifyAccounts',
        input: ({ context }) => context.credentials!,
        onDone: [
          {
            guard: { type: 'isAnotherAccount', params: ({ event }) => ({ check: event.output }) },
            target: 'confirmingAccountSwitch',
            actions: { type: 'setAccounts', params: ({ event }) => ({ check: event.output }) },
          },
          { target: 'followingLink', actions: { type: 'setAccounts', params: ({ event }) => ({ check: event.output }) } },
        ],
        onError: [
          // Either way the acceptance page decides, with whoever is signed in.
          { guard: 'hasInvitationToken', target: 'invitationForwarded' },
          { target: 'authFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirmingAccountSwitch: {
      description:
        'The link would sign in another account than the one signed in here: the person chooses; until then nothing changes.',
      tags: ['asking'],
      entry: 'startAsking',
      exit: 'stopAsking',
      on: {
        'user.switchAccount': { target: 'followingLink' },
        'user.keepAccount': [
          { guard: 'hasInvitationToken', target: 'invitationForwarded' },
          { target: 'awaitingFacts', actions: 'keepCurrentAccount' },
        ],
      },
    },
    checkingIdentityLink: {
      description:
        'A provider sent the person back from linking: only a browser that started a link knows which account it is for. Anyone else was sent someone’s link.',
      tags: ['working'],
      invoke: {
        src: 'takeIdentityLink',
        input: ({ context }) => ({
          provider: context.identityLink!,
          code: context.credentials?.kind === 'code' ? context.credentials.code : '',
        }),
        onDone: [
          {
            guard: { type: 'hasPendingLink', params: ({ event }) => ({ link: event.output }) },
            target: 'confirmingIdentityLink',
            actions: { type: 'setPendingLink', params: ({ event }) => ({ link: event.output }) },
          },
          { target: 'linkStartedElsewhere' },
        ],
        onError: { target: 'unexpected' },
      },
    },
    confirmingIdentityLink: {
      description:
        'Which Accord account the identity joins, and the person’s yes: nothing is exchanged, so nothing linked, until they press Link.',
      tags: ['confirmingLink'],
      entry: 'startAsking',
      exit: 'stopAsking',
      on: {
        'user.confirmLink': { target: 'establishingSession' },
        'user.cancelLink': { target: 'linkCancelled' },
      },
    },
    followingLink: {
      tags: ['working'],
      always: [{ guard: 'hasInvitationToken', target: 'adoptingInvitationSession' }, { target: 'establishingSession' }],
    },
    adoptingInvitationSession: {
      tags: ['working'],
      invoke: {
        src: 'establishSession',
        input: ({ context }) => context.credentials!,
        // Either way the acceptance page decides: it says so when nobody is logged in.
        onDone: { target: 'invitationForwarded' },
        onError: { target: 'invitationForwarded' },
      },
    },
    establishingSession: {
      tags: ['working'],
      invoke: {
        src: 'establishSession',
        input: ({ context }) => context.credentials!,
        onDone: { target: 'awaitingFacts', actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
        onError: [
          // Still signed in as before: back where the link was started, told why nothing was linked.
          { guard: 'isIdentityLink', target: 'linkFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'authFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    checkingSession: {
      description:
        'No credentials in the URL: fine if this browser already holds a session (the 6-digit code path, or a reload after the tokens were removed).',
      tags: ['working'],
      invoke: {
        src: 'getCurrentSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
            target: 'awaitingFacts',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'noToken' },
        ],
        onError: { target: 'unexpected' },
      },
    },
    awaitingFacts: {
      description: "Waits for the session machine's facts about this user instead of fetching them a second time.",
      tags: ['working'],
      invoke: {
        src: 'waitForFacts',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { target: 'checkingAssurance', actions: { type: 'setFacts', params: ({ event }) => ({ facts: event.output }) } },
        onError: { target: 'unexpected' },
      },
    },
    checkingAssurance: {
      description:
        'Signed in at aal1 with a verified second factor: nothing happens on their behalf (no invitation, no destination) until the code is proved.',
      tags: ['working'],
      always: [{ guard: 'needsSecondFactor', target: 'challengingSecondFactor' }, { target: 'routing' }],
    },
    challengingSecondFactor: {
      description:
        'Asks for the six-digit code from their authenticator app; a wrong code is said and asked again; cancelling signs them out.',
      entry: 'startAsking',
      exit: 'stopAsking',
      initial: 'awaitingCode',
      states: {
        awaitingCode: {
          tags: ['challenging'],
          on: {
            'user.submitCode': { target: 'verifyingCode' },
            'user.cancelChallenge': { target: '#signInCallback.cancellingChallenge' },
          },
        },
        verifyingCode: {
          tags: ['challenging', 'verifyingCode'],
          entry: 'clearCodeError',
          invoke: {
            src: 'proveSecondFactor',
            input: ({ event }) => ({ code: event.type === 'user.submitCode' ? event.code : '' }),
            onDone: { target: '#signInCallback.reloadingAssurance' },
            onError: {
              target: 'awaitingCode',
              actions: { type: 'recordCodeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    reloadingAssurance: {
      description:
        'Proved: the session reloads its facts (MFA_CHALLENGE_VERIFIED), and the callback waits for them, now at aal2, before going on.',
      tags: ['working'],
      invoke: {
        src: 'reloadFacts',
        // awaitingFacts reads what the session has either way, and fails there if it has nothing.
        onDone: { target: 'awaitingFacts' },
        onError: { target: 'awaitingFacts' },
      },
    },
    cancellingChallenge: {
      description: '“Cancel and sign out”: the aal1 session is ended here before they are sent to the login page.',
      // Still the challenge screen, its Cancel button busy.
      tags: ['challenging'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'challengeCancelled' },
        // The login page all the same; the guard still asks an aal1 session for the code.
        onError: { target: 'challengeCancelled' },
      },
    },
    routing: {
      tags: ['working'],
      always: [
        // Staying as who they were, the link's kind and remembered location are not theirs.
        { guard: 'hasDeclinedLink', target: 'keptAccount' },
        { guard: 'isIdentityLink', target: 'identityLinked' },
        { guard: 'isTenantInvitation', target: 'checkingInvitation' },
        { guard: 'isAdminLink', target: 'checkingAdmin' },
        { guard: 'isSignup', target: 'signupOnboarding' },
        { target: 'routed' },
      ],
    },
    checkingInvitation: {
      tags: ['working'],
      always: [
        { guard: and(['hasValidOrgId', 'hasTenantInvitationToken']), target: 'acceptingInvitation' },
        { target: 'invitationInvalid' },
      ],
    },
    acceptingInvitation: {
      description: "accept_tenant_invitation decides, as the signed-in person: the token, its organisation, its address, its life.",
      tags: ['working'],
      invoke: {
        src: 'acceptTenantInvitation',
        input: ({ context }) => ({ token: context.tenantInvitationToken!, orgId: context.orgId! }),
        onDone: {
          target: 'reloadingFacts',
          actions: { type: 'setOrganization', params: ({ event }) => ({ organizationName: event.output.organizationName }) },
        },
        onError: [
          { guard: { type: 'isInvitationExpiry', params: ({ event }) => ({ code: codeOf(event.error) }) }, target: 'invitationExpired' },
          { guard: { type: 'isInvitationRefusal', params: ({ event }) => ({ code: codeOf(event.error) }) }, target: 'invitationInvalid' },
          { target: 'invitationFailed' },
        ],
      },
    },
    reloadingFacts: {
      description:
        'Now a member: the session loads the facts again (facts.reload), so the dashboard reads the new membership without a full page load.',
      tags: ['working'],
      invoke: {
        src: 'reloadFacts',
        onDone: { target: 'invitationAccepted' },
        // The membership exists either way; the guard lets an invitee through (spec §6) and the session offers a retry.
        onError: { target: 'invitationAccepted' },
      },
    },
    checkingAdmin: {
      tags: ['working'],
      always: [{ guard: 'isSystemAdmin', target: 'adminSignedIn' }, { target: 'refusingNonAdmin' }],
    },
    refusingNonAdmin: {
      description: 'Spec §4: a non-admin who used the administrator login link is signed out before being told.',
      tags: ['working'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'adminOnly' },
        // Refused all the same; the toast is true either way.
        onError: { target: 'adminOnly' },
      },
    },

    invitationForwarded: {
      type: 'final',
      output: ({ context }) => ({ to: '/admin/accept-invitation', invitationToken: context.invitationToken! }),
    },
    noToken: { type: 'final', output: () => authError(NO_TOKEN_MESSAGE) },
    invalidToken: { type: 'final', output: () => authError(INVALID_TOKEN_MESSAGE) },
    unexpected: { type: 'final', output: () => authError(UNEXPECTED_MESSAGE) },
    authFailed: {
      type: 'final',
      output: ({ context }) => ({
        to: '/login',
        toast: { type: 'error', title: AUTH_FAILED_TITLE, description: context.failure ?? UNEXPECTED_MESSAGE },
      }),
    },
    invitationExpired: {
      description:
        'The sign-in link (otp_expired, not signed in: to /login) or the invitation itself (signed in: where they belong) has expired.',
      type: 'final',
      output: ({ context }) => ({
        to: context.facts ? destinationAfterSignIn(context.facts, null, context.routeKindOf) : '/login',
        toast: INVITATION_EXPIRED_TOAST,
      }),
    },
    invitationInvalid: {
      type: 'final',
      output: ({ context }) => ({ to: destinationAfterSignIn(context.facts!, null, context.routeKindOf), toast: INVITATION_INVALID_TOAST }),
    },
    invitationFailed: {
      type: 'final',
      output: ({ context }) => ({ to: destinationAfterSignIn(context.facts!, null, context.routeKindOf), toast: INVITATION_FAILED_TOAST }),
    },
    invitationAccepted: {
      type: 'final',
      output: ({ context }) => ({
        to: '/dashboard',
        state: { fromInvitation: true },
        toast: welcomeToast(context.organizationName),
      }),
    },
    adminSignedIn: {
      type: 'final',
      output: ({ context }) => ({ to: destinationAfterSignIn(context.facts!, context.next, context.routeKindOf) }),
    },
    adminOnly: { type: 'final', output: () => ({ to: '/login', toast: ADMIN_ONLY_TOAST }) },
    challengeCancelled: { type: 'final', output: () => ({ to: '/login', toast: CHALLENGE_CANCELLED_TOAST }) },
    signupOnboarding: { type: 'final', output: () => ({ to: ONBOARDING_START_PATH }) },
    keptAccount: {
      description: 'The person stayed signed in as they were: they go where that account belongs, told so.',
      type: 'final',
      output: ({ context }) => ({
        to: destinationAfterSignIn(context.facts!, null, context.routeKindOf),
        toast: stillSignedInToast(context.currentUser!.email),
      }),
    },
    identityLinked: {
      description: 'The code was exchanged here, with this browser’s verifier: the identity is linked.',
      type: 'final',
      output: ({ context }) => ({
        to: destinationAfterSignIn(context.facts!, context.pendingLink!.returnTo, context.routeKindOf),
        toast: identityLinkedToast(context.pendingLink!),
      }),
    },
    linkCancelled: {
      description: 'The person said no: the code is never exchanged, and the auth service forgets the flow.',
      type: 'final',
      output: ({ context }) => ({ to: context.pendingLink!.returnTo, toast: linkCancelledToast(context.pendingLink!) }),
    },
    linkFailed: {
      type: 'final',
      output: ({ context }) => ({
        to: context.pendingLink!.returnTo,
        toast: { type: 'error', title: LINK_STARTED_ELSEWHERE_TOAST.title, description: context.failure ?? UNEXPECTED_MESSAGE },
      }),
    },
    linkStartedElsewhere: {
      type: 'final',
      output: () => ({ to: '/', toast: LINK_STARTED_ELSEWHERE_TOAST }),
    },
    routed: {
      type: 'final',
      output: ({ context }) => ({ to: destinationAfterSignIn(context.facts!, context.next, context.routeKindOf) }),
    },
    timedOut: {
      description: 'Nothing else happened within FALLBACK_REDIRECT_MS.',
      type: 'final',
      output: () => ({ to: '/dashboard' }),
    },
  },
  output: ({ event }) => event.output as CallbackOutput,
});
