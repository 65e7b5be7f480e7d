import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { authClient, follow, fragment } from '../support/auth-helpers.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { asAnon, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * The invite-admin Edge Function's contract, on the real stack (gateway → Deno
 * runtime → function → PostgREST, auth service, mail catcher): who may invite,
 * what the invitee receives, and that the link works in a browser of its own.
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/invite-admin`;

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('fn-admin'), newUser('fn-member')]);
  await makeSystemAdmin(admin);
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The function as supabase-js calls it, but keeping the status of a refusal. */
async function call(user: TestUser | null, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const token = user ? (await user.client.auth.getSession()).data.session!.access_token : config.keys.anonKey;
  const res = await fetch(endpoint, {
    method: init.method ?? 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    body: init.method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const invitationsTo = (email: string) =>
  sql<{ id: string; invited_by: string; revoked: boolean }>(
    'select id, invited_by, revoked_at is not null as revoked from public.admin_invitations where lower(email::text) = lower($1) order by created_at',
    [email],
  );

interface AccountRow {
  id: string;
  email_confirmed_at: Date | null;
  encrypted_password: string;
  raw_user_meta_data: Record<string, unknown>;
  recovery_sent_at: Date | null;
  updated_at: Date;
}

const accountOf = (email: string) =>
  sql<AccountRow>(
    `select id, email_confirmed_at, coalesce(encrypted_password, '') as encrypted_password, raw_user_meta_data, recovery_sent_at, updated_at
       from auth.users where lower(email) = lower($1)`,
    [email],
  );

describe('invite-admin: who may invite', () => {
  it('the gateway refuses a request without the API key', async () => {
    const res = await fetch(endpoint, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  it('the runtime refuses a request without a JWT (verify_jwt)', async () => {
    const res = await fetch(endpoint, { method: 'POST', headers: { apikey: config.keys.anonKey, authorization: 'Bearer not-a-jwt' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('a visitor (the anon key, no session) is told to sign in', async () => {
    const email = uniqueEmail('visitor-invite');
    expect(await call(null, { email })).toEqual({
      status: 401,
      body: { error: 'not_authenticated', message: 'Sign in to invite administrators.' },
    });
    expect(await invitationsTo(email)).toHaveLength(0);
    // Who is asking is settled before what they ask: a visitor learns nothing about the input.
    expect((await call(null, { email: 'not-an-address' })).status).toBe(401);
  });

  it('a signed-in person who is not a system administrator is refused, and nothing is created or sent', async () => {
    const email = uniqueEmail('member-invite');
    const seen = await mailIds(email);
    expect(await call(member, { email })).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Only system administrators can invite administrators.' },
    });
    expect(await invitationsTo(email)).toHaveLength(0);
    await expect(nextMail(email, seen, 1000)).rejects.toThrow(/No new mail/);
  });

  it('supabase-js functions.invoke reaches it as the signed-in user', async () => {
    const { data, error } = await member.client.functions.invoke('invite-admin', { body: { email: uniqueEmail('invoke') } });
    expect(data).toBeNull();
    expect((error as { context?: Response } | null)?.context?.status).toBe(403);
  });
});

describe('invite-admin: what it refuses', () => {
  it('answers 400 for a malformed address or body, 405 for another method, 409 for an administrator', async () => {
    expect(await call(admin, { email: 'not-an-address' })).toMatchObject({ status: 400, body: { error: 'invalid_email' } });
    expect(await call(admin, { mail: 'a@b.example' })).toMatchObject({ status: 400, body: { error: 'invalid_email' } });
    expect(await call(admin, 'plain text')).toMatchObject({ status: 400, body: { error: 'invalid_email' } });
    expect(await call(admin, null, { method: 'GET' })).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    expect(await call(admin, { email: admin.email.toUpperCase() })).toEqual({
      status: 409,
      body: { error: 'already_admin', message: `${admin.email.toUpperCase()} is already a system administrator.` },
    });
  });
});

describe('invite-admin: an administrator invites', () => {
  it('creates the invitation in their name and mails a link that signs the invitee in, in any browser, and accepts', async () => {
    const email = uniqueEmail('new-admin');
    const seen = await mailIds(email);
    const answer = await call(admin, { email });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ email, invitationId: expect.any(String), expiresAt: expect.any(String) });
    const rows = await invitationsTo(email);
    expect(rows).toEqual([{ id: answer.body.invitationId, invited_by: admin.id, revoked: false }]);

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe("You're invited to administer Accord");
    expect(mail.text).toContain(`${admin.email} has invited you`);
    expect(mail.text).toContain(`${config.appUrl}/admin/accept-invitation#token=`);

    // Opened where nobody asked for it: an implicit link (no PKCE code verifier needed).
    const link = linkIn(mail);
    expect(link).toContain(`${config.apiUrl}/auth/v1/verify?`);
    expect(new URL(link).searchParams.get('token')).not.toMatch(/^pkce_/);
    const landing = await follow(link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${config.appUrl}/auth/callback`);
    const token = landing.searchParams.get('invitation_token');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const tokens = fragment(landing);
    expect(tokens.get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
    expect(tokens.get('refresh_token')).toMatch(/^\S{8,}$/);

    // The fragment's session is the invitee's, and their invitation accepts.
    const invitee = authClient();
    const set = await invitee.auth.setSession({ access_token: tokens.get('access_token')!, refresh_token: tokens.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    const accepted = await invitee.rpc('accept_admin_invitation', { p_token: token });
    expect(accepted.data).toMatchObject({ success: true, error: null });
    const again = await invitee.rpc('accept_admin_invitation', { p_token: token });
    expect(again.data).toMatchObject({ success: false, error: 'already_admin' });
  });

  it('the same link in the mail also works for someone who already has an account', async () => {
    const existing = await newUser('has-account');
    const seen = await mailIds(existing.email);
    expect((await call(admin, { email: existing.email })).status).toBe(201);
    const landing = await follow(linkIn(await nextMail(existing.email, seen)));
    const invitee = authClient();
    await invitee.auth.setSession({
      access_token: fragment(landing).get('access_token')!,
      refresh_token: fragment(landing).get('refresh_token')!,
    });
    expect((await invitee.auth.getUser()).data.user?.id).toBe(existing.id);
    const accepted = await invitee.rpc('accept_admin_invitation', { p_token: landing.searchParams.get('invitation_token') });
    expect(accepted.data).toMatchObject({ success: true });
  });

  it('resend: inviting the address again sends a new link and the old one is revoked', async () => {
    const email = uniqueEmail('resent');
    const seen = await mailIds(email);
    const first = await call(admin, { email });
    const firstMail = await nextMail(email, seen);
    seen.add(firstMail.id);
    const second = await call(admin, { email });
    expect(second.status).toBe(201);
    expect(second.body.invitationId).not.toBe(first.body.invitationId);
    const secondMail = await nextMail(email, seen);

    expect(await invitationsTo(email)).toEqual([
      { id: first.body.invitationId, invited_by: admin.id, revoked: true },
      { id: second.body.invitationId, invited_by: admin.id, revoked: false },
    ]);
    // Only the newest mail is opened (opening a sign-in link confirms the account
    // and spends its other links); the old one is read for its invitation token.
    const oldToken = new URL(new URL(linkIn(firstMail)).searchParams.get('redirect_to')!).searchParams.get('invitation_token');
    const newLanding = await follow(linkIn(secondMail));
    expect(oldToken).toMatch(/^[0-9a-f]{64}$/);
    expect(oldToken).not.toBe(newLanding.searchParams.get('invitation_token'));

    const invitee = authClient();
    await invitee.auth.setSession({
      access_token: fragment(newLanding).get('access_token')!,
      refresh_token: fragment(newLanding).get('refresh_token')!,
    });
    const old = await invitee.rpc('accept_admin_invitation', { p_token: oldToken });
    expect(old.data).toMatchObject({ success: false, error: 'revoked' });
    const current = await invitee.rpc('accept_admin_invitation', { p_token: newLanding.searchParams.get('invitation_token') });
    expect(current.data).toMatchObject({ success: true });
  });

  it("creates the invitee's account confirmed and without a password before the link exists; an existing one is left as it is", async () => {
    const email = uniqueEmail('created-confirmed');
    const seen = await mailIds(email);
    expect((await call(admin, { email })).status).toBe(201);
    await nextMail(email, seen);
    const [created] = await accountOf(email);
    expect(created.email_confirmed_at).not.toBeNull();
    expect(created.encrypted_password).toBe('');

    const existing = await newUser('kept-as-is');
    const [before] = await accountOf(existing.email);
    expect((await call(admin, { email: existing.email })).status).toBe(201);
    const [after] = await accountOf(existing.email);
    // Only the sign-in link's own stamps move (recovery_sent_at, updated_at), as on GoTrue.
    const kept = ({ id, email_confirmed_at, encrypted_password, raw_user_meta_data }: AccountRow) => ({
      id,
      email_confirmed_at,
      encrypted_password,
      raw_user_meta_data,
    });
    expect(kept(after)).toEqual(kept(before));
  });

  it('refuses the takeover: a visitor signing up with the invited address gets no session and changes nothing, and the invitee still accepts', async () => {
    const email = uniqueEmail('takeover');
    const seen = await mailIds(email);
    expect((await call(admin, { email })).status).toBe(201);
    const invitation = await nextMail(email, seen);
    seen.add(invitation.id);
    const [before] = await accountOf(email);

    // The attack: only the public anon key, the invited address and a password of the attacker's choosing.
    const res = await fetch(`${config.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'attacker-password-1' }),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    expect(answer).not.toHaveProperty('access_token');
    expect(answer).not.toHaveProperty('refresh_token');
    const viaClient = await authClient().auth.signUp({ email, password: 'attacker-password-2' });
    expect(viaClient.data.session).toBeNull();

    expect(await accountOf(email)).toEqual([before]);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [before.id])).toHaveLength(0);
    const withPassword = await authClient().auth.signInWithPassword({ email, password: 'attacker-password-1' });
    expect(withPassword.data.session).toBeNull();
    expect(withPassword.error?.code).toBe('invalid_credentials');
    // Nothing reached the invitee either (a mail after theirs would show here, as the service sends before it answers).
    expect(await mailIds(email)).toEqual(seen);

    const landing = await follow(linkIn(invitation));
    const invitee = authClient();
    const set = await invitee.auth.setSession({
      access_token: fragment(landing).get('access_token')!,
      refresh_token: fragment(landing).get('refresh_token')!,
    });
    expect(set.data.user?.id).toBe(before.id);
    const accepted = await invitee.rpc('accept_admin_invitation', { p_token: landing.searchParams.get('invitation_token') });
    expect(accepted.data).toMatchObject({ success: true });
    expect(await sql('select 1 from auth.sessions where user_id = $1', [before.id])).toHaveLength(1);
  });

  it('an address someone signed up with a password before it was invited: the invitee signs in and the password is gone', async () => {
    const email = uniqueEmail('pre-registered');
    const early = await authClient().auth.signUp({ email, password: 'attacker-password-1' });
    expect(early.data.session).toBeNull();
    const seen = await mailIds(email);
    expect((await call(admin, { email })).status).toBe(201);
    const invitation = await nextMail(email, seen);
    const landing = await follow(linkIn(invitation));
    const invitee = authClient();
    await invitee.auth.setSession({ access_token: fragment(landing).get('access_token')!, refresh_token: fragment(landing).get('refresh_token')! });
    expect((await invitee.rpc('accept_admin_invitation', { p_token: landing.searchParams.get('invitation_token') })).data).toMatchObject({
      success: true,
    });
    const stolen = await authClient().auth.signInWithPassword({ email, password: 'attacker-password-1' });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error?.code).toBe('invalid_credentials');
  });

  it('visitors still cannot call the RPC behind it directly', async () => {
    const { error } = await asAnon().rpc('create_admin_invitation', { p_email: uniqueEmail('direct') });
    expect(error?.code).toBe('42501');
  });
});
