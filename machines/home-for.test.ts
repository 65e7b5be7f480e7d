import { describe, expect, it } from 'vitest';

import {
  ACCESS_DENIED_TOAST,
  decideAccess,
  homeFor,
  toApproval,
  type ApprovalStatus,
  type HomeOccasion,
  type InvestorLevel,
  type SignedInFacts,
} from './access';
import { destinationAfterSignIn } from './sign-in-callback.machine';

const OCCASIONS: readonly HomeOccasion[] = ['signIn', 'refused', 'onboarding'];

/** Every combination of the facts a session can hold. */
function everyPerson(): SignedInFacts[] {
  const people: SignedInFacts[] = [];
  for (const isSystemAdmin of [false, true])
    for (const isOrgAdmin of [false, true])
      for (const approvalStatus of [null, 'pending', 'under_review', 'approved', 'rejected'] as (ApprovalStatus | null)[])
        for (const isStakeholder of [false, true])
          for (const investorLevel of [null, 'lite', 'data_room'] as (InvestorLevel | null)[])
            people.push({
              userId: 'u1',
              email: 'ada@school.example',
              profile: { id: 'u1', email: 'ada@school.example', full_name: null },
              isSystemAdmin,
              isOrgAdmin,
              approval: toApproval(approvalStatus),
              approvalStatus,
              isStakeholder,
              investorLevel,
              assurance: { current: 'aal1', next: 'aal1' },
            });
  return people;
}

type Row = readonly [who: string, holds: (facts: SignedInFacts) => boolean, destinations: Record<HomeOccasion, string>];

/**
 * The table in access.ts's homeFor, transcribed row by row: the first row that
 * holds decides. Spec §4 (sign-in: a system admin to /admin/applications,
 * approved to /dashboard, pending to /application-pending, none to
 * /onboarding?step=1) and §6 (a system admin sent from member pages to
 * /admin/dashboard) appear exactly; the other cells are decision 008's and 029's.
 */
const TABLE: readonly Row[] = [
  [
    'a system administrator',
    (facts) => facts.isSystemAdmin,
    { signIn: '/admin/applications', refused: '/admin/dashboard', onboarding: '/admin/applications' },
  ],
  [
    'an approved member',
    (facts) => facts.approvalStatus === 'approved',
    { signIn: '/dashboard', refused: '/dashboard', onboarding: '/dashboard' },
  ],
  [
    'an applicant waiting for, or told, a decision',
    (facts) => facts.approvalStatus !== null,
    { signIn: '/application-pending', refused: '/application-pending', onboarding: '/application-pending' },
  ],
  [
    'a stakeholder without an application',
    (facts) => facts.isStakeholder,
    { signIn: '/stakeholder/dashboard', refused: '/stakeholder/dashboard', onboarding: '/onboarding?step=1' },
  ],
  [
    'an investor without an application',
    (facts) => facts.investorLevel !== null,
    { signIn: '/investor/dashboard', refused: '/investor/dashboard', onboarding: '/onboarding?step=1' },
  ],
  ['anyone else', () => true, { signIn: '/onboarding?step=1', refused: '/', onboarding: '/onboarding?step=1' }],
];

const people = everyPerson();
const describeFacts = (facts: SignedInFacts) =>
  `admin=${facts.isSystemAdmin} orgAdmin=${facts.isOrgAdmin} status=${facts.approvalStatus} stakeholder=${facts.isStakeholder} investor=${facts.investorLevel}`;

describe('homeFor: where a person belongs', () => {
  it('covers every combination of facts (2 × 2 × 5 × 2 × 3 people)', () => {
    expect(people).toHaveLength(120);
  });

  it.each(OCCASIONS)('answers by the table for every person, on %s', (occasion) => {
    for (const facts of people) {
      const [, , destinations] = TABLE.find(([, holds]) => holds(facts))!;
      expect(homeFor(facts, occasion), describeFacts(facts)).toBe(destinations[occasion]);
    }
  });

  it('is never changed by being an organisation admin', () => {
    for (const facts of people)
      for (const occasion of OCCASIONS)
        expect(homeFor({ ...facts, isOrgAdmin: !facts.isOrgAdmin }, occasion)).toBe(homeFor(facts, occasion));
  });

  it('sends a system administrator to /admin/applications after signing in (spec §4) but to /admin/dashboard from member pages (spec §6)', () => {
    const admin = people.find((facts) => facts.isSystemAdmin)!;
    expect(homeFor(admin, 'signIn')).toBe('/admin/applications');
    expect(homeFor(admin, 'refused')).toBe('/admin/dashboard');
  });
});

describe('every place that asks gets the same answer', () => {
  const noRoute = () => null;

  it('the sign-in callback, with nothing remembered, goes where homeFor says on signing in', () => {
    for (const facts of people) expect(destinationAfterSignIn(facts, null, noRoute), describeFacts(facts)).toBe(homeFor(facts, 'signIn'));
  });

  it('the member guard sends a system administrator where homeFor says on refusal', () => {
    for (const facts of people.filter((person) => person.isSystemAdmin)) {
      expect(decideAccess('member', { status: 'signedIn', ...facts }, { pathname: '/dashboard', search: '' })).toEqual({
        type: 'redirect',
        to: homeFor(facts, 'refused'),
      });
    }
  });

  it('the stakeholder guard sends everyone it refuses where homeFor says on refusal', () => {
    for (const facts of people.filter((person) => !person.isStakeholder && !person.isSystemAdmin)) {
      expect(decideAccess('stakeholder', { status: 'signedIn', ...facts }, { pathname: '/stakeholder/dashboard', search: '' })).toEqual({
        type: 'redirect',
        to: homeFor(facts, 'refused'),
        toast: ACCESS_DENIED_TOAST,
      });
    }
  });
});
