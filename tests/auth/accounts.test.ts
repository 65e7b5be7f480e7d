import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authClient,
  callbackUrl,
  codeIn,
  confirmedAccount,
  decodeJwt,
  follow,
  fragment,
  linkIn,
  mailIds,
  nextMail,
  signInByCode,
  stack,
  startIsolatedAuth,
  uniqueEmail,
  unconfirmedAccount,
  type IsolatedAuth,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/** Sign-up, passwords, password recovery and changes to one's own account. */
describe('sign-up with confirmations on (as config.toml sets them)', () => {
  it('sends a confirmation e-mail and no session; its link confirms and signs in, and the password chosen does not survive', async () => {
    expect(stack.auth.enableConfirmations).toBe(true);
    const email = uniqueEmail('confirm');
    const client = authClient({ flowType: 'implicit' });
    const seen = await mailIds(email);
    const { data, error } = await client.auth.signUp({ email, password: 'a-good-password', options: { emailRedirectTo: callbackUrl() } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.confirmation_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const early = await client.auth.signInWithPassword({ email, password: 'a-good-password' });
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Confirm your Accord account');
    expect(mail.text).toMatch(/^\s*\d{6}\s*$/m);
    const target = await follow(linkIn(mail));
    expect(fragment(target).get('type')).toBe('signup');
    expect(fragment(target).get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Whoever chose it never proved the address: the first confirmation removes it
    // (migration 20261124000100_account-confirmation.sql; the app never uses passwords).
    const later = await client.auth.signInWithPassword({ email, password: 'a-good-password' });
    expect(later.error?.code).toBe('invalid_credentials');
  });

  it('the code in the confirmation e-mail signs in with verifyOtp type email, as the login screens send it', async () => {
    const email = uniqueEmail('confirm-code');
    const seen = await mailIds(email);
    expect((await authClient().auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } })).error).toBeNull();
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Confirm your Accord account');
    const verified = await authClient().auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers a second sign-up of a confirmed address with a look-alike user and no e-mail', async () => {
    const email = uniqueEmail('confirm-twice');
    const client = authClient({ flowType: 'implicit' });
    let seen = await mailIds(email);
    await client.auth.signUp({ email, password: 'a-good-password' });
    await follow(linkIn(await nextMail(email, seen)));
    seen = await mailIds(email);

    const again = await client.auth.signUp({ email, password: 'a-good-password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    const [real] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
    expect(again.data.user?.id).not.toBe(real.id);
    expect(await mailIds(email)).toEqual(seen);
  });

  it('a magic link request for a new address sends the confirmation (type signup), which PKCE exchanges', async () => {
    const email = uniqueEmail('confirm-otp');
    const client = authClient({ flowType: 'pkce' });
    const seen = await mailIds(email);
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } })).error).toBeNull();
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Confirm your Accord account');
    expect(linkIn(mail)).toMatch(/token=pkce_[0-9a-f]+&type=signup&/);

    const code = (await follow(linkIn(mail))).searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(exchanged.data.session?.user.email).toBe(email);
  });

  it('refuses a short password and a missing one with GoTrue codes', async () => {
    const weak = await authClient().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const none = await authClient().auth.signUp({ email: uniqueEmail('no-password'), password: '' });
    expect(none.error?.code).toBe('validation_failed');
    expect(none.error?.message).toBe('Signup requires a valid password');
  });
});

describe('sign-up with confirmations off (an auth instance of its own)', () => {
  let autoconfirm: IsolatedAuth;
  beforeAll(async () => {
    autoconfirm = await startIsolatedAuth({ enableConfirmations: false });
  });
  afterAll(() => autoconfirm?.stop());

  it('returns a session straight away', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await authClient({ apiUrl: autoconfirm.apiUrl }).auth.signUp({
      email,
      password: 'a-good-password',
      options: { data: { full_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Ada', email_verified: true } });
    expect(data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.session?.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('refuses an address whose account nobody has confirmed as a registered one: no session, nothing changed', async () => {
    const { email, id } = await unconfirmedAccount('autoconfirm-target');
    const row = () => sql('select email_confirmed_at, encrypted_password, raw_user_meta_data from auth.users where id = $1', [id]);
    const before = await row();
    // GoTrue confirms such an account here and hands the caller its session (decision 022).
    const { data, error } = await authClient({ apiUrl: autoconfirm.apiUrl }).auth.signUp({ email, password: 'attacker-password-1' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
    expect(await row()).toEqual(before);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [id])).toHaveLength(0);
  });

  it('refuses a registered address with user_already_exists', async () => {
    const email = uniqueEmail('signup-twice');
    const client = authClient({ apiUrl: autoconfirm.apiUrl });
    await client.auth.signUp({ email, password: 'a-good-password' });
    const twice = await client.auth.signUp({ email, password: 'another-password' });
    expect(twice.error?.status).toBe(422);
    expect(twice.error?.code).toBe('user_already_exists');
    expect(twice.error?.message).toBe('User already registered');
  });
});

describe('password recovery', () => {
  it('mails a recovery link whose session can set a new password', async () => {
    const email = (await confirmedAccount('recover', 'the-old-password')).email;
    const seen = await mailIds(email);

    const client = authClient({ flowType: 'pkce' });
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: callbackUrl('?next=reset') })).error).toBeNull();
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Reset your Accord password');
    const target = await follow(linkIn(mail));
    expect(target.searchParams.get('next')).toBe('reset');

    const exchanged = await client.auth.exchangeCodeForSession(target.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(decodeJwt(exchanged.data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    expect(exchanged.data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: 'the-new-password' })).error).toBeNull();

    expect((await authClient().auth.signInWithPassword({ email, password: 'the-old-password' })).error?.code).toBe('invalid_credentials');
    expect((await authClient().auth.signInWithPassword({ email, password: 'the-new-password' })).error).toBeNull();
  });

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('recover-nobody');
    const seen = await mailIds(email);
    expect((await authClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    // Nothing to wait for, so wait for something after it: the service sends a mail before it
    // answers, so once a later request's mail has arrived, any mail of the first would have too.
    const known = (await confirmedAccount('recover-after', 'a-good-password')).email;
    const seenKnown = await mailIds(known);
    expect((await authClient().auth.resetPasswordForEmail(known)).error).toBeNull();
    await nextMail(known, seenKnown);
    expect(await mailIds(email)).toEqual(seen);
  });
});

describe('updating one’s own account', () => {
  it('merges data into user_metadata, and a null removes a key', async () => {
    const { client } = await signInByCode(uniqueEmail('update-data'));
    await client.auth.updateUser({ data: { full_name: 'Before', locale: 'en' } });
    const { data, error } = await client.auth.updateUser({ data: { full_name: 'After', locale: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'After' });
    expect(data.user?.user_metadata).not.toHaveProperty('locale');
  });

  it('a new password ends the other sessions, keeps this one, and must differ from the old one', async () => {
    const email = (await confirmedAccount('update-password', 'first-password')).email;
    const here = authClient();
    await here.auth.signInWithPassword({ email, password: 'first-password' });
    const elsewhere = authClient();
    await elsewhere.auth.signInWithPassword({ email, password: 'first-password' });

    const same = await here.auth.updateUser({ password: 'first-password' });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');

    expect((await here.auth.updateUser({ password: 'second-password' })).error).toBeNull();
    expect((await here.auth.getUser()).error).toBeNull();
    expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('changes the e-mail address once both the old and the new address confirm', async () => {
    const oldEmail = uniqueEmail('change-old');
    const newEmail = uniqueEmail('change-new');
    const { client, user } = await signInByCode(oldEmail, authClient({ flowType: 'implicit' }));
    const seenOld = await mailIds(oldEmail);
    const seenNew = await mailIds(newEmail);

    const asked = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: callbackUrl() });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.new_email).toBe(newEmail);
    expect(asked.data.user?.email).toBe(oldEmail);

    const toOld = await nextMail(oldEmail, seenOld);
    const toNew = await nextMail(newEmail, seenNew);
    expect(toOld.subject).toBe('Confirm the change of your Accord e-mail address');
    expect(toNew.subject).toBe('Confirm your new Accord e-mail address');

    const first = await follow(linkIn(toOld));
    expect(fragment(first).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [user.id]))[0].email).toBe(oldEmail);

    const second = await authClient().auth.verifyOtp({ email: newEmail, token: codeIn(toNew), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    const [profile] = await sql<{ email: string }>('select email from public.profiles where id = $1', [user.id]);
    expect(profile.email).toBe(newEmail);
  });
});
