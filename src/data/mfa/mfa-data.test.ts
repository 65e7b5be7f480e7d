import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { getAssuranceLevel } from './get-assurance-level';
import { listFactors } from './list-factors';
import { NO_FACTOR_MESSAGE, toMfaError, TOO_MANY_CODES_MESSAGE, WRONG_CODE_MESSAGE } from './mfa-errors';
import { proveSecondFactor } from './prove-second-factor';
import { unenrollFactor } from './unenroll-factor';

/** The supabase-js calls these files make, answering as GoTrue's shapes do. */
function clientWith(mfa: Record<string, unknown>, auth: Record<string, unknown> = {}) {
  return { auth: { mfa, ...auth } } as unknown as AccordClient;
}

const factor = (id: string, status: 'verified' | 'unverified', created: string, type = 'totp') => ({
  id,
  friendly_name: `name ${id}`,
  factor_type: type,
  status,
  created_at: created,
  updated_at: created,
});

describe('the second-factor data files', () => {
  it('reads the assurance level, anything but aal2 as aal1', async () => {
    const level = (currentLevel: string | null, nextLevel: string | null) =>
      clientWith({ getAuthenticatorAssuranceLevel: async () => ({ data: { currentLevel, nextLevel, currentAuthenticationMethods: [] }, error: null }) });
    await expect(getAssuranceLevel(level('aal1', 'aal2'))).resolves.toEqual({ current: 'aal1', next: 'aal2' });
    await expect(getAssuranceLevel(level('aal2', 'aal2'))).resolves.toEqual({ current: 'aal2', next: 'aal2' });
    await expect(getAssuranceLevel(level(null, null))).resolves.toEqual({ current: 'aal1', next: 'aal1' });
    await expect(getAssuranceLevel(level('aal3', 'aal3'))).resolves.toEqual({ current: 'aal1', next: 'aal1' });
  });

  it('lists TOTP factors only, oldest first, with a name even when none was given', async () => {
    const all = [factor('b', 'unverified', '2026-11-20T00:00:00Z'), { ...factor('a', 'verified', '2026-11-02T00:00:00Z'), friendly_name: '' }, factor('p', 'verified', '2026-11-01T00:00:00Z', 'phone')];
    const client = clientWith({ listFactors: async () => ({ data: { all, totp: [], phone: [] }, error: null }) });
    await expect(listFactors(client)).resolves.toEqual([
      { id: 'a', name: 'Authenticator app', status: 'verified', createdAt: '2026-11-02T00:00:00Z' },
      { id: 'b', name: 'name b', status: 'unverified', createdAt: '2026-11-20T00:00:00Z' },
    ]);
  });

  it("words GoTrue's refusals for people and keeps the code", () => {
    const wrong = toMfaError({ message: 'Invalid TOTP code entered', status: 422, code: 'mfa_verification_failed' });
    expect(wrong).toBeInstanceOf(DataError);
    expect(wrong.message).toBe(WRONG_CODE_MESSAGE);
    expect(wrong.code).toBe('mfa_verification_failed');
    expect(toMfaError({ message: 'Too many requests', status: 429 }).message).toBe(TOO_MANY_CODES_MESSAGE);
    expect(toMfaError({ message: 'Something new', status: 422, code: 'brand_new' }).message).toBe('Something new');
  });

  it('proves the oldest verified factor, and says so plainly when there is none', async () => {
    const challengeAndVerify = vi.fn(async () => ({ data: {}, error: null }));
    const all = [factor('new', 'verified', '2026-11-20T00:00:00Z'), factor('old', 'verified', '2026-11-01T00:00:00Z'), factor('half', 'unverified', '2026-10-01T00:00:00Z')];
    await proveSecondFactor(clientWith({ listFactors: async () => ({ data: { all }, error: null }), challengeAndVerify }), '123456');
    expect(challengeAndVerify).toHaveBeenCalledWith({ factorId: 'old', code: '123456' });
    const none = clientWith({ listFactors: async () => ({ data: { all: [] }, error: null }), challengeAndVerify });
    await expect(proveSecondFactor(none, '123456')).rejects.toThrow(NO_FACTOR_MESSAGE);
  });

  it('refreshes the session after removing a factor, so the stored level is true again', async () => {
    const calls: string[] = [];
    const client = clientWith(
      { unenroll: async ({ factorId }: { factorId: string }) => (calls.push(`unenroll ${factorId}`), { data: { id: factorId }, error: null }) },
      { refreshSession: async () => (calls.push('refresh'), { data: {}, error: null }) },
    );
    await unenrollFactor(client, 'f-1');
    expect(calls).toEqual(['unenroll f-1', 'refresh']);
    const refused = clientWith({ unenroll: async () => ({ data: null, error: { message: 'AAL2 required', status: 422, code: 'insufficient_aal' } }) });
    await expect(unenrollFactor(refused, 'f-1')).rejects.toMatchObject({ code: 'insufficient_aal' });
  });
});
