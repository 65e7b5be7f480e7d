import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authClient,
  configuredLimits,
  mailIds,
  nextMail,
  startIsolatedAuth,
  uniqueEmail,
  type IsolatedAuth,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/**
 * The limits GoTrue enforces: a cooldown between e-mails to one address
 * (max_frequency), a cap on the auth e-mails the project sends per hour
 * (email_sent), and per-IP request limits per five minutes. The test stack
 * relaxes them so browser tests can sign in often; here each runs on an auth
 * instance of its own with the limits under test.
 */
describe('e-mail limits as config.toml sets them (an auth instance with those limits)', () => {
  let real: IsolatedAuth;
  beforeAll(async () => {
    real = await startIsolatedAuth(configuredLimits);
  });
  afterAll(() => real?.stop());

  it('config.toml asks for a minute between two e-mails to one address and caps auth e-mails at 100 an hour', () => {
    expect(configuredLimits.emailMaxFrequencySeconds).toBe(60);
    expect(configuredLimits.emailSentPerHour).toBe(100);
  });

  it('refuses a second e-mail to the same address within the minute, and sends only the first', async () => {
    const email = uniqueEmail('cooldown');
    const client = authClient({ apiUrl: real.apiUrl });
    const seen = await mailIds(email);

    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after 5\d seconds\.$/);
    await nextMail(email, seen);
    expect((await mailIds(email)).size).toBe(seen.size + 1);
  });
});

describe('e-mail send cooldown (an auth instance whose cooldown is one second)', () => {
  let quick: IsolatedAuth;
  beforeAll(async () => {
    quick = await startIsolatedAuth({ emailMaxFrequencySeconds: 1 });
  });
  afterAll(() => quick?.stop());

  it('sends again once max_frequency has passed', async () => {
    const email = uniqueEmail('cooldown-passes');
    const client = authClient({ apiUrl: quick.apiUrl });
    const seen = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email })).error?.code).toBe('over_email_send_rate_limit');
    await nextMail(email, seen);

    await new Promise((r) => setTimeout(r, 1100));
    const beforeThird = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    await nextMail(email, beforeThird);
  });
});

describe('the hourly cap on auth e-mails (an auth instance allowing three an hour)', () => {
  let capped: IsolatedAuth;
  beforeAll(async () => {
    capped = await startIsolatedAuth({ emailSentPerHour: 3 });
  });
  afterAll(() => capped?.stop());

  it('refuses the fourth e-mail of the hour to any address with GoTrue\'s 429, sending and creating nothing', async () => {
    const client = authClient({ apiUrl: capped.apiUrl });
    const known = uniqueEmail('flood-known');
    for (const email of [known, uniqueEmail('flood'), uniqueEmail('flood')]) {
      expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    }

    const email = uniqueEmail('flood-over');
    const seen = await mailIds(email);
    const refused = await client.auth.signInWithOtp({ email });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_email_send_rate_limit');
    expect(refused.error?.message).toBe('email rate limit exceeded');
    expect(await sql('select 1 from auth.users where lower(email) = lower($1)', [email])).toHaveLength(0);
    // The service sends before it answers, so a mail of this request would be there now.
    expect(await mailIds(email)).toEqual(seen);

    // Every kind of auth e-mail counts: sign-up and recovery are refused too.
    const signUp = await client.auth.signUp({ email: uniqueEmail('flood-signup'), password: 'a-good-password' });
    expect(signUp.error?.code).toBe('over_email_send_rate_limit');
    const recover = await client.auth.resetPasswordForEmail(known);
    expect(recover.error?.code).toBe('over_email_send_rate_limit');
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

  it('counts an IPv6 client by its /64, so one network cannot rotate through its own addresses', async () => {
    const network = ['2001:db8:aa:1::1', '2001:db8:aa:1::2', '2001:db8:aa:1:0:0:0:3'];
    for (const ip of network) expect((await post('/otp', ip, { email: uniqueEmail('limit-v6') })).status).toBe(200);
    const refused = await post('/otp', '2001:db8:aa:1:ffff:ffff:ffff:ffff', { email: uniqueEmail('limit-v6') });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // The next /64 is another network.
    expect((await post('/otp', '2001:db8:aa:2::1', { email: uniqueEmail('limit-v6') })).status).toBe(200);
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
