import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, mailIds, nextMail, stack, startIsolatedAuth, uniqueEmail, type IsolatedAuth } from '../support/auth-helpers.ts';

/**
 * The two limits GoTrue enforces: a cooldown between e-mails to one address
 * (max_frequency) and per-IP request limits per five minutes.
 */
describe('e-mail send cooldown', () => {
  it('refuses a second e-mail to the same address within max_frequency, and sends once it has passed', async () => {
    const email = uniqueEmail('cooldown');
    const client = authClient();
    const seen = await mailIds(email);

    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    await nextMail(email, seen);
    expect((await mailIds(email)).size).toBe(seen.size + 1);

    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    const beforeThird = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    await nextMail(email, beforeThird);
  });
});

describe('per-IP request limits (an auth instance with tiny limits)', () => {
  let limited: IsolatedAuth;
  beforeAll(async () => {
    limited = await startIsolatedAuth({ rateLimits: { signInSignUps: 3, tokenVerifications: 2, tokenRefresh: 2 } });
  });
  afterAll(() => limited?.stop());

  const post = (path: string, ip: string, body: unknown) =>
    fetch(`${limited.authUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    });

  it('limits /otp, /signup and /recover together per client address', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 3; i++) {
      expect((await post('/otp', ip, { email: uniqueEmail('limit') })).status).toBe(200);
    }
    const refused = await post('/otp', ip, { email: uniqueEmail('limit') });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect((await post('/signup', ip, { email: uniqueEmail('limit'), password: 'long-enough-1' })).status).toBe(429);
    expect((await post('/recover', ip, { email: uniqueEmail('limit') })).status).toBe(429);

    expect((await post('/otp', '203.0.113.11', { email: uniqueEmail('limit') })).status).toBe(200);
  });

  it('limits /verify by token_verifications and /token by token_refresh', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 2; i++) {
      expect((await post('/verify', ip, { type: 'email', email: 'x@accord.test', token: '000000' })).status).toBe(403);
    }
    expect((await post('/verify', ip, { type: 'email', email: 'x@accord.test', token: '000000' })).status).toBe(429);

    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${limited.authUrl}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ refresh_token: 'unknown' }),
      });
      expect(res.status).toBe(400);
    }
    const refused = await fetch(`${limited.authUrl}/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ refresh_token: 'unknown' }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
  });

  it('reaches supabase-js as an AuthApiError with status 429 and code over_request_rate_limit', async () => {
    const client = authClient({ apiUrl: limited.apiUrl });
    let error;
    for (let i = 0; i < 4 && !error; i++) {
      error = (await client.auth.signInWithOtp({ email: uniqueEmail('limit-js') })).error;
    }
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toBe('Request rate limit reached');
  });
});
