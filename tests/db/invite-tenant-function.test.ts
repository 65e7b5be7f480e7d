import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { authClient, decodeJwt, follow } from '../support/auth-helpers.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail, type CaughtMail } from '../support/inbox.ts';
import { newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * The invite-tenant Edge Function on the real stack (gateway → Deno runtime →
 * function → PostgREST, auth service, mail catcher): who may invite, what the
 * invitee receives, and that the link signs them in and lands on the callback
 * with what it needs to accept (docs/decisions/030-tenant-invitations-and-the-team.md).
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/invite-tenant`;

let orgAdmin: TestUser;
let plainMember: TestUser;
let otherAdmin: TestUser;
let sysAdmin: TestUser;
let org: string;
let orgName: string;

beforeAll(async () => {
  [orgAdmin, plainMember, otherAdmin, sysAdmin] = await Promise.all([
    newUser('fn-tenant-admin'),
    newUser('fn-tenant-member'),
    newUser('fn-tenant-other'),
    newUser('fn-tenant-sys'),
  ]);
  await makeSystemAdmin(sysAdmin);
  org = await createOrganization(orgAdmin, { status: 'approved' });
  await addMember(org, plainMember);
  await createOrganization(otherAdmin, { status: 'approved' });
  [{ name: orgName }] = await sql<{ name: string }>('select name from public.organizations where id = $1', [org]);
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(user: TestUser | null, body: unknown, method = 'POST'): Promise<Answer> {
  const token = user ? (await user.client.auth.getSession()).data.session!.access_token : config.keys.anonKey;
  const res = await fetch(endpoint, {
    method,
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const invitationsTo = (email: string) =>
  sql<{ id: string; invited_by: string; revoked: boolean; used_by: string | null }>(
    `select id, invited_by, revoked_at is not null as revoked, used_by
       from public.tenant_invitations where lower(email::text) = lower($1) order by created_at`,
    [email],
  );

/**
 * Where the link lands, read as the callback reads it: the query carries type
 * and org_id; the fragment carries the invitation token and, after it (the auth
 * service appends at a second "#"), the session.
 */
function landingOf(url: URL) {
  const fragment = new URLSearchParams(url.hash.slice(1).replace(/#/g, '&'));
  return {
    path: `${url.origin}${url.pathname}`,
    query: url.searchParams,
    invitationToken: fragment.get('tenant_invitation_token'),
    accessToken: fragment.get('access_token'),
    refreshToken: fragment.get('refresh_token'),
  };
}

async function openAndSignIn(mail: CaughtMail) {
  const landing = landingOf(await follow(linkIn(mail)));
  const invitee = authClient();
  const set = await invitee.auth.setSession({ access_token: landing.accessToken!, refresh_token: landing.refreshToken! });
  expect(set.error).toBeNull();
  return { landing, invitee, user: set.data.user! };
}

describe('invite-tenant: who may invite', () => {
  it('the runtime refuses a request without a JWT; the anon key alone is told to sign in', async () => {
    const res = await fetch(endpoint, { method: 'POST', headers: { apikey: config.keys.anonKey, authorization: 'Bearer not-a-jwt' }, body: '{}' });
    expect(res.status).toBe(401);
    const email = uniqueEmail('fn-tenant-visitor');
    expect(await call(null, { organizationId: org, email })).toEqual({
      status: 401,
      body: { error: 'not_authenticated', message: 'Sign in to invite people.' },
    });
    expect(await invitationsTo(email)).toEqual([]);
  });

  it('a plain member, another organisation’s admin and a system administrator outside it are refused; nothing is created or sent', async () => {
    const email = uniqueEmail('fn-tenant-refused');
    const seen = await mailIds(email);
    for (const user of [plainMember, otherAdmin, sysAdmin]) {
      expect(await call(user, { organizationId: org, email, role: 'member' })).toEqual({
        status: 403,
        body: { error: 'not_organization_admin', message: 'Only the organisation\'s admins invite people to it.' },
      });
    }
    expect(await invitationsTo(email)).toEqual([]);
    await expect(nextMail(email, seen, 1000)).rejects.toThrow(/No new mail/);
  });
});

describe('invite-tenant: what it refuses', () => {
  it('answers 400 for a malformed body, address or role, 405 for another method', async () => {
    expect(await call(orgAdmin, { email: uniqueEmail('x') })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await call(orgAdmin, { organizationId: org, email: 'not-an-address' })).toMatchObject({ status: 400, body: { error: 'invalid_email' } });
    expect(await call(orgAdmin, { organizationId: org, email: uniqueEmail('x'), role: 'owner' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_role' },
    });
    expect(await call(orgAdmin, null, 'GET')).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
  });

  it('answers 409 with a clear message for someone who already belongs to another organisation', async () => {
    expect(await call(orgAdmin, { organizationId: org, email: otherAdmin.email })).toEqual({
      status: 409,
      body: {
        error: 'already_in_organization',
        message: `${otherAdmin.email} already belongs to another organisation. A person belongs to one organisation at a time: they must leave it before they can be invited.`,
      },
    });
  });

  it('answers 409 while the organisation is suspended', async () => {
    const admin = await newUser('fn-tenant-suspended');
    const suspended = await createOrganization(admin, { status: 'approved' });
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: suspended, p_status: 'suspended', p_reason: 'Audit' }));
    const answer = await call(admin, { organizationId: suspended, email: uniqueEmail('fn-tenant-while-suspended') });
    expect(answer).toMatchObject({ status: 409, body: { error: 'organization_suspended' } });
  });
});

describe('invite-tenant: the round trip through the inbox', () => {
  it('invites a new address: its account is created confirmed without a password, the mail’s link signs them in on the callback, and they join once', async () => {
    const email = uniqueEmail('fn-tenant-new');
    const seen = await mailIds(email);
    const answer = await call(orgAdmin, { organizationId: org, email, role: 'member' });
    expect(answer).toMatchObject({
      status: 201,
      body: { organizationId: org, email, role: 'member', invitationId: expect.any(String), expiresAt: expect.any(String), resendAvailableAt: expect.any(String) },
    });
    expect(await invitationsTo(email)).toEqual([{ id: answer.body.invitationId, invited_by: orgAdmin.id, revoked: false, used_by: null }]);
    const [account] = await sql<{ confirmed: boolean; password: string }>(
      `select email_confirmed_at is not null as confirmed, coalesce(encrypted_password, '') as password from auth.users where lower(email) = lower($1)`,
      [email],
    );
    expect(account).toEqual({ confirmed: true, password: '' });

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe(`You're invited to join ${orgName} on Accord`);
    expect(mail.text).toContain(`${orgAdmin.email} has invited you to join ${orgName} on Accord`);
    expect(mail.text).toContain('expires on ');
    expect(mail.html).toContain('Accept the invitation');

    const { landing, invitee, user } = await openAndSignIn(mail);
    expect(landing.path).toBe(`${config.appUrl}/auth/callback`);
    expect(landing.query.get('type')).toBe('tenant_invitation');
    expect(landing.query.get('org_id')).toBe(org);
    // The token is in the fragment, never in the query a server sees.
    expect(landing.invitationToken).toMatch(/^[0-9a-f]{64}$/);
    expect([...landing.query.values()].join(' ')).not.toContain(landing.invitationToken);
    expect(user.email).toBe(email);
    expect(decodeJwt(landing.accessToken!).aal).toBe('aal1');
    // The mail's second link is the same callback address, for when the button has lapsed.
    expect(mail.text).toContain(`${config.appUrl}/auth/callback?type=tenant_invitation&org_id=${org}#tenant_invitation_token=${landing.invitationToken}`);

    const accepted = await invitee.rpc('accept_tenant_invitation', { p_token: landing.invitationToken, p_organization_id: landing.query.get('org_id') });
    expect(accepted.data).toMatchObject({ success: true, organization_id: org, organization_name: orgName, role: 'member' });
    expect(await sql('select role::text from public.organization_members where user_id = $1', [user.id])).toEqual([{ role: 'member' }]);
    const again = await invitee.rpc('accept_tenant_invitation', { p_token: landing.invitationToken, p_organization_id: org });
    expect(again.data).toMatchObject({ success: false, error: 'already_used' });

    // The new member sees the team, and cannot invite.
    const team = expectOk(await invitee.rpc('organization_team', { p_organization_id: org })) as { email: string }[];
    expect(team.map((m) => m.email)).toContain(email);
    const asMember = await fetch(endpoint, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${landing.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: org, email: uniqueEmail('fn-tenant-by-new-member') }),
    });
    expect(asMember.status).toBe(403);
  });

  it('an existing account gets the same link, as an admin; the activity log has the invitation and the joining', async () => {
    const existing = await newUser('fn-tenant-existing');
    const seen = await mailIds(existing.email);
    const answer = await call(orgAdmin, { organizationId: org, email: existing.email, role: 'admin' });
    expect(answer.status).toBe(201);
    const { landing, invitee, user } = await openAndSignIn(await nextMail(existing.email, seen));
    expect(user.id).toBe(existing.id);
    expect((await invitee.rpc('accept_tenant_invitation', { p_token: landing.invitationToken, p_organization_id: org })).data).toMatchObject({
      success: true,
      role: 'admin',
    });
    const entries = await sql<{ action: string; actor_id: string }>(
      `select action, actor_id from public.network_activity where details ->> 'invitation_id' = $1 order by id`,
      [answer.body.invitationId],
    );
    expect(entries).toEqual([
      { action: 'tenant_invitation.created', actor_id: orgAdmin.id },
      { action: 'tenant_invitation.accepted', actor_id: existing.id },
    ]);
  });

  it('resend: refused during the cool-down (429, with when), then a new mail whose link replaces the old one', async () => {
    const email = uniqueEmail('fn-tenant-resent');
    const seen = await mailIds(email);
    const first = await call(orgAdmin, { organizationId: org, email });
    const firstMail = await nextMail(email, seen);
    seen.add(firstMail.id);

    const early = await call(orgAdmin, { invitationId: first.body.invitationId });
    expect(early).toMatchObject({ status: 429, body: { error: 'resend_too_soon', resendAvailableAt: expect.any(String) } });
    expect(early.body.message).toMatch(/resend it in \d+ seconds/);
    expect(await mailIds(email)).toEqual(seen);

    await sql(`update public.tenant_invitations set resend_available_at = now() - interval '1 second' where id = $1`, [first.body.invitationId]);
    const second = await call(orgAdmin, { invitationId: first.body.invitationId });
    expect(second).toMatchObject({ status: 200, body: { invitationId: first.body.invitationId, email } });
    expect(await call(plainMember, { invitationId: first.body.invitationId })).toMatchObject({ status: 403, body: { error: 'not_organization_admin' } });

    // Only the newest mail is opened (opening a sign-in link spends the others); the old one is read for its token.
    const oldToken = new URLSearchParams(new URL(new URL(linkIn(firstMail)).searchParams.get('redirect_to')!).hash.slice(1)).get(
      'tenant_invitation_token',
    );
    const { landing, invitee } = await openAndSignIn(await nextMail(email, seen));
    expect(oldToken).toMatch(/^[0-9a-f]{64}$/);
    expect(oldToken).not.toBe(landing.invitationToken);
    expect((await invitee.rpc('accept_tenant_invitation', { p_token: oldToken, p_organization_id: org })).data).toMatchObject({
      success: false,
      error: 'invalid_token',
    });
    expect((await invitee.rpc('accept_tenant_invitation', { p_token: landing.invitationToken, p_organization_id: org })).data).toMatchObject({
      success: true,
    });
  });
});
