import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authClient,
  callbackUrl,
  codeIn,
  confirmedAccount,
  follow,
  fragment,
  linkIn,
  mailIds,
  nextMail,
  stack,
  startIsolatedAuth,
  uniqueEmail,
  type IsolatedAuth,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/**
 * Guessing the six-digit code (docs/decisions/022-accounts-codes-and-mail.md):
 * a few wrong codes for one account burn its code, whichever client or address
 * they come from; codes live ten minutes; and the link cannot be worked out
 * from the address and a guessed code.
 */
const ATTEMPTS = 5;
const BURNED = {
  status: 403,
  code: 'otp_attempts_exceeded',
  message: 'Too many wrong codes were entered. Request a new code.',
};

/** `n` six-digit codes that are not `right`. */
function wrongCodes(right: string, n: number): string[] {
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const code = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

/** A confirmed account and the code of the sign-in mail it was just sent. */
async function accountWithCode(label: string) {
  const { email, id } = await confirmedAccount(label);
  const seen = await mailIds(email);
  expect((await authClient().auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } })).error).toBeNull();
  const mail = await nextMail(email, seen);
  return { email, id, mail, code: codeIn(mail) };
}

/** POST /verify with a code, from a client address of the caller's choosing. */
async function verifyFrom(authUrl: string, ip: string, email: string, token: string) {
  const res = await fetch(`${authUrl}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ type: 'email', email, token }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sessionsOf = (userId: string) => sql('select id from auth.sessions where user_id = $1', [userId]);

describe('wrong codes burn the code', () => {
  it(`after ${ATTEMPTS} wrong codes the right one is refused with a clear error, the link too, and nobody is signed in`, async () => {
    const { email, id, mail, code } = await accountWithCode('guessed');
    const client = authClient();
    const wrong = wrongCodes(code, ATTEMPTS);
    for (const guess of wrong.slice(0, -1)) {
      const res = await client.auth.verifyOtp({ email, token: guess, type: 'email' });
      expect(res.error?.code).toBe('otp_expired');
      expect(res.error?.message).toBe('Token has expired or is invalid');
    }
    // The last allowed wrong guess burns the code and says so.
    const last = await client.auth.verifyOtp({ email, token: wrong.at(-1)!, type: 'email' });
    expect({ status: last.error?.status, code: last.error?.code, message: last.error?.message }).toEqual(BURNED);

    const right = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(right.data.session).toBeNull();
    expect({ status: right.error?.status, code: right.error?.code, message: right.error?.message }).toEqual(BURNED);
    expect(fragment(await follow(linkIn(mail))).get('error_code')).toBe('otp_expired');
    expect(await sessionsOf(id)).toHaveLength(0);
  });

  it('a new code starts afresh and signs in', async () => {
    const { email, code } = await accountWithCode('burned-then-new');
    for (const guess of wrongCodes(code, ATTEMPTS)) await authClient().auth.verifyOtp({ email, token: guess, type: 'email' });
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    const seen = await mailIds(email);
    expect((await authClient().auth.signInWithOtp({ email })).error).toBeNull();
    const fresh = codeIn(await nextMail(email, seen));
    const res = await authClient().auth.verifyOtp({ email, token: fresh, type: 'email' });
    expect(res.error).toBeNull();
    expect(res.data.session?.user.email).toBe(email);
  });

  it('an address without an account is answered exactly as one with an account', async () => {
    const { email: known, code } = await accountWithCode('known');
    const answers = async (email: string) => {
      const out = [];
      for (const guess of wrongCodes(code, ATTEMPTS + 1)) {
        const { error } = await authClient().auth.verifyOtp({ email, token: guess, type: 'email' });
        out.push({ status: error?.status, code: error?.code, message: error?.message });
      }
      return out;
    };
    const forKnown = await answers(known);
    expect(await answers(uniqueEmail('unknown'))).toEqual(forKnown);
    expect(forKnown.at(-1)).toEqual(BURNED);
  });

  describe('counted per account, whatever the client address, and kept across a restart of the auth service', () => {
    let first: IsolatedAuth | undefined;
    beforeAll(async () => {
      first = await startIsolatedAuth({});
    });
    afterAll(() => first?.stop());

    it('spreads the guesses over addresses and over a restart, and still burns the code', async () => {
      const { email, id, code } = await accountWithCode('spread');
      const wrong = wrongCodes(code, ATTEMPTS);
      const instance = first!;
      for (const [i, guess] of wrong.slice(0, 3).entries()) {
        expect((await verifyFrom(instance.authUrl, `203.0.113.${i + 1}`, email, guess)).body.code).toBe('otp_expired');
      }
      first = undefined;
      await instance.stop();
      // Another instance (the stack's own) on the same database: the count lives there.
      const client = authClient();
      for (const guess of wrong.slice(3, -1)) expect((await client.auth.verifyOtp({ email, token: guess, type: 'email' })).error?.code).toBe('otp_expired');
      expect((await client.auth.verifyOtp({ email, token: wrong.at(-1)!, type: 'email' })).error?.code).toBe(BURNED.code);
      expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe(BURNED.code);
      expect(await sessionsOf(id)).toHaveLength(0);
    });
  });

  it('guesses sent at the same time are all counted', async () => {
    const { email, code } = await accountWithCode('parallel');
    const results = await Promise.all(wrongCodes(code, 20).map((guess) => authClient().auth.verifyOtp({ email, token: guess, type: 'email' })));
    expect(results.filter((r) => r.error?.code === 'otp_expired')).toHaveLength(ATTEMPTS - 1);
    expect((await authClient().auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe(BURNED.code);
  });
});

describe('the link cannot be worked out from a guessed code', () => {
  it("GoTrue's link token, sha224(address + code), opens nothing here even with the right code", async () => {
    const { email, id, mail, code } = await accountWithCode('forged-link');
    const hash = createHash('sha224').update(email + code).digest('hex');
    // With and without the PKCE prefix the app's links carry.
    for (const forged of [hash, `pkce_${hash}`]) {
      const target = await follow(`${stack.apiUrl}/auth/v1/verify?token=${forged}&type=magiclink&redirect_to=${encodeURIComponent(callbackUrl())}`);
      expect(target.searchParams.get('code')).toBeNull();
      expect(fragment(target).get('error_code')).toBe('otp_expired');
      const byHash = await authClient().auth.verifyOtp({ token_hash: forged, type: 'email' });
      expect(byHash.error?.code).toBe('otp_expired');
    }
    expect(await sessionsOf(id)).toHaveLength(0);
    // The mail's own link still works.
    expect((await follow(linkIn(mail))).searchParams.get('code')).toBeTruthy();
  });
});

describe('how long a code lives', () => {
  it('ten minutes, as config.toml sets otp_expiry, and the mail says so', async () => {
    expect(stack.auth.otpExpirySeconds).toBe(600);
    const { mail } = await accountWithCode('ten-minutes');
    expect(mail.text).toContain('expire in 10 minutes');
  });
});
