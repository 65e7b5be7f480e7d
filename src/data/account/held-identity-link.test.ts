import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeLocalStorage } from '../../testing/fake-storage';
import { HELD_IDENTITY_LINK_LIFETIME_MS, holdIdentityLink, releaseIdentityLink, takeIdentityLink, takeIdentityLinkOnce } from './held-identity-link';

const START = {
  provider: 'keycloak',
  providerLabel: 'Northwind sign-in',
  userId: '5eed0000-0000-4000-8000-00000000a0a0',
  email: 'ada@school.example',
  returnTo: '/dashboard/settings',
};
const T0 = 1_800_000_000_000;

let storage: ReturnType<typeof fakeLocalStorage>;
beforeEach(() => {
  storage = fakeLocalStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  releaseIdentityLink();
  vi.unstubAllGlobals();
});

describe('the link this browser started (decision 067)', () => {
  it('is kept in localStorage, beside the code verifier, and answers one return only', () => {
    holdIdentityLink(START, T0);
    expect(JSON.parse(storage.items.get('accord.identity-link')!)).toEqual({ ...START, heldAt: T0 });
    expect(takeIdentityLink('keycloak', T0 + 1000)).toEqual(START);
    expect(takeIdentityLink('keycloak', T0 + 2000)).toBeNull();
    expect(storage.items.has('accord.identity-link')).toBe(false);
  });

  it('answers nothing for another provider, or once the auth service has let the flow go', () => {
    holdIdentityLink(START, T0);
    expect(takeIdentityLink('github', T0)).toBeNull();
    holdIdentityLink(START, T0);
    expect(takeIdentityLink('keycloak', T0 + HELD_IDENTITY_LINK_LIFETIME_MS + 1)).toBeNull();
    holdIdentityLink(START, T0);
    // A clock that went backwards says nothing about the record's age.
    expect(takeIdentityLink('keycloak', T0 - 1)).toBeNull();
  });

  it('answers nothing in a browser that did not start it, or from a record that is not one', () => {
    expect(takeIdentityLink('keycloak', T0)).toBeNull();
    storage.setItem('accord.identity-link', JSON.stringify({ provider: 'keycloak', heldAt: T0 }));
    expect(takeIdentityLink('keycloak', T0)).toBeNull();
    storage.setItem('accord.identity-link', '{not json');
    expect(takeIdentityLink('keycloak', T0)).toBeNull();
  });

  it('gives the same answer to the same code twice (StrictMode starts the callback twice)', () => {
    holdIdentityLink(START, T0);
    expect(takeIdentityLinkOnce('code-1', 'keycloak', T0)).toEqual(START);
    expect(takeIdentityLinkOnce('code-1', 'keycloak', T0)).toEqual(START);
    // Another code is another return, and the record was taken by the first.
    expect(takeIdentityLinkOnce('code-2', 'keycloak', T0)).toBeNull();
  });
});
