import type { SessionFacts, SignedInFacts } from '../../machines/access';

/**
 * The kinds of people the guards must tell apart (issue 3), as the session
 * machine would describe them. Used by the route-access matrix and by
 * component tests that need someone signed in.
 */
export type PersonKind =
  | 'signedOut'
  | 'pending'
  | 'none'
  | 'approvedMember'
  | 'orgAdmin'
  | 'systemAdmin'
  | 'stakeholder'
  | 'investorLite'
  | 'investorDataRoom';

export const PERSON_KINDS: readonly PersonKind[] = [
  'signedOut',
  'pending',
  'none',
  'approvedMember',
  'orgAdmin',
  'systemAdmin',
  'stakeholder',
  'investorLite',
  'investorDataRoom',
];

export function signedInFacts(overrides: Partial<SignedInFacts> = {}): SignedInFacts {
  const userId = overrides.userId ?? '5eed0000-0000-4000-8000-000000000002';
  const email = overrides.email ?? 'ada@school.example';
  return {
    userId,
    email,
    profile: { id: userId, email, full_name: 'Ada Lovelace' },
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

const PEOPLE: Record<Exclude<PersonKind, 'signedOut'>, Partial<SignedInFacts>> = {
  pending: { approval: 'pending', approvalStatus: 'pending', isOrgAdmin: true },
  none: {},
  approvedMember: { approval: 'approved', approvalStatus: 'approved' },
  orgAdmin: { approval: 'approved', approvalStatus: 'approved', isOrgAdmin: true },
  systemAdmin: { isSystemAdmin: true },
  stakeholder: { isStakeholder: true },
  investorLite: { investorLevel: 'lite' },
  investorDataRoom: { investorLevel: 'data_room' },
};

export function factsFor(person: PersonKind): SessionFacts {
  if (person === 'signedOut') return { status: 'signedOut' };
  return { status: 'signedIn', ...signedInFacts(PEOPLE[person]) };
}
