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
 * Signing in by e-mail, driven by supabase-js as the app drives it: the link
 * under PKCE and under the implicit flow, the 6-digit code, where the link
 * may send the browser, and links that are used or expired. An address without
 * a confirmed account gets the sign-up confirmation instead of the sign-in
 * mail (confirmations are on; accounts.test.ts), so the sign-in mail is shown
 * with accounts that exist.
 */

describe('magic link sign-in', () => {
  it('under PKCE: the link redirects with a code that exchangeCodeForSession turns into a session', async () => {
    const email = (await confirmedAccount('pkce')).email;
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);

    const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } });
    expect(sent.error).toBeNull();

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your Accord sign-in link');
    expect(mail.text).toContain('expire in 10 minutes');
    expect(mail.text).toMatch(/didn't ask/);
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${stack.apiUrl}/auth/v1/verify\\?token=pkce_[0-9a-f]{56}&type=magiclink&redirect_to=`));

    const target = await follow(link);
    expect(`${target.origin}${target.pathname}`).toBe(callbackUrl());
    const code = target.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(target.hash).toBe('');

    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.token_type).toBe('bearer');
    expect(exchanged.data.user?.email).toBe(email);

    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(exchanged.data.user?.id);
    expect(me.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(me.data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: me.data.user?.id, user_id: me.data.user?.id });
    expect(me.data.user?.email_confirmed_at).toBeTruthy();
    expect(me.data.user?.last_sign_in_at).toBeTruthy();

    const actions = await sql<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
        where payload->>'actor_id' = $1 order by created_at`,
      [me.data.user!.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['user_recovery_requested', 'login', 'login']);
  });

  it('under PKCE the auth code is single use', async () => {
    const email = uniqueEmail('pkce-once');
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } });
    const code = (await follow(linkIn(await nextMail(email, seen)))).searchParams.get('code')!;

    const first = await client.auth.exchangeCodeForSession(code);
    expect(first.error).toBeNull();
    // supabase-js forgets the verifier after an exchange; a second client that still had it must fail too.
    const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' });
  });

  it('under the implicit flow: the link redirects with the session in the fragment, which setSession accepts', async () => {
    const email = (await confirmedAccount('implicit')).email;
    const client = authClient({ flowType: 'implicit' });
    const seen = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } })).error).toBeNull();

    const link = linkIn(await nextMail(email, seen));
    expect(link).not.toContain('pkce_');
    const target = await follow(link);
    expect(`${target.origin}${target.pathname}`).toBe(callbackUrl());
    const params = fragment(target);
    expect([...params.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('type')).toBe('magiclink');
    expect(params.get('expires_in')).toBe(String(stack.auth.jwtExpirySeconds));

    const fresh = authClient({ flowType: 'implicit' });
    const set = await fresh.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    expect((await fresh.auth.getUser()).data.user?.email).toBe(email);
  });

  it('the 6-digit code from the same e-mail signs in with verifyOtp, even when the link was PKCE', async () => {
    const email = uniqueEmail('code');
    const requester = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    await requester.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } });
    const code = codeIn(await nextMail(email, seen));

    // Typed into another browser, which never saw the PKCE verifier.
    const other = authClient({ flowType: 'pkce' });
    const verified = await other.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email).toBe(email);

    const again = await authClient().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Token has expired or is invalid');
  });

  it('keeps the query of redirect_to (e.g. ?type=admin_magiclink) and adds the code to it', async () => {
    const email = uniqueEmail('admin-link');
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl('?type=admin_magiclink') } });

    const target = await follow(linkIn(await nextMail(email, seen)));
    expect(`${target.origin}${target.pathname}`).toBe(callbackUrl());
    expect(target.searchParams.get('type')).toBe('admin_magiclink');
    expect(target.searchParams.get('code')).toBeTruthy();
    expect((await client.auth.exchangeCodeForSession(target.searchParams.get('code')!)).error).toBeNull();
  });

  it('sends a redirect_to outside the allow list back to the site URL', async () => {
    const email = uniqueEmail('foreign');
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.com/steal' } });

    const mail = await nextMail(email, seen);
    expect(linkIn(mail)).not.toContain('evil.example.com');
    const target = await follow(linkIn(mail));
    expect(target.origin).toBe(new URL(stack.auth.siteUrl).origin);
    expect(target.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a link used once: the second visit redirects with otp_expired', async () => {
    const email = uniqueEmail('reuse');
    const client = authClient({ flowType: 'implicit' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } });
    const link = linkIn(await nextMail(email, seen));

    expect(fragment(await follow(link)).get('access_token')).toBeTruthy();
    const second = await follow(link);
    expect(`${second.origin}${second.pathname}`).toBe(callbackUrl());
    expect(second.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
  });

  it('under PKCE a refused link carries the error in the query as well, keeping the original query', async () => {
    const email = uniqueEmail('reuse-pkce');
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl('?type=admin_magiclink') } });
    const link = linkIn(await nextMail(email, seen));
    await follow(link);

    const second = await follow(link);
    expect(second.searchParams.get('type')).toBe('admin_magiclink');
    expect(second.searchParams.get('error_code')).toBe('otp_expired');
    expect(second.searchParams.get('code')).toBeNull();
    expect(fragment(second).get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('a newer e-mail replaces the older one: only the latest link works', async () => {
    const email = uniqueEmail('latest');
    const client = authClient({ flowType: 'implicit' });
    let seen = await mailIds(email);
    await client.auth.signInWithOtp({ email });
    const first = linkIn(await nextMail(email, seen));
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    seen = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const second = linkIn(await nextMail(email, seen));

    expect(fragment(await follow(first)).get('error_code')).toBe('otp_expired');
    expect(fragment(await follow(second)).get('access_token')).toBeTruthy();
  });

  it('keeps only hashes of link tokens in the database, and none once the link is used', async () => {
    const email = (await confirmedAccount('hashes')).email;
    const client = authClient({ flowType: 'implicit' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email });
    const mail = await nextMail(email, seen);
    const token = new URL(linkIn(mail)).searchParams.get('token')!;

    const stored = await sql<{ token_hash: string; token_type: string; relates_to: string }>(
      `select t.token_hash, t.token_type::text, t.relates_to from auth.one_time_tokens t
         join auth.users u on u.id = t.user_id where u.email = $1`,
      [email],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ token_type: 'recovery_token', relates_to: email });
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].token_hash).not.toContain(token);
    const [legacy] = await sql<{ recovery_token: string }>('select recovery_token from auth.users where email = $1', [email]);
    expect(legacy.recovery_token).toBe(stored[0].token_hash);

    await follow(linkIn(mail));
    expect(await sql('select 1 from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = $1', [email])).toHaveLength(0);
  });

  it('stores data as user_metadata, and with create_user false refuses unknown addresses', async () => {
    const email = uniqueEmail('metadata');
    const client = authClient({ flowType: 'implicit' });
    const seen = await mailIds(email);
    await client.auth.signInWithOtp({ email, options: { data: { full_name: 'Ada Lovelace' } } });
    const session = fragment(await follow(linkIn(await nextMail(email, seen))));
    const set = await client.auth.setSession({ access_token: session.get('access_token')!, refresh_token: session.get('refresh_token')! });
    expect(set.data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', email_verified: true });

    const refused = await authClient().auth.signInWithOtp({ email: uniqueEmail('nobody'), options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.message).toBe('Signups not allowed for otp');
  });

  describe('expiry (an auth instance whose links last one second)', () => {
    let shortLived: IsolatedAuth;
    beforeAll(async () => {
      shortLived = await startIsolatedAuth({ otpExpirySeconds: 1 });
    });
    afterAll(() => shortLived?.stop());

    it('refuses the link and the code once otpExpirySeconds have passed', async () => {
      const email = uniqueEmail('expiry');
      const client = authClient({ flowType: 'implicit', apiUrl: shortLived.apiUrl });
      const seen = await mailIds(email);
      expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } })).error).toBeNull();
      const mail = await nextMail(email, seen);
      expect(mail.text).toContain('expire in 1 second');
      expect(linkIn(mail).startsWith(`${shortLived.apiUrl}/auth/v1/verify?`)).toBe(true);

      await new Promise((r) => setTimeout(r, 1500));
      const byCode = await client.auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
      expect(byCode.error?.code).toBe('otp_expired');
      const target = await follow(linkIn(mail));
      expect(fragment(target).get('error_code')).toBe('otp_expired');
      expect(fragment(target).get('error_description')).toBe('Email link is invalid or has expired');
    });
  });
});
