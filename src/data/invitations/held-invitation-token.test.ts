import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  HELD_INVITATION_LIFETIME_MS,
  heldInvitationToken,
  holdInvitationToken,
  invitationTokenIn,
  releaseInvitationToken,
} from './held-invitation-token';
import { fakeLocalStorage } from '../../testing/fake-storage';


afterEach(() => {
  releaseInvitationToken();
  vi.unstubAllGlobals();
});

describe('the held invitation token', () => {
  it('is kept in localStorage, so a sign-in link opened in a new tab finds it', () => {
    const storage = fakeLocalStorage();
    vi.stubGlobal('localStorage', storage);
    holdInvitationToken('tok-1', 1_000);
    expect(JSON.parse(storage.items.get('accord.admin-invitation')!)).toEqual({ token: 'tok-1', heldAt: 1_000 });
    expect(heldInvitationToken(1_000 + HELD_INVITATION_LIFETIME_MS)).toBe('tok-1');
  });

  it('is forgotten after the life of a sign-in link', () => {
    vi.stubGlobal('localStorage', fakeLocalStorage());
    holdInvitationToken('tok-1', 1_000);
    expect(heldInvitationToken(1_001 + HELD_INVITATION_LIFETIME_MS)).toBeNull();
    expect(heldInvitationToken(1_000)).toBeNull();
  });

  it('is released only when it is the one held (another tab may hold a newer invitation)', () => {
    vi.stubGlobal('localStorage', fakeLocalStorage());
    holdInvitationToken('newer');
    releaseInvitationToken('older');
    expect(heldInvitationToken()).toBe('newer');
    releaseInvitationToken('newer');
    expect(heldInvitationToken()).toBeNull();
  });

  it('still serves this page when the browser refuses storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    holdInvitationToken('tok-2');
    expect(heldInvitationToken()).toBe('tok-2');
  });
});

describe('invitationTokenIn', () => {
  it('reads ?token=, ?invitation_token= and #token=, trimmed, and nothing empty', () => {
    expect(invitationTokenIn('?token=abc', '')).toBe('abc');
    expect(invitationTokenIn('?invitation_token=%20abc%20', '')).toBe('abc');
    expect(invitationTokenIn('', '#token=abc')).toBe('abc');
    expect(invitationTokenIn('?token=%20', '')).toBeNull();
    expect(invitationTokenIn('?q=token', '#pricing')).toBeNull();
  });
});
