import { describe, expect, it } from 'vitest';
import {
  authClient,
  callbackUrl,
  codeIn,
  follow,
  fragment,
  linkIn,
  mailIds,
  nextMail,
  serviceClient,
  stack,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';
import { stackConfig } from '../../supabase/local/config.ts';

/** The service-role API, through supabase-js's auth.admin, as server code (Edge Functions) uses it. */
describe('admin API', () => {
  it('refuses the anon key with 403 not_admin', async () => {
    const anon = authClient({ flowType: 'implicit' });
    const created = await anon.auth.admin.createUser({ email: uniqueEmail('anon'), email_confirm: true });
    expect(created.error?.status).toBe(403);
    expect(created.error?.code).toBe('not_admin');
    expect(created.error?.message).toBe('User not allowed');

    const link = await anon.auth.admin.generateLink({ type: 'magiclink', email: uniqueEmail('anon') });
    expect(link.error?.status).toBe(403);
    expect((await anon.auth.admin.listUsers()).error?.status).toBe(403);
    expect((await anon.auth.admin.inviteUserByEmail(uniqueEmail('anon'))).error?.status).toBe(403);
  });

  it('creates a user as GoTrue does (identity, providers, metadata, confirmation) who can sign in with the password', async () => {
    const email = uniqueEmail('created');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: 'correct horse battery',
      email_confirm: true,
      user_metadata: { full_name: 'Grace Hopper' },
      app_metadata: { plan: 'lite' },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], plan: 'lite' },
      user_metadata: { full_name: 'Grace Hopper', email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(user.confirmed_at).toBe(user.email_confirmed_at);
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      identity_data: { sub: user.id, email, email_verified: true, phone_verified: false },
    });
    expect(user).not.toHaveProperty('factors');

    const [profile] = await sql<{ full_name: string }>('select full_name from public.profiles where id = $1', [user.id]);
    expect(profile.full_name).toBe('Grace Hopper');
    const [stored] = await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [user.id]);
    // bcrypt at the test profile's cost, bcrypt's minimum as in GoTrue's own
    // tests; what npm start serves hashes at GoTrue's default, 10.
    expect(stored.encrypted_password).toMatch(/^\$2a\$04\$/);
    expect(stackConfig('dev').auth.passwordHashCost).toBe(10);

    const signedIn = await authClient().auth.signInWithPassword({ email, password: 'correct horse battery' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(user.id);
    const wrong = await authClient().auth.signInWithPassword({ email, password: 'wrong horse battery' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');

    const duplicate = await serviceClient().auth.admin.createUser({ email, email_confirm: true });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');
  });

  it('signs in a user seeded with pgcrypto bcrypt (the usual seed.sql idiom)', async () => {
    const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('seeded'), email_confirm: true });
    const user = created.data.user!;
    await sql(`update auth.users set encrypted_password = extensions.crypt('seeded-secret', extensions.gen_salt('bf')) where id = $1`, [user.id]);
    const signedIn = await authClient().auth.signInWithPassword({ email: user.email!, password: 'seeded-secret' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.id).toBe(user.id);
  });

  it('reads, lists with pagination, updates and deletes users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('managed');
    const user = (await admin.createUser({ email, email_confirm: true })).data.user!;

    expect((await admin.getUserById(user.id)).data.user?.email).toBe(email);
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');

    const page = await admin.listUsers({ page: 1, perPage: 1 });
    if (page.error) throw page.error;
    expect(page.data.users).toHaveLength(1);
    const [{ n }] = await sql<{ n: string }>(`select count(*)::text as n from auth.users where aud = 'authenticated'`);
    expect(page.data.total).toBe(Number(n));
    expect(page.data.nextPage).toBe(2);

    const updated = await admin.updateUserById(user.id, { user_metadata: { full_name: 'Renamed' }, app_metadata: { tier: 'data_room' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Renamed' });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', tier: 'data_room' });

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    expect(await sql('select 1 from auth.users where id = $1', [user.id])).toHaveLength(0);
    expect((await admin.getUserById(user.id)).error?.status).toBe(404);
  });

  it('generate_link returns the link, code and hashed token without sending mail; the link signs in', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('generated');
    await admin.createUser({ email, email_confirm: true });
    const seen = await mailIds(email);

    const { data, error } = await admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: callbackUrl('?type=admin_magiclink') },
    });
    expect(error).toBeNull();
    const props = data.properties!;
    expect(props.verification_type).toBe('magiclink');
    expect(props.redirect_to).toBe(callbackUrl('?type=admin_magiclink'));
    expect(props.email_otp).toMatch(/^\d{6}$/);
    expect(props.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(props.action_link).toBe(
      `${stack.apiUrl}/auth/v1/verify?token=${props.hashed_token}&type=magiclink&redirect_to=${encodeURIComponent(callbackUrl('?type=admin_magiclink'))}`,
    );
    expect(data.user?.email).toBe(email);
    expect(await mailIds(email)).toEqual(seen);

    const target = await follow(props.action_link);
    expect(target.searchParams.get('type')).toBe('admin_magiclink');
    expect(fragment(target).get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('generate_link for an unknown address makes a signup link, and verifyOtp accepts its token_hash', async () => {
    const email = uniqueEmail('generated-new');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('signup');
    expect(data.properties?.redirect_to).toBe(stack.auth.siteUrl);

    const verified = await authClient().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect(verified.data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('invites by e-mail: the invitation link confirms the account and signs the person in', async () => {
    const email = uniqueEmail('invited');
    const seen = await mailIds(email);
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'New Admin' },
      redirectTo: callbackUrl('?type=tenant_invitation'),
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe("You're invited to Accord");
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    const target = await follow(linkIn(mail));
    expect(target.searchParams.get('type')).toBe('tenant_invitation');
    const session = fragment(target);
    expect(session.get('type')).toBe('invite');

    const client = authClient({ flowType: 'implicit' });
    const set = await client.auth.setSession({ access_token: session.get('access_token')!, refresh_token: session.get('refresh_token')! });
    expect(set.data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(set.data.user?.user_metadata).toMatchObject({ full_name: 'New Admin' });

    const again = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });
});
