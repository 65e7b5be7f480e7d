import { describe, expect, it } from 'vitest';

import {
  ACCESS_DENIED_TOAST,
  ONBOARDING_TOAST,
  UNDER_REVIEW_TOAST,
  decideAccess,
  type AccessDecision,
  type Assurance,
  type AccessKind,
  type AccessToast,
} from '../../machines/access';
import { factsFor, PERSON_KINDS, type PersonKind } from '../testing/session-facts';
import { requiresAal2, routeKindOf, routeOf, routes } from '../routes/routes';

/**
 * The access decision for every route of the route table × every kind of
 * person, generated from the table and checked against the outcome written
 * out by hand below (not recomputed), so a change of rule shows up here as a
 * deliberate edit.
 */
const allow: AccessDecision = { type: 'allow' };
const to = (path: string, toast?: AccessToast): AccessDecision =>
  toast ? { type: 'redirect', to: path, toast } : { type: 'redirect', to: path };
const denied = (path: string) => to(path, ACCESS_DENIED_TOAST);
const toLogin = (path: string) => to(`/login?next=${encodeURIComponent(path)}`);

type Expectations = Record<PersonKind, (path: string) => AccessDecision>;

const everyone = (decision: (path: string) => AccessDecision): Expectations =>
  Object.fromEntries(PERSON_KINDS.map((person) => [person, decision])) as Expectations;

const MEMBER_AREA: Expectations = {
  signedOut: toLogin,
  pending: () => to('/application-pending', UNDER_REVIEW_TOAST),
  none: () => to('/onboarding', ONBOARDING_TOAST),
  approvedMember: () => allow,
  orgAdmin: () => allow,
  systemAdmin: () => to('/admin/dashboard'),
  stakeholder: () => to('/onboarding', ONBOARDING_TOAST),
  investorLite: () => to('/onboarding', ONBOARDING_TOAST),
  investorDataRoom: () => to('/onboarding', ONBOARDING_TOAST),
};

/** /application-pending is a member route that pending applicants must be able to reach. */
const APPLICATION_PENDING: Expectations = {
  ...MEMBER_AREA,
  pending: () => allow,
  approvedMember: () => to('/dashboard'),
  orgAdmin: () => to('/dashboard'),
};

const EXPECTED: Record<AccessKind, Expectations> = {
  public: everyone(() => allow),
  auth: everyone(() => allow),
  member: MEMBER_AREA,
  admin: {
    ...everyone(() => denied('/dashboard')),
    signedOut: toLogin,
    systemAdmin: () => allow,
  },
  stakeholder: {
    signedOut: toLogin,
    pending: () => denied('/application-pending'),
    none: () => denied('/'),
    approvedMember: () => denied('/dashboard'),
    orgAdmin: () => denied('/dashboard'),
    systemAdmin: () => allow,
    stakeholder: () => allow,
    investorLite: () => denied('/investor/dashboard'),
    investorDataRoom: () => denied('/investor/dashboard'),
  },
  'investor:lite': {
    ...everyone(() => denied('/investors/access')),
    signedOut: toLogin,
    systemAdmin: () => allow,
    investorLite: () => allow,
    investorDataRoom: () => allow,
  },
  'investor:data_room': {
    ...everyone(() => denied('/investors/access')),
    signedOut: toLogin,
    systemAdmin: () => allow,
    investorLite: () => denied('/investor/dashboard'),
    investorDataRoom: () => allow,
  },
};

const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, 'example');

const cases = routes.flatMap((route) =>
  PERSON_KINDS.map((person) => {
    const path = concretePath(route.path);
    const table = route.path === '/application-pending' ? APPLICATION_PENDING : EXPECTED[route.kind];
    return { path, kind: route.kind, person, expected: table[person](path) };
  }),
);

describe('route access: every route × every kind of person', () => {
  it('covers the whole table', () => {
    expect(cases).toHaveLength(routes.length * PERSON_KINDS.length);
    expect(PERSON_KINDS).toHaveLength(9);
  });

  it.each(cases)('$path ($kind) for $person', ({ path, kind, person, expected }) => {
    expect(decideAccess(kind, factsFor(person), { pathname: path, search: '' })).toEqual(expected);
  });
});

describe('route access while the facts are not known', () => {
  it.each(routes.map((route) => [concretePath(route.path), route.kind] as const))(
    '%s (%s) waits while loading, or shows the page if anyone may',
    (path, kind) => {
      const expected = kind === 'public' || kind === 'auth' ? allow : { type: 'wait' };
      expect(decideAccess(kind, { status: 'loading' }, { pathname: path, search: '' })).toEqual(expected);
    },
  );

  it('says the facts are unavailable (with a retry in the UI) instead of guessing', () => {
    const facts = { status: 'error', userId: 'u1', email: 'ada@school.example', message: 'Failed to fetch' } as const;
    expect(decideAccess('member', facts, { pathname: '/dashboard', search: '' })).toEqual({
      type: 'unavailable',
      message: 'Failed to fetch',
    });
    expect(decideAccess('public', facts, { pathname: '/', search: '' })).toEqual(allow);
  });
});

describe('the route table and the guard agree', () => {
  it.each(routes.map((route) => [concretePath(route.path), route.kind] as const))(
    'routeKindOf(%s) is %s',
    (path, kind) => {
      expect(routeKindOf(path)).toBe(kind);
    },
  );

  it('knows no kind for a path without a route (the 404)', () => {
    expect(routeKindOf('/no/such/page')).toBeNull();
    expect(routeKindOf('/dashboard/unknown')).toBeNull();
  });
});

describe('route access with a second factor (decision 041)', () => {
  const withAssurance = (person: PersonKind, assurance: Assurance) => {
    const facts = factsFor(person);
    return facts.status === 'signedIn' ? { ...facts, assurance } : facts;
  };
  const AT_AAL1_WITH_FACTOR: Assurance = { current: 'aal1', next: 'aal2' };
  const AT_AAL2: Assurance = { current: 'aal2', next: 'aal2' };

  it('requires aal2 on exactly the back office and the data room', () => {
    const required = routes.filter(requiresAal2).map((route) => route.path);
    expect(required).toEqual(routes.filter((route) => route.kind === 'admin' || route.kind === 'investor:data_room').map((r) => r.path));
    expect(required).toContain('/admin/applications');
    expect(required).toContain('/investor/data-room');
    // The invitation screen is sign-in machinery: an invited administrator has no factor yet.
    expect(routeOf('/admin/accept-invitation')?.kind).toBe('auth');
    expect(required).not.toContain('/admin/accept-invitation');
  });

  it.each(cases)('$path ($kind) for $person at aal1 with a verified factor', ({ path, kind, person, expected }) => {
    const requirement = { requiresAal2: requiresAal2({ kind }) };
    const decision = decideAccess(kind, withAssurance(person, AT_AAL1_WITH_FACTOR), { pathname: path, search: '' }, requirement);
    // Asked for the code exactly where they would be let in; sent on as before anywhere else.
    expect(decision).toEqual(requirement.requiresAal2 && expected.type === 'allow' ? { type: 'challenge' } : expected);
  });

  it.each(cases)('$path ($kind) for $person at aal2: as without a factor', ({ path, kind, person, expected }) => {
    const requirement = { requiresAal2: requiresAal2({ kind }) };
    expect(decideAccess(kind, withAssurance(person, AT_AAL2), { pathname: path, search: '' }, requirement)).toEqual(expected);
  });

  it('lets people without a verified factor in at aal1 (administrators are prompted to add one instead)', () => {
    for (const path of ['/admin/applications', '/investor/data-room']) {
      const kind = routeKindOf(path)!;
      expect(decideAccess(kind, factsFor('systemAdmin'), { pathname: path, search: '' }, { requiresAal2: true })).toEqual(allow);
    }
  });
});
