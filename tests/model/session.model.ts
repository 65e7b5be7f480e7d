/**
 * The session machine as a test model: what the auth client announces (with
 * two people, so "same person" and "someone else" both happen), what a person
 * does in the nav bar and on a page whose facts failed to load, and what the
 * two effects may answer. Shared by session.model.test.tsx and `npm run test:paths`.
 */
import { sessionMachine, type LoadedFacts, type SessionContext } from '../../machines/session.machine.ts';
import { defineModel } from '../support/model.ts';

export const PEOPLE = {
  ada: { id: '5eed0000-0000-4000-8000-00000000a0a0', email: 'ada@school.example' },
  grace: { id: '5eed0000-0000-4000-8000-00000000c0c0', email: 'grace@clinic.example' },
} as const;

export const ADA_NEW_EMAIL = 'ada.lovelace@school.example';

/** What loading the facts answers: an approved organisation admin (Member Dashboard in the nav). */
export function loadedFacts(userId: string): LoadedFacts {
  return {
    profile: { id: userId, email: null, full_name: null },
    isSystemAdmin: false,
    isOrgAdmin: true,
    approvalStatus: 'approved',
    isStakeholder: false,
    investorLevel: null,
    assurance: { current: 'aal1', next: 'aal1' },
  };
}

export const SAMPLE = {
  loadFailure: "We couldn't reach Accord. Check your connection and try again.",
  signOutRefusal: 'Session from session_id claim in JWT does not exist',
  signOutCrash: 'Cannot read properties of undefined (reading "removeItem")',
} as const;

function who(context: SessionContext): string {
  if (!context.user) return 'nobody';
  const name = context.user.id === PEOPLE.ada.id ? 'Ada' : 'Grace';
  return context.user.email === ADA_NEW_EMAIL ? `${name} (new e-mail)` : name;
}

function describe(context: SessionContext, value: string): string {
  switch (value) {
    case 'starting':
      return 'nav shows neither Member Login nor a dashboard; the page says “Checking your access…”';
    case 'signedOut':
      return 'nav offers Member Login and Join the Network; a member page sends the visitor to /login';
    case 'loading':
      return `loading ${who(context)}'s profile and roles; nav waits, the page says “Checking your access…”`;
    case 'loadFailed':
      return `${who(context)} is signed in but the facts failed: “We couldn't load your account” with Try again`;
    case 'signedIn':
      return `${who(context)} is signed in: Member Dashboard and the account menu in the nav`;
    case 'signingOut':
      return `signing ${who(context)} out`;
    case 'reloading':
      return `${who(context)} stays signed in on the same page while the profile and roles load again`;
    default:
      return value;
  }
}

export const sessionModel = defineModel({
  machine: sessionMachine,
  events: [
    { event: { type: 'auth.initialSession', user: null }, label: 'the auth client finds no stored session' },
    { event: { type: 'auth.initialSession', user: PEOPLE.ada }, label: "the auth client finds Ada's stored session" },
    { event: { type: 'auth.signedIn', user: PEOPLE.ada }, label: 'Ada signs in (SIGNED_IN)' },
    {
      event: { type: 'auth.signedIn', user: PEOPLE.grace },
      label: 'Grace signs in in another tab (SIGNED_IN)',
      // Two people are enough to tell "same" from "different"; switching back is the same again.
      when: ({ context }) => (context as SessionContext).user?.id === PEOPLE.ada.id,
    },
    { event: { type: 'auth.tokenRefreshed', user: PEOPLE.ada }, label: "Ada's token is refreshed (TOKEN_REFRESHED)" },
    { event: { type: 'auth.mfaVerified', user: PEOPLE.ada }, label: 'Ada passes an MFA challenge (MFA_CHALLENGE_VERIFIED)' },
    {
      event: { type: 'auth.userUpdated', user: { id: PEOPLE.ada.id, email: ADA_NEW_EMAIL } },
      label: `Ada's e-mail changes to ${ADA_NEW_EMAIL} (USER_UPDATED)`,
      when: ({ context }) => (context as SessionContext).user?.email === PEOPLE.ada.email,
    },
    { event: { type: 'auth.signedOut' }, label: 'the session ends elsewhere (SIGNED_OUT)' },
    { event: { type: 'user.signOut' }, label: 'presses Sign Out in the account menu' },
    { event: { type: 'user.retry' }, label: 'presses “Try again”' },
    { event: { type: 'facts.reload' }, label: 'the app reloads the facts after the person changed them (joined an organisation)' },
  ],
  actors: {
    loadFacts: {
      done: [{ output: loadedFacts(PEOPLE.ada.id), label: 'the profile and roles arrive' }],
      error: [{ error: new Error(SAMPLE.loadFailure), label: 'loading the profile and roles fails' }],
    },
    signOut: {
      done: [
        { output: { ok: true }, label: 'the session ends' },
        { output: { ok: false, message: SAMPLE.signOutRefusal }, label: 'the auth service refuses to sign out' },
      ],
      error: [{ error: new TypeError(SAMPLE.signOutCrash), label: 'signing out crashes' }],
    },
  },
  // Guards compare the event's person with the context's, and ask whether facts exist;
  // USER_UPDATED changes only the e-mail, so it belongs here too.
  facts: ({ context }) => ({ user: context.user?.id ?? null, email: context.user?.email ?? null, facts: context.facts !== null }),
  describeState: (snapshot) => describe(snapshot.context, String(snapshot.value)),
  simplePaths: false,
});
