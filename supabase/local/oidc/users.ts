import { createHash } from 'node:crypto';

/**
 * The people the local identity provider knows. They stand in for accounts at
 * an organisation's own identity provider (Keycloak, Entra ID, Okta…), so their
 * addresses are on a domain of their own. One password for all: they are test
 * accounts, listed in docs/local-stack.md and the `npm start` banner.
 */
export const IDP_PASSWORD = 'idp-password';

export interface IdpUser {
  /** The provider's stable subject identifier (Keycloak uses UUIDs too). */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName: string;
  familyName: string;
}

export const IDP_USERS: IdpUser[] = [
  {
    sub: '6f1c1f0e-5a0b-4c44-9a39-7d1a6a0d0a01',
    email: 'ada@idp.accord.test',
    emailVerified: true,
    name: 'Ada Lovelace',
    givenName: 'Ada',
    familyName: 'Lovelace',
  },
  {
    sub: '6f1c1f0e-5a0b-4c44-9a39-7d1a6a0d0a02',
    email: 'grace@idp.accord.test',
    emailVerified: true,
    name: 'Grace Hopper',
    givenName: 'Grace',
    familyName: 'Hopper',
  },
  {
    sub: '6f1c1f0e-5a0b-4c44-9a39-7d1a6a0d0a03',
    email: 'alan@idp.accord.test',
    emailVerified: true,
    name: 'Alan Turing',
    givenName: 'Alan',
    familyName: 'Turing',
  },
  {
    sub: '6f1c1f0e-5a0b-4c44-9a39-7d1a6a0d0a04',
    email: 'katherine@idp.accord.test',
    emailVerified: true,
    name: 'Katherine Johnson',
    givenName: 'Katherine',
    familyName: 'Johnson',
  },
  {
    // The provider has not verified this address: GoTrue does not link or confirm on it.
    sub: '6f1c1f0e-5a0b-4c44-9a39-7d1a6a0d0a05',
    email: 'edsger@idp.accord.test',
    emailVerified: false,
    name: 'Edsger Dijkstra',
    givenName: 'Edsger',
    familyName: 'Dijkstra',
  },
];

/**
 * Besides the people above, any `test-…@idp.accord.test` address signs in as a
 * verified person of its own, so each browser test can have an identity no
 * earlier test has linked or used (the fixed people are shared by every test of
 * a run). Its subject is derived from the address, so it is stable.
 */
const DISPOSABLE = /^test-[a-z0-9.-]+@idp\.accord\.test$/;
const disposable = new Map<string, IdpUser>();

function disposableUser(email: string): IdpUser {
  const hex = createHash('sha256').update(email).digest('hex');
  const sub = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const user: IdpUser = { sub, email, emailVerified: true, name: 'Test Person', givenName: 'Test', familyName: 'Person' };
  disposable.set(sub, user);
  return user;
}

export function findIdpUser(login: string): IdpUser | undefined {
  const wanted = login.trim().toLowerCase();
  const known = IDP_USERS.find((u) => u.email === wanted || u.email.split('@')[0] === wanted);
  if (known) return known;
  return DISPOSABLE.test(wanted) ? disposableUser(wanted) : undefined;
}

/** The person with this subject identifier: one of the fixed people, or a test address that has signed in. */
export function idpUserBySub(sub: string): IdpUser | undefined {
  return IDP_USERS.find((u) => u.sub === sub) ?? disposable.get(sub);
}
