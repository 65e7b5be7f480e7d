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

export function findIdpUser(login: string): IdpUser | undefined {
  const wanted = login.trim().toLowerCase();
  return IDP_USERS.find((u) => u.email === wanted || u.email.split('@')[0] === wanted);
}
