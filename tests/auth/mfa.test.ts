import { randomInt } from 'node:crypto';
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authClient,
  decodeJwt,
  serviceClient,
  signInByCode,
  stack,
  startIsolatedAuth,
  uniqueEmail,
  type IsolatedAuth,
} from '../support/auth-helpers.ts';
import { awayFromStepBoundary, enrolVerifiedTotp, TOTP_PERIOD_MS, totpCode } from '../support/mfa.ts';
import { sql } from '../support/users.ts';

/**
 * Two-factor authentication with an authenticator app (decision 039), driven
 * by supabase-js's auth.mfa against the stand-in, with GoTrue's shapes and
 * error codes; and what the stand-in adds: a code works once, and wrong codes
 * are limited per factor and per client network, counted in the database.
 */
const signedIn = async (label: string, client: SupabaseClient = authClient()) => signInByCode(uniqueEmail(label), client);

const accessTokenOf = async (client: SupabaseClient): Promise<string> => (await client.auth.getSession()).data.session!.access_token;

const claimsOf = async (client: SupabaseClient) => {
  const claims = decodeJwt(await accessTokenOf(client));
  return { aal: claims.aal, methods: (claims.amr as { method: string }[]).map((m) => m.method) };
};

const errorOf = (error: { status?: number; code?: string; message: string } | null) =>
  error && { status: error.status, code: error.code, message: error.message };

const factorRow = async (factorId: string) =>
  (await sql<{ status: string }>('select status::text from auth.mfa_factors where id = $1', [factorId]))[0];

/** Six-digit codes that are not the factor's code for any step near now. */
function wrongCodesFor(secret: string, n: number): string[] {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totpCode(secret, Date.now() + d * TOTP_PERIOD_MS)));
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const code = String((123_456 + i * 7919) % 1_000_000).padStart(6, '0');
    if (!near.has(code)) codes.push(code);
  }
  return codes;
}

/** POSTs to the instance itself as a client at `ip` (the gateway would set its own address). */
async function postAs(instance: IsolatedAuth, path: string, accessToken: string, ip: string, body: Record<string, unknown>) {
  const res = await fetch(`${instance.authUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      'x-forwarded-for': ip,
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('enrolling an authenticator app', () => {
  it('returns the secret, an otpauth:// URI and an SVG QR code as GoTrue does; the factor is unverified until a code is entered', async () => {
    const { client, user } = await signedIn('mfa-enrol');
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Accord' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('Phone');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Accord:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: data!.totp.secret, issuer: 'Accord', digits: '6', period: '30' });
    // supabase-js prefixes GoTrue's bare SVG; nothing in it may end the data: URI early.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[^]*<\/svg>$/);
    expect(data!.totp.qr_code).not.toContain('#');

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.all.map((f) => [f.id, f.status, f.factor_type, f.friendly_name])).toEqual([[data!.id, 'unverified', 'totp', 'Phone']]);
    expect(listed.data!.totp).toEqual([]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('without an issuer uses the site’s host, as GoTrue does', async () => {
    const { client } = await signedIn('mfa-issuer');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(new URL(data!.totp.uri).searchParams.get('issuer')).toBe(new URL(stack.auth.siteUrl).host);
  });

  it('refuses a second factor with the same friendly name (mfa_factor_name_conflict) and creates nothing', async () => {
    const { client, user } = await signedIn('mfa-dup-name');
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' })).error).toBeNull();
    const second = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' });
    expect(errorOf(second.error)).toEqual({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Work phone" for this user already exists',
    });
    expect(await sql('select id from auth.mfa_factors where user_id = $1', [user.id])).toHaveLength(1);
  });

  it('refuses phone factors, which are not enabled', async () => {
    const { client } = await signedIn('mfa-phone');
    const res = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+447700900123' });
    expect(errorOf(res.error)).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
  });
});

describe('challenge and verify', () => {
  it('raises the session to aal2 with a new token pair, fires MFA_CHALLENGE_VERIFIED, and a refresh keeps aal2', async () => {
    const { client, user, session } = await signedIn('mfa-verify');
    expect(await claimsOf(client)).toEqual({ aal: 'aal1', methods: ['otp'] });
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));

    const enrolled = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).data!;
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.type).toBe('totp');
    expect(challenge.data!.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 295);
    expect(challenge.data!.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 301);

    await awayFromStepBoundary();
    const verified = await client.auth.mfa.verify({
      factorId: enrolled.id,
      challengeId: challenge.data!.id,
      code: totpCode(enrolled.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(verified.data!.refresh_token).not.toBe(session.refresh_token);
    expect(verified.data!.access_token).not.toBe(session.access_token);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    expect(await claimsOf(client)).toEqual({ aal: 'aal2', methods: ['totp', 'otp'] });
    expect(decodeJwt(await accessTokenOf(client)).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect(await sql('select aal::text, factor_id from auth.sessions where user_id = $1', [user.id])).toEqual([
      { aal: 'aal2', factor_id: enrolled.id },
    ]);
    expect((await factorRow(enrolled.id)).status).toBe('verified');

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => [f.id, f.status])).toEqual([[enrolled.id, 'verified']]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await claimsOf(client)).toEqual({ aal: 'aal2', methods: ['totp', 'otp'] });
  });

  it('ATTACK: a refresh token issued before the code was entered does not lead to the aal2 session', async () => {
    const { client, session } = await signedIn('mfa-old-refresh');
    await enrolVerifiedTotp(client);
    // Someone holding the aal1 session's refresh token, straight after the verification.
    const thief = authClient();
    const stolen = await thief.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error?.code).toBe('refresh_token_already_used');
  });

  it('a second sign-in is aal1 with aal2 next, as getAuthenticatorAssuranceLevel tells the app to challenge', async () => {
    const { client, user } = await signedIn('mfa-next');
    await enrolVerifiedTotp(client);
    const again = await signInByCode(user.email!, authClient());
    const level = await again.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });

  it('verifying ends the user’s other sessions that are still at aal1, as GoTrue does', async () => {
    const { client, user } = await signedIn('mfa-others');
    const other = await signInByCode(user.email!, authClient());
    await enrolVerifiedTotp(client);
    const res = await other.client.auth.refreshSession();
    expect(res.error?.code).toBe('refresh_token_not_found');
    expect(await sql('select id from auth.sessions where id = $1', [decodeJwt(other.session.access_token).session_id])).toEqual([]);
  });

  it('ATTACK: a code that was accepted once is refused when replayed on a new challenge, and the session stays at aal1', async () => {
    const { client, user } = await signedIn('mfa-replay');
    const { factorId, code: usedCode } = await enrolVerifiedTotp(client);

    // Someone who watched the code being typed signs in with the first factor and replays it.
    const attacker = await signInByCode(user.email!, authClient());
    const challenge = (await attacker.client.auth.mfa.challenge({ factorId })).data!;
    const replayed = await attacker.client.auth.mfa.verify({ factorId, challengeId: challenge.id, code: usedCode });
    expect(errorOf(replayed.error)).toEqual({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    expect(await claimsOf(attacker.client)).toEqual({ aal: 'aal1', methods: ['otp'] });
    expect(await sql('select aal::text from auth.sessions where id = $1', [decodeJwt(attacker.session.access_token).session_id])).toEqual([
      { aal: 'aal1' },
    ]);
  });

  it('a challenge answered once cannot be answered again (GoTrue’s mfa_ip_address_mismatch)', async () => {
    const { client } = await signedIn('mfa-reuse-challenge');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const challenge = (await client.auth.mfa.challenge({ factorId: data!.id })).data!;
    await awayFromStepBoundary();
    expect((await client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.id, code: totpCode(data!.totp.secret) })).error).toBeNull();
    const again = await client.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.id,
      code: totpCode(data!.totp.secret, Date.now() + TOTP_PERIOD_MS),
    });
    expect(errorOf(again.error)).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('accepts the codes of one step early and one late, and refuses two steps either way', async () => {
    const { client } = await signedIn('mfa-skew');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const factorId = data!.id;
    const secret = data!.totp.secret;
    const tryCode = async (offsetSteps: number) => {
      const challenge = (await client.auth.mfa.challenge({ factorId })).data!;
      return client.auth.mfa.verify({ factorId, challengeId: challenge.id, code: totpCode(secret, Date.now() + offsetSteps * TOTP_PERIOD_MS) });
    };
    await awayFromStepBoundary(6_000);
    expect((await tryCode(-2)).error?.code).toBe('mfa_verification_failed');
    expect((await tryCode(2)).error?.code).toBe('mfa_verification_failed');
    expect((await factorRow(factorId)).status).toBe('unverified');
    expect((await tryCode(-1)).error).toBeNull();
    expect((await tryCode(1)).error).toBeNull();
  });

  it('refuses an unknown challenge with GoTrue’s error', async () => {
    const { client } = await signedIn('mfa-unknown-challenge');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const res = await client.auth.mfa.verify({
      factorId: data!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: totpCode(data!.totp.secret),
    });
    expect(errorOf(res.error)).toEqual({
      status: 422,
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    });
  });

  it('ATTACK: another user’s factor cannot be challenged, verified or removed, and is left as it was', async () => {
    const owner = await signedIn('mfa-owner');
    const { factorId, secret } = await enrolVerifiedTotp(owner.client);
    const intruder = await signedIn('mfa-intruder');
    const notFound = { status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' };

    expect(errorOf((await intruder.client.auth.mfa.challenge({ factorId })).error)).toEqual(notFound);
    const ownChallenge = (await owner.client.auth.mfa.challenge({ factorId })).data!;
    const verify = await intruder.client.auth.mfa.verify({
      factorId,
      challengeId: ownChallenge.id,
      code: totpCode(secret, Date.now() + TOTP_PERIOD_MS),
    });
    expect(errorOf(verify.error)).toEqual(notFound);
    expect(errorOf((await intruder.client.auth.mfa.unenroll({ factorId })).error)).toEqual(notFound);
    expect(await claimsOf(intruder.client)).toEqual({ aal: 'aal1', methods: ['otp'] });
    expect(await sql('select user_id, status::text from auth.mfa_factors where id = $1', [factorId])).toEqual([
      { user_id: owner.user.id, status: 'verified' },
    ]);
  });
});

describe('an expired challenge', () => {
  let shortLived: IsolatedAuth;
  beforeAll(async () => {
    shortLived = await startIsolatedAuth({ mfa: { ...stack.auth.mfa, challengeExpirySeconds: 1 } });
  });
  afterAll(() => shortLived?.stop());

  it('is refused with mfa_challenge_expired and deleted, even with the right code', async () => {
    const { client } = await signedIn('mfa-expired', authClient({ apiUrl: shortLived.apiUrl }));
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const challenge = (await client.auth.mfa.challenge({ factorId: data!.id })).data!;
    // Time passing is the rule under test: wait until the challenge's expiry is behind us.
    await new Promise((resolve) => setTimeout(resolve, challenge.expires_at * 1000 + 1_100 - Date.now()));
    await awayFromStepBoundary();
    const res = await client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.id, code: totpCode(data!.totp.secret) });
    expect(errorOf(res.error)).toEqual({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    });
    expect(await sql('select id from auth.mfa_challenges where id = $1', [challenge.id])).toEqual([]);
    expect((await factorRow(data!.id)).status).toBe('unverified');
  });
});

describe('wrong codes', () => {
  const WINDOW_SECONDS = 10;
  const settings = { mfa: { ...stack.auth.mfa, wrongCodes: { perFactor: 3, perIp: 100_000, windowSeconds: WINDOW_SECONDS } } };
  let strict: IsolatedAuth;
  beforeAll(async () => {
    strict = await startIsolatedAuth(settings);
  });
  afterAll(() => strict?.stop());

  it('ATTACK: after the limit for a factor even the right code is refused with 429 until the window has passed', async () => {
    const { client } = await signedIn('mfa-guess', authClient({ apiUrl: strict.apiUrl }));
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const factorId = data!.id;
    const secret = data!.totp.secret;
    const challenge = (await client.auth.mfa.challenge({ factorId })).data!;
    const started = Date.now();
    for (const guess of wrongCodesFor(secret, 3)) {
      const res = await client.auth.mfa.verify({ factorId, challengeId: challenge.id, code: guess });
      expect(res.error?.code).toBe('mfa_verification_failed');
    }
    await awayFromStepBoundary();
    const right = await client.auth.mfa.verify({ factorId, challengeId: challenge.id, code: totpCode(secret) });
    expect(errorOf(right.error)).toEqual({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Too many wrong codes were entered. Try again in 1 minute.',
    });
    expect((await factorRow(factorId)).status).toBe('unverified');
    expect(await claimsOf(client)).toEqual({ aal: 'aal1', methods: ['otp'] });
    // Counted in the database, so restarting the service does not reset it.
    expect(await sql('select attempts from auth.mfa_wrong_codes where subject = $1', [`factor:${factorId}`])).toEqual([{ attempts: 4 }]);
    await strict.stop();
    strict = await startIsolatedAuth(settings);
    const restarted = authClient({ apiUrl: strict.apiUrl });
    const { data: current } = await client.auth.getSession();
    expect((await restarted.auth.setSession(current.session!)).error).toBeNull();
    const afterRestart = await restarted.auth.mfa.verify({ factorId, challengeId: challenge.id, code: totpCode(secret) });
    expect(afterRestart.error?.status).toBe(429);

    // Time passing is the rule under test: once the window is over, the right code works.
    await new Promise((resolve) => setTimeout(resolve, started + WINDOW_SECONDS * 1000 + 500 - Date.now()));
    await awayFromStepBoundary();
    const later = await restarted.auth.mfa.verify({ factorId, challengeId: challenge.id, code: totpCode(secret) });
    expect(later.error).toBeNull();
    expect(await claimsOf(restarted)).toEqual({ aal: 'aal2', methods: ['totp', 'otp'] });
  });
});

describe('wrong codes from one network', () => {
  let strict: IsolatedAuth;
  beforeAll(async () => {
    strict = await startIsolatedAuth({ mfa: { ...stack.auth.mfa, wrongCodes: { perFactor: 100, perIp: 3, windowSeconds: 600 } } });
  });
  afterAll(() => strict?.stop());

  const call = (path: string, accessToken: string, ip: string, body: Record<string, unknown>) =>
    postAs(strict, path, accessToken, ip, body);

  it('ATTACK: guesses spread over several accounts’ factors are limited per network, the right code included', async () => {
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const victims = [];
    for (const label of ['mfa-net-a', 'mfa-net-b']) {
      const { client, session } = await signedIn(label, authClient({ apiUrl: strict.apiUrl }));
      const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      const challenge = await call(`/factors/${data!.id}/challenge`, session.access_token, ip, {});
      victims.push({ token: session.access_token, factorId: data!.id, secret: data!.totp.secret, challengeId: challenge.body.id as string });
    }
    const [a, b] = victims;
    const guesses = [...wrongCodesFor(a.secret, 2).map((code) => ({ ...a, code })), { ...b, code: wrongCodesFor(b.secret, 1)[0] }];
    for (const g of guesses) {
      const res = await call(`/factors/${g.factorId}/verify`, g.token, ip, { challenge_id: g.challengeId, code: g.code });
      expect(res.body.code).toBe('mfa_verification_failed');
    }
    await awayFromStepBoundary();
    const right = await call(`/factors/${b.factorId}/verify`, b.token, ip, { challenge_id: b.challengeId, code: totpCode(b.secret) });
    expect(right).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    expect((await factorRow(b.factorId)).status).toBe('unverified');
  });
});

describe('a challenge is bound to the address it was made from', () => {
  let instance: IsolatedAuth;
  beforeAll(async () => {
    instance = await startIsolatedAuth({});
  });
  afterAll(() => instance?.stop());

  const call = (path: string, accessToken: string, ip: string, body: Record<string, unknown>) =>
    postAs(instance, path, accessToken, ip, body);

  it('answers from another address are refused (mfa_ip_address_mismatch); the same IPv6 address spelled otherwise is the same', async () => {
    const { client, session } = await signedIn('mfa-ip', authClient({ apiUrl: instance.apiUrl }));
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const net = `2001:db8:${randomInt(65_536).toString(16)}`;
    const challenge = await call(`/factors/${data!.id}/challenge`, session.access_token, `${net}:0:0:0:0:abcd`, {});
    expect(challenge.status).toBe(200);
    await awayFromStepBoundary();
    const body = { challenge_id: challenge.body.id, code: totpCode(data!.totp.secret) };
    const elsewhere = await call(`/factors/${data!.id}/verify`, session.access_token, '203.0.113.9', body);
    expect(elsewhere).toMatchObject({ status: 422, body: { code: 'mfa_ip_address_mismatch' } });
    expect((await factorRow(data!.id)).status).toBe('unverified');
    const same = await call(`/factors/${data!.id}/verify`, session.access_token, `${net}::abcd`, body);
    expect(same.status).toBe(200);
    expect(decodeJwt(same.body.access_token as string).aal).toBe('aal2');
  });
});

describe('removing a factor', () => {
  it('ATTACK: a verified factor cannot be removed (nor another added) from an aal1 session; at aal2 it can, and the session falls to aal1', async () => {
    const { client, user } = await signedIn('mfa-unenrol');
    const { factorId } = await enrolVerifiedTotp(client);

    // A second sign-in with only the e-mail code (someone who got into the inbox).
    const aal1 = await signInByCode(user.email!, authClient());
    const refused = await aal1.client.auth.mfa.unenroll({ factorId });
    expect(errorOf(refused.error)).toEqual({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' });
    const added = await aal1.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Attacker’s phone' });
    expect(errorOf(added.error)).toEqual({ status: 403, code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' });
    expect(await sql('select id, status::text from auth.mfa_factors where user_id = $1', [user.id])).toEqual([
      { id: factorId, status: 'verified' },
    ]);

    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
    await client.auth.refreshSession();
    expect(await claimsOf(client)).toEqual({ aal: 'aal1', methods: ['otp'] });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('an unverified factor can be removed at aal1', async () => {
    const { client } = await signedIn('mfa-unenrol-unverified');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect((await client.auth.mfa.unenroll({ factorId: data!.id })).error).toBeNull();
  });
});

describe('the admin API', () => {
  it('lists a user’s factors and deletes one, lowering the sessions it raised', async () => {
    const { client, user } = await signedIn('mfa-admin');
    const { factorId } = await enrolVerifiedTotp(client);
    const admin = serviceClient().auth.admin.mfa;

    const listed = await admin.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors.map((f) => [f.id, f.status, f.factor_type])).toEqual([[factorId, 'verified', 'totp']]);

    const deleted = await admin.deleteFactor({ userId: user.id, id: factorId });
    expect(deleted.error).toBeNull();
    expect(await sql('select id from auth.mfa_factors where user_id = $1', [user.id])).toEqual([]);
    expect(await sql('select aal::text from auth.sessions where user_id = $1', [user.id])).toEqual([{ aal: 'aal1' }]);

    const gone = await admin.deleteFactor({ userId: user.id, id: factorId });
    expect(errorOf(gone.error)).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});
