import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, toPromise } from 'xstate';

import type { AccordClient } from '../data/client';
import { createSessionActors, loadSessionFacts, toSessionEvent } from './session-actors';

const session = { user: { id: 'u1', email: 'ada@school.example' } } as Session;

/** A client whose every request waits until the test releases it, recording what was asked. */
function gatedClient() {
  const asked: string[] = [];
  const gates: Array<() => void> = [];
  const answer = <T>(label: string, value: T) => {
    asked.push(label);
    return new Promise<{ data: T; error: null }>((resolve) => gates.push(() => resolve({ data: value, error: null })));
  };
  const from = (table: string) => {
    const query = {
      select: () => query,
      eq: () => query,
      single: () => answer(`${table}.single`, { id: 'u1', email: 'ada@school.example', full_name: 'Ada' }),
      maybeSingle: () => answer(`${table}.maybeSingle`, table === 'investor_access' ? { level: 'data_room' } : null),
    };
    return query;
  };
  const rpc = (fn: string) => answer(`rpc.${fn}`, fn === 'check_user_org_approval_status' ? 'under_review' : fn === 'is_user_admin');
  const mfa = {
    getAuthenticatorAssuranceLevel: () =>
      answer('auth.mfa.getAuthenticatorAssuranceLevel', { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] }),
  };
  const client = { from, rpc, auth: { mfa } } as unknown as AccordClient;
  return { client, asked, release: () => gates.forEach((open) => open()) };
}

describe('loadSessionFacts', () => {
  it('asks for the profile and every fact at once, before any answer arrives', async () => {
    const { client, asked, release } = gatedClient();
    const loading = loadSessionFacts(client, 'u1');
    await Promise.resolve();
    expect(asked.sort()).toEqual([
      'auth.mfa.getAuthenticatorAssuranceLevel',
      'investor_access.maybeSingle',
      'profiles.single',
      'rpc.check_user_org_approval_status',
      'rpc.is_any_organization_admin',
      'rpc.is_user_admin',
      'stakeholders.maybeSingle',
    ]);
    release();
    await expect(loading).resolves.toEqual({
      profile: { id: 'u1', email: 'ada@school.example', full_name: 'Ada' },
      isSystemAdmin: true,
      isOrgAdmin: false,
      approvalStatus: 'under_review',
      isStakeholder: false,
      investorLevel: 'data_room',
      assurance: { current: 'aal1', next: 'aal2' },
    });
  });
});

describe('toSessionEvent', () => {
  it.each([
    ['INITIAL_SESSION', session, { type: 'auth.initialSession', user: { id: 'u1', email: 'ada@school.example' } }],
    ['INITIAL_SESSION', null, { type: 'auth.initialSession', user: null }],
    ['SIGNED_IN', session, { type: 'auth.signedIn', user: { id: 'u1', email: 'ada@school.example' } }],
    ['SIGNED_OUT', null, { type: 'auth.signedOut' }],
    ['TOKEN_REFRESHED', session, { type: 'auth.tokenRefreshed', user: { id: 'u1', email: 'ada@school.example' } }],
    ['MFA_CHALLENGE_VERIFIED', session, { type: 'auth.mfaVerified', user: { id: 'u1', email: 'ada@school.example' } }],
    ['USER_UPDATED', session, { type: 'auth.userUpdated', user: { id: 'u1', email: 'ada@school.example' } }],
    ['PASSWORD_RECOVERY', session, null],
  ] as const)('%s becomes the machine event', (event, s, expected) => {
    expect(toSessionEvent(event as AuthChangeEvent, s)).toEqual(expected);
  });
});

describe('listenToAuth', () => {
  it('forwards events synchronously from inside the callback and unsubscribes when stopped', () => {
    let listener: (event: AuthChangeEvent, s: Session | null) => unknown = () => undefined;
    const unsubscribe = vi.fn();
    const client = {
      auth: {
        onAuthStateChange: (callback: typeof listener) => {
          listener = callback;
          return { data: { subscription: { unsubscribe } } };
        },
      },
    } as unknown as AccordClient;
    const received: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: { src: 'listen' },
        on: { '*': { actions: ({ event }) => received.push(event.type) } },
      }).provide({ actors: { listen: createSessionActors(client).listenToAuth } }),
    ).start();
    // The callback returns nothing to await: supabase-js holds its lock while it runs.
    expect(listener('SIGNED_IN', session)).toBeUndefined();
    expect(received).toEqual(['auth.signedIn']);
    parent.stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('signOut actor', () => {
  const signOutWith = (signOut: () => Promise<unknown>) =>
    toPromise(createActor(createSessionActors({ auth: { signOut } } as unknown as AccordClient).signOut).start());

  it('says ok when the session ended', async () => {
    await expect(signOutWith(async () => ({ error: null }))).resolves.toEqual({ ok: true });
  });

  it('reports a refusal from the auth service as a result, not an exception', async () => {
    await expect(signOutWith(async () => ({ error: { message: 'Session not found', status: 500 } }))).resolves.toEqual({
      ok: false,
      message: 'Session not found',
    });
  });

  it('lets an unexpected exception through', async () => {
    await expect(signOutWith(() => Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
  });
});
