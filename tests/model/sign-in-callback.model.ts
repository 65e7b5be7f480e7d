/**
 * The sign-in callback machine as a test model: the kinds of link a person can
 * arrive with (what reading the URL answers), and what each effect may answer.
 * Shared by sign-in-callback.model.test.tsx and `npm run test:paths`.
 */
import type { SignedInFacts } from '../../machines/access.ts';
import { EMPTY_URL, isWellFormedJwt, type CallbackUrl, type PendingIdentityLink } from '../../machines/sign-in-callback-link.ts';
import { signInCallbackMachine, type CallbackContext } from '../../machines/sign-in-callback.machine.ts';
import { routeKindOf } from '../../src/routes/routes.ts';
import { defineModel } from '../support/model.ts';

export const ADA = { id: '5eed0000-0000-4000-8000-00000000a0a0', email: 'ada@school.example' } as const;
/** Someone else, already signed in in this browser when Ada's link is opened (login CSRF, decision 027). */
export const GRACE = { id: '5eed0000-0000-4000-8000-00000000b0b0', email: 'grace.hopper@navy.example' } as const;
export const ORG_ID = '5eed0000-0000-4000-8000-000000000101';
export const ORG_NAME = 'Northwind Learning Trust';
export const TENANT_TOKEN = '9f1c0ffee0ddba11';
/** The link Ada started in this browser, from her settings page, as the browser held it (decision 067). */
export const ADA_LINK: PendingIdentityLink = {
  provider: 'keycloak',
  providerLabel: 'Northwind sign-in',
  email: ADA.email,
  returnTo: '/dashboard/settings',
};

/** accept_tenant_invitation's refusal, as the actor throws it: a DataError-like error with the database's code. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { code });

/** A well-formed (unsigned) JWT: the callback only checks the shape, the auth server the rest. */
export const WELL_FORMED_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI1ZWVkMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMGEwYTAifQ.c2lnbmF0dXJl';

export const SAMPLE = {
  rejectedSession: 'invalid JWT: unable to parse or verify signature, token is expired',
  linkRefusal: 'Email link is invalid or has expired',
  factsFailure: "We couldn't reach Accord. Check your connection and try again.",
} as const;

function facts(overrides: Partial<SignedInFacts>): SignedInFacts {
  return {
    userId: ADA.id,
    email: ADA.email,
    profile: { id: ADA.id, email: ADA.email, full_name: 'Ada Lovelace' },
    isSystemAdmin: false,
    isOrgAdmin: false,
    approval: 'none',
    approvalStatus: null,
    isStakeholder: false,
    investorLevel: null,
    assurance: { current: 'aal1', next: 'aal1' },
    ...overrides,
  };
}

export const MEMBER_FACTS = facts({ approval: 'approved', approvalStatus: 'approved', isOrgAdmin: true });
export const ADMIN_FACTS = facts({ isSystemAdmin: true });
/** A system administrator with a verified authenticator app, signed in by link only (aal1): to be challenged. */
export const ADMIN_WITH_FACTOR_FACTS = facts({ isSystemAdmin: true, assurance: { current: 'aal1', next: 'aal2' } });
/** The same administrator once the code is proved. */
export const ADMIN_AT_AAL2_FACTS = facts({ isSystemAdmin: true, assurance: { current: 'aal2', next: 'aal2' } });

/** Codes the person types into the challenge (the screen itself refuses anything but six digits). */
export const CODES = { right: '246810', wrong: '135790' } as const;
export const WRONG_CODE_MESSAGE = 'That code is not right. Check the six digits in your authenticator app and try again.';

const url = (overrides: Partial<CallbackUrl>): CallbackUrl => ({ ...EMPTY_URL, ...overrides });
export const code = { kind: 'code', code: 'f3a1c0de' } as const;
const tokens = { kind: 'tokens', accessToken: WELL_FORMED_JWT, refreshToken: 'r1' } as const;
/** The same session after checking it with the auth server refreshed it. */
export const CHECKED_TOKENS = { kind: 'tokens', accessToken: `${WELL_FORMED_JWT}.checked`, refreshToken: 'r2' } as const;

/** The links a person may arrive with, as reading the URL answers them. */
export const LINKS: Array<{ output: CallbackUrl; label: string }> = [
  { output: url({ credentials: code }), label: 'the link carries a PKCE code' },
  { output: url({ credentials: tokens }), label: 'the link carries access and refresh tokens' },
  {
    output: url({ credentials: { kind: 'tokens', accessToken: 'garbage', refreshToken: 'x' } }),
    label: 'the link carries an access token that is not a JWT',
  },
  { output: url({}), label: 'the URL carries nothing' },
  { output: url({ invitationToken: 'inv-123', credentials: tokens }), label: 'an admin invitation link that signs the invitee in' },
  {
    output: url({ invitationToken: 'inv-123', credentials: code }),
    label: 'an admin invitation link with a PKCE code (bound to this browser: nobody else’s session)',
  },
  { output: url({ invitationToken: 'inv-123' }), label: 'an admin invitation link without a session' },
  {
    output: url({ type: 'tenant_invitation', orgId: ORG_ID, urlError: { code: 'otp_expired', description: SAMPLE.linkRefusal } }),
    label: 'an expired tenant invitation link',
  },
  { output: url({ urlError: { code: 'otp_expired', description: SAMPLE.linkRefusal } }), label: 'the auth server refused the link' },
  { output: url({ type: 'admin_magiclink', credentials: code }), label: 'a link from the administrator login' },
  {
    output: url({ identityLink: 'keycloak', credentials: code }),
    label: 'the provider sends the person back from linking an identity, with a PKCE code',
  },
  { output: url({ type: 'signup', credentials: code }), label: 'a sign-up confirmation link' },
  {
    output: url({ type: 'tenant_invitation', orgId: ORG_ID, tenantInvitationToken: TENANT_TOKEN, credentials: tokens }),
    label: 'a tenant invitation link (its token, then the session the auth server appended)',
  },
  {
    output: url({ type: 'tenant_invitation', tenantInvitationToken: TENANT_TOKEN, credentials: code }),
    label: 'a tenant invitation link without org_id',
  },
  {
    output: url({ type: 'tenant_invitation', orgId: ORG_ID, credentials: code }),
    label: 'a tenant invitation link without its token',
  },
];

function credentialsKind(context: CallbackContext): string {
  if (!context.credentials) return 'none';
  if (context.credentials.kind === 'code') return 'code';
  return isWellFormedJwt(context.credentials.accessToken) ? 'tokens' : 'malformed';
}

export const signInCallbackModel = defineModel({
  machine: signInCallbackMachine,
  input: { routeKindOf },
  // Only when the link is for another account does the person do anything: answer the question.
  events: [
    { event: { type: 'user.switchAccount' }, label: `presses “Continue as ${ADA.email}”` },
    { event: { type: 'user.keepAccount' }, label: `presses “Stay signed in as ${GRACE.email}”` },
    { event: { type: 'user.submitCode', code: CODES.right }, label: `types ${CODES.right} from the authenticator app and presses Verify` },
    { event: { type: 'user.cancelChallenge' }, label: 'presses “Cancel and sign out”' },
    { event: { type: 'user.confirmLink' }, label: `presses “Link ${ADA_LINK.providerLabel}”` },
    { event: { type: 'user.cancelLink' }, label: 'presses “Cancel” instead of linking' },
  ],
  actors: {
    readUrl: { done: LINKS, error: [{ error: new Error('location unavailable'), label: 'the URL cannot be read' }] },
    identifyAccounts: {
      done: [
        { output: { current: null, link: null, credentials: tokens }, label: 'nobody is signed in in this browser' },
        { output: { current: ADA, link: ADA, credentials: CHECKED_TOKENS }, label: 'Ada is signed in here already, and the link is hers' },
        { output: { current: GRACE, link: ADA, credentials: CHECKED_TOKENS }, label: 'Grace is signed in here, and the link would sign in Ada' },
      ],
      error: [{ error: new Error(SAMPLE.rejectedSession), label: 'the auth server rejects the link’s tokens' }],
    },
    takeIdentityLink: {
      done: [
        { output: ADA_LINK, label: `this browser started linking ${ADA_LINK.providerLabel} to Ada’s account, and Ada is signed in here` },
        { output: null, label: 'this browser did not start the link (someone sent it), or another account is signed in here' },
      ],
      error: [{ error: new Error('storage unavailable'), label: 'reading what this browser held fails' }],
    },
    establishSession: {
      done: [{ output: ADA, label: 'the auth server starts Ada’s session' }],
      error: [{ error: new Error(SAMPLE.rejectedSession), label: 'the auth server rejects the session' }],
    },
    getCurrentSession: {
      done: [
        { output: ADA, label: 'this browser already holds Ada’s session' },
        { output: null, label: 'this browser holds no session' },
      ],
      error: [{ error: new Error('storage unavailable'), label: 'reading the stored session fails' }],
    },
    waitForFacts: {
      done: [
        { output: MEMBER_FACTS, label: 'the session knows them as an approved member' },
        { output: ADMIN_FACTS, label: 'the session knows them as a system administrator' },
        {
          output: ADMIN_WITH_FACTOR_FACTS,
          label: 'the session knows them as a system administrator with an authenticator app, signed in at aal1',
        },
        { output: ADMIN_AT_AAL2_FACTS, label: 'the session knows them as a system administrator at aal2' },
      ],
      error: [{ error: new Error(SAMPLE.factsFailure), label: 'the session cannot load their facts' }],
    },
    acceptTenantInvitation: {
      done: [{ output: { organizationName: ORG_NAME }, label: `Ada joins ${ORG_NAME}` }],
      error: [
        { error: refused('already_used', 'This invitation has already been used.'), label: 'the invitation was already used' },
        {
          error: refused('expired', 'This invitation has expired. Please contact the system administrator.'),
          label: 'the invitation has expired',
        },
        {
          error: refused('already_in_organization', 'You already belong to another organisation.'),
          label: 'Ada already belongs to another organisation',
        },
      ],
    },
    reloadFacts: {
      done: [{ output: undefined, label: 'the session has Ada’s facts as a member' }],
      error: [{ error: new Error(SAMPLE.factsFailure), label: 'reloading the facts fails' }],
    },
    signOut: {
      done: [{ output: undefined, label: 'Ada is signed out' }],
      error: [{ error: new Error('offline'), label: 'signing out fails' }],
    },
    proveSecondFactor: {
      done: [{ output: undefined, label: 'the auth server accepts the code: the session is now aal2' }],
      error: [
        {
          error: Object.assign(new Error(WRONG_CODE_MESSAGE), { code: 'mfa_verification_failed' }),
          label: 'the auth server refuses the code',
        },
      ],
    },
  },
  // Everything a guard reads; what the URL carries beyond that only changes the output.
  facts: ({ context }) => ({
    type: context.type,
    credentials: credentialsKind(context),
    invitation: context.invitationToken !== null,
    urlError: context.urlError?.code ?? null,
    orgId: context.orgId !== null,
    tenantToken: context.tenantInvitationToken !== null,
    signedIn: context.user !== null,
    admin: context.facts?.isSystemAdmin ?? null,
    declined: context.declinedLink,
    secondFactor: context.facts ? `${context.facts.assurance.current}/${context.facts.assurance.next}` : null,
    codeRefused: context.codeError !== null,
    identityLink: context.identityLink !== null,
    pendingLink: context.pendingLink !== null,
  }),
  describeState: (snapshot) => {
    if (snapshot.status === 'done') {
      const output = snapshot.output as { to: string; toast?: { title: string; description: string } };
      return `goes to ${output.to}${output.toast ? ` with “${output.toast.title}: ${output.toast.description}”` : ''}`;
    }
    if (snapshot.hasTag('challenging')) {
      const refused = (snapshot.context as CallbackContext).codeError;
      return `“Enter your authentication code”: one 6-digit field, Verify and “Cancel and sign out”${refused ? `; says “${refused}”` : ''}`;
    }
    if (snapshot.hasTag('confirmingLink')) {
      return `“Link ${ADA_LINK.providerLabel} to your Accord account?”: names ${ADA.email}; “Link ${ADA_LINK.providerLabel}” and “Cancel”`;
    }
    if (snapshot.hasTag('asking')) {
      return `“This link is for another account”: signed in as ${GRACE.email}, the link is ${ADA.email}'s; “Stay signed in as …” and “Continue as …”`;
    }
    return '“Signing you in…”';
  },
  simplePaths: false,
});
