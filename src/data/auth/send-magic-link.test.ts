import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../client';
import { DataError, UNREACHABLE_MESSAGE } from '../errors';
import { sendMagicLink } from './send-magic-link';
import { CODE_ATTEMPTS_EXCEEDED_MESSAGE, verifyOtp } from './verify-otp';

function fakeClient(auth: Partial<AccordClient['auth']>): AccordClient {
  return { auth } as unknown as AccordClient;
}

describe('sendMagicLink', () => {
  it('sends a member link that may create the account and lands on the callback', async () => {
    const signInWithOtp = vi.fn().mockResolvedValue({ data: {}, error: null });
    await sendMagicLink(fakeClient({ signInWithOtp }), {
      email: 'ada@school.example',
      redirectTo: 'http://localhost:5173/auth/callback',
    });
    expect(signInWithOtp).toHaveBeenCalledWith({
      email: 'ada@school.example',
      options: { emailRedirectTo: 'http://localhost:5173/auth/callback', shouldCreateUser: true },
    });
  });

  it('sends an administrator link exactly as a member link (so the answer says nothing about the address) and tells the callback its type', async () => {
    const signInWithOtp = vi.fn().mockResolvedValue({ data: {}, error: null });
    await sendMagicLink(fakeClient({ signInWithOtp }), {
      email: 'root@accord.example',
      redirectTo: 'http://localhost:5173/auth/callback',
      type: 'admin_magiclink',
    });
    expect(signInWithOtp).toHaveBeenCalledWith({
      email: 'root@accord.example',
      options: { emailRedirectTo: 'http://localhost:5173/auth/callback?type=admin_magiclink', shouldCreateUser: true },
    });
  });

  it("throws the server's message and status, e.g. for a rate limit", async () => {
    const error = Object.assign(new Error('For security purposes, you can only request this after 42 seconds.'), {
      name: 'AuthApiError',
      status: 429,
      code: 'over_email_send_rate_limit',
    });
    const signInWithOtp = vi.fn().mockResolvedValue({ data: {}, error });
    const attempt = sendMagicLink(fakeClient({ signInWithOtp }), { email: 'a@b.example', redirectTo: 'http://x.example/' });
    await expect(attempt).rejects.toBeInstanceOf(DataError);
    await expect(attempt).rejects.toMatchObject({
      message: 'For security purposes, you can only request this after 42 seconds.',
      status: 429,
      code: 'over_email_send_rate_limit',
    });
  });

  it('says the backend is unreachable instead of "Failed to fetch"', async () => {
    const error = Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 });
    const signInWithOtp = vi.fn().mockResolvedValue({ data: {}, error });
    await expect(
      sendMagicLink(fakeClient({ signInWithOtp }), { email: 'a@b.example', redirectTo: 'http://x.example/' }),
    ).rejects.toMatchObject({ message: UNREACHABLE_MESSAGE, status: 0 });
  });
});

describe('verifyOtp', () => {
  it('signs in with the e-mail code and returns the session', async () => {
    const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'ada@school.example' } };
    const verify = vi.fn().mockResolvedValue({ data: { session, user: session.user }, error: null });
    await expect(
      verifyOtp(fakeClient({ verifyOtp: verify }), { email: 'ada@school.example', token: '123456', type: 'email' }),
    ).resolves.toBe(session);
    expect(verify).toHaveBeenCalledWith({ email: 'ada@school.example', token: '123456', type: 'email' });
  });

  it('says what to do once too many wrong codes have burned the code', async () => {
    const error = Object.assign(new Error('Too many wrong codes were entered. Request a new code.'), {
      name: 'AuthApiError',
      status: 403,
      code: 'otp_attempts_exceeded',
    });
    const verify = vi.fn().mockResolvedValue({ data: { session: null, user: null }, error });
    await expect(
      verifyOtp(fakeClient({ verifyOtp: verify }), { email: 'a@b.example', token: '123456', type: 'email' }),
    ).rejects.toMatchObject({ message: CODE_ATTEMPTS_EXCEEDED_MESSAGE, status: 403, code: 'otp_attempts_exceeded' });
  });

  it("throws the server's message for a wrong or expired code", async () => {
    const error = Object.assign(new Error('Token has expired or is invalid'), { name: 'AuthApiError', status: 403 });
    const verify = vi.fn().mockResolvedValue({ data: { session: null, user: null }, error });
    await expect(
      verifyOtp(fakeClient({ verifyOtp: verify }), { email: 'a@b.example', token: '000000', type: 'email' }),
    ).rejects.toMatchObject({ message: 'Token has expired or is invalid', status: 403 });
  });
});
