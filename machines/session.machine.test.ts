import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';

import {
  factsOf,
  FACTS_UNAVAILABLE_MESSAGE,
  SIGN_OUT_ERROR_TOAST,
  SIGN_OUT_FAILED_TOAST,
  SIGNED_OUT_TOAST,
  sessionMachine,
  type LoadedFacts,
  type SessionEvent,
  type SessionToast,
  type SignOutResult,
} from './session.machine';

const ada = { id: 'u-ada', email: 'ada@school.example' };
const grace = { id: 'u-grace', email: 'grace@clinic.example' };

function loadedFor(userId: string, overrides: Partial<LoadedFacts> = {}): LoadedFacts {
  return {
    profile: { id: userId, email: null, full_name: 'Someone' },
    isSystemAdmin: false,
    isOrgAdmin: true,
    approvalStatus: 'approved',
    isStakeholder: false,
    investorLevel: null,
    assurance: { current: 'aal1', next: 'aal1' },
    ...overrides,
  };
}

function start({
  load = async ({ userId }: { userId: string }) => loadedFor(userId),
  signOut = async (): Promise<SignOutResult> => ({ ok: true }),
}: {
  load?: (input: { userId: string }) => Promise<LoadedFacts>;
  signOut?: () => Promise<SignOutResult>;
} = {}) {
  let emit: (event: SessionEvent) => void = () => undefined;
  const loadFacts = vi.fn(load);
  const signOutFn = vi.fn(signOut);
  const navigate = vi.fn<(to: string) => void>();
  const toast = vi.fn<(toast: SessionToast) => void>();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
          emit = sendBack;
        }),
        loadFacts: fromPromise<LoadedFacts, { userId: string }>(({ input }) => loadFacts(input)),
        signOut: fromPromise<SignOutResult>(() => signOutFn()),
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        toast: (_, params) => toast(params),
      },
    }),
  ).start();
  const facts = () => factsOf(actor.getSnapshot());
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('signingOut'));
  return { actor, emit: (event: SessionEvent) => emit(event), facts, settled, loadFacts, signOut: signOutFn, navigate, toast };
}

describe('sessionMachine', () => {
  it('knows nothing until INITIAL_SESSION, then reports a visitor as signed out', () => {
    const s = start();
    expect(s.facts()).toEqual({ status: 'loading' });
    s.emit({ type: 'auth.initialSession', user: null });
    expect(s.facts()).toEqual({ status: 'signedOut' });
    expect(s.loadFacts).not.toHaveBeenCalled();
  });

  it('loads the facts once for a stored session and exposes them typed', async () => {
    const s = start();
    s.emit({ type: 'auth.initialSession', user: ada });
    expect(s.facts()).toEqual({ status: 'loading' });
    await s.settled();
    expect(s.loadFacts).toHaveBeenCalledWith({ userId: ada.id });
    expect(s.facts()).toEqual({
      status: 'signedIn',
      userId: ada.id,
      email: ada.email,
      profile: { id: ada.id, email: null, full_name: 'Someone' },
      isSystemAdmin: false,
      isOrgAdmin: true,
      approval: 'approved',
      approvalStatus: 'approved',
      isStakeholder: false,
      investorLevel: null,
      assurance: { current: 'aal1', next: 'aal1' },
    });
  });

  it.each([
    [null, 'none'],
    ['pending', 'pending'],
    ['under_review', 'pending'],
    ['rejected', 'pending'],
    ['approved', 'approved'],
  ] as const)('maps approval status %s to %s, keeping the raw value', async (raw, approval) => {
    const s = start({ load: async ({ userId }) => loadedFor(userId, { approvalStatus: raw }) });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    expect(s.facts()).toMatchObject({ approval, approvalStatus: raw });
  });

  it('does not reload for a repeated SIGNED_IN of the same person (tab refocus), nor for TOKEN_REFRESHED', async () => {
    const s = start();
    s.emit({ type: 'auth.initialSession', user: ada });
    await s.settled();
    const before = s.actor.getSnapshot().context.facts;
    s.emit({ type: 'auth.signedIn', user: ada });
    s.emit({ type: 'auth.tokenRefreshed', user: ada });
    expect(s.loadFacts).toHaveBeenCalledTimes(1);
    // The very same facts object: nothing re-renders for an event that changes nothing.
    expect(s.actor.getSnapshot().context.facts).toBe(before);
    expect(s.actor.getSnapshot().value).toBe('signedIn');
  });

  it('reloads the facts when the same person proves a second factor (MFA_CHALLENGE_VERIFIED), keeping the old ones meanwhile', async () => {
    let level: 'aal1' | 'aal2' = 'aal1';
    const s = start({ load: async ({ userId }) => loadedFor(userId, { assurance: { current: level, next: 'aal2' } }) });
    s.emit({ type: 'auth.initialSession', user: ada });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'signedIn', assurance: { current: 'aal1', next: 'aal2' } });
    level = 'aal2';
    s.emit({ type: 'auth.mfaVerified', user: ada });
    expect(s.actor.getSnapshot().value).toBe('reloading');
    // Still signed in with the old facts: the page the person is on does not fall back to "Checking your access…".
    expect(s.facts()).toMatchObject({ status: 'signedIn', assurance: { current: 'aal1' } });
    await waitFor(s.actor, (snapshot) => snapshot.value === 'signedIn');
    expect(s.loadFacts).toHaveBeenCalledTimes(2);
    expect(s.facts()).toMatchObject({ status: 'signedIn', assurance: { current: 'aal2', next: 'aal2' } });
  });

  it('reloads for a different person', async () => {
    const s = start();
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.emit({ type: 'auth.signedIn', user: grace });
    expect(s.facts()).toEqual({ status: 'loading' });
    await s.settled();
    expect(s.loadFacts).toHaveBeenLastCalledWith({ userId: grace.id });
    expect(s.facts()).toMatchObject({ status: 'signedIn', userId: grace.id, email: grace.email });
  });

  it('restarts a load that another person interrupts', async () => {
    let release: () => void = () => undefined;
    const s = start({
      load: ({ userId }) =>
        userId === ada.id ? new Promise((resolve) => (release = () => resolve(loadedFor(userId)))) : Promise.resolve(loadedFor(userId)),
    });
    s.emit({ type: 'auth.signedIn', user: ada });
    s.emit({ type: 'auth.signedIn', user: grace });
    await s.settled();
    release();
    await Promise.resolve();
    expect(s.facts()).toMatchObject({ status: 'signedIn', userId: grace.id });
  });

  it('follows an e-mail change (USER_UPDATED) without reloading', async () => {
    const s = start();
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.emit({ type: 'auth.userUpdated', user: { id: ada.id, email: 'ada@new.example' } });
    expect(s.facts()).toMatchObject({ status: 'signedIn', email: 'ada@new.example' });
    expect(s.loadFacts).toHaveBeenCalledTimes(1);
  });

  it('reports a failed load with its message, and retries on request', async () => {
    let fail = true;
    const s = start({
      load: async ({ userId }) => {
        if (fail) throw new Error('Failed to fetch');
        return loadedFor(userId);
      },
    });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    expect(s.facts()).toEqual({ status: 'error', userId: ada.id, email: ada.email, message: 'Failed to fetch' });
    fail = false;
    s.actor.send({ type: 'user.retry' });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'signedIn' });
  });

  it('falls back to a readable message when the failure has none', async () => {
    const s = start({ load: () => Promise.reject(new Error('')) });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'error', message: FACTS_UNAVAILABLE_MESSAGE });
  });

  it('signs out: clears profile and roles, goes to /login, says "Signed out"', async () => {
    const s = start({
      signOut: async () => {
        // The client emits SIGNED_OUT before signOut resolves; the machine waits for the result.
        s.emit({ type: 'auth.signedOut' });
        return { ok: true };
      },
    });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.actor.send({ type: 'user.signOut' });
    expect(s.actor.getSnapshot().hasTag('signingOut')).toBe(true);
    await s.settled();
    expect(s.facts()).toEqual({ status: 'signedOut' });
    expect(s.actor.getSnapshot().context).toEqual({ user: null, facts: null, error: null });
    expect(s.navigate).toHaveBeenCalledWith('/login');
    expect(s.toast).toHaveBeenCalledWith(SIGNED_OUT_TOAST);
  });

  it('stays signed in with "Sign out error" when the auth service refuses', async () => {
    const s = start({ signOut: async () => ({ ok: false, message: 'Session not found' }) });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.actor.send({ type: 'user.signOut' });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'signedIn', userId: ada.id });
    expect(s.toast).toHaveBeenCalledWith(SIGN_OUT_ERROR_TOAST);
    expect(s.navigate).not.toHaveBeenCalled();
  });

  it('stays signed in with "Sign out failed" when signing out throws', async () => {
    const s = start({ signOut: () => Promise.reject(new TypeError('storage is broken')) });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.actor.send({ type: 'user.signOut' });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'signedIn' });
    expect(s.toast).toHaveBeenCalledWith(SIGN_OUT_FAILED_TOAST);
  });

  it('lets a person whose facts failed to load sign out, and keeps the error if that fails too', async () => {
    const s = start({ load: () => Promise.reject(new Error('down')), signOut: async () => ({ ok: false, message: 'no' }) });
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.actor.send({ type: 'user.signOut' });
    await s.settled();
    expect(s.facts()).toMatchObject({ status: 'error', message: 'down' });
    expect(s.toast).toHaveBeenCalledWith(SIGN_OUT_ERROR_TOAST);
  });

  it('clears the facts without navigating when signed out elsewhere (another tab)', async () => {
    const s = start();
    s.emit({ type: 'auth.signedIn', user: ada });
    await s.settled();
    s.emit({ type: 'auth.signedOut' });
    expect(s.facts()).toEqual({ status: 'signedOut' });
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.toast).not.toHaveBeenCalled();
  });
});
