import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * Tenant invitations and the team (20261125000100_tenant-invitations.sql,
 * docs/decisions/030-tenant-invitations-and-the-team.md), as real users with
 * real JWTs through PostgREST: who may invite, resend, revoke, accept, change
 * roles, remove and leave, and who may not; that an organisation keeps an admin;
 * and that every action lands in network_activity.
 */

interface Sent {
  invitation_id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  role: 'admin' | 'member';
  token: string;
  expires_at: string;
  resend_available_at: string;
}

interface RpcError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function invite(by: TestUser, organizationId: string, email: string, role: 'admin' | 'member' = 'member'): Promise<Sent> {
  return expectOk(
    await by.client.rpc('create_tenant_invitation', { p_organization_id: organizationId, p_email: email, p_role: role }),
  ) as Sent;
}

/** Refused by name: the RPC raised `message` with SQLSTATE `code`. */
function expectRefused(result: { data: unknown; error: RpcError | null }, code: string, message: string): RpcError {
  expect(result.error, `expected ${message}`).not.toBeNull();
  expect({ code: result.error?.code, message: result.error?.message }).toEqual({ code, message });
  expect(result.data).toBeNull();
  return result.error!;
}

const invitationsTo = (organizationId: string, email: string) =>
  sql<{ id: string; role: string; invited_by: string; used_by: string | null; revoked: boolean; send_count: number }>(
    `select id, role::text, invited_by, used_by, revoked_at is not null as revoked, send_count
       from public.tenant_invitations where organization_id = $1 and lower(email::text) = lower($2) order by created_at`,
    [organizationId, email],
  );

const membersOf = (organizationId: string) =>
  sql<{ user_id: string; role: string }>(
    'select user_id, role::text from public.organization_members where organization_id = $1 order by user_id',
    [organizationId],
  );

const activity = (organizationId: string, action: string) =>
  sql<{ actor_id: string | null; details: Record<string, unknown> }>(
    'select actor_id, details from public.network_activity where organization_id = $1 and action = $2 order by id',
    [organizationId, action],
  );

/** Ends the invitation's seven days without waiting a week (the check keeps expiry after the last send). */
const backdate = (invitationId: string) =>
  sql(
    `update public.tenant_invitations
        set created_at = now() - interval '8 days', last_sent_at = now() - interval '8 days',
            resend_available_at = now() - interval '8 days', expires_at = now() - interval '1 day'
      where id = $1`,
    [invitationId],
  );

const coolDownOver = (invitationId: string) =>
  sql(`update public.tenant_invitations set resend_available_at = now() - interval '1 second' where id = $1`, [invitationId]);

let orgAdmin: TestUser;
let plainMember: TestUser;
let otherAdmin: TestUser;
let loner: TestUser;
let sysAdmin: TestUser;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  [orgAdmin, plainMember, otherAdmin, loner, sysAdmin] = await Promise.all([
    newUser('ti-org-admin', { fullName: 'Ada Admin' }),
    newUser('ti-member', { fullName: 'Max Member' }),
    newUser('ti-other-admin'),
    newUser('ti-loner'),
    newUser('ti-sys-admin'),
  ]);
  await makeSystemAdmin(sysAdmin);
  org = await createOrganization(orgAdmin, { status: 'approved' });
  await addMember(org, plainMember);
  otherOrg = await createOrganization(otherAdmin, { status: 'approved' });
});

describe('create_tenant_invitation', () => {
  it("an organisation's admin invites: a 256-bit token returned once, only its SHA-256 kept, recorded in the activity log", async () => {
    const email = uniqueEmail('ti-invitee');
    const sent = await invite(orgAdmin, org, email, 'admin');
    expect(sent).toMatchObject({ organization_id: org, email, role: 'admin' });
    expect(sent.token).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(sent.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(new Date(sent.resend_available_at).getTime()).toBeGreaterThan(Date.now());

    expect(await invitationsTo(org, email)).toEqual([
      { id: sent.invitation_id, role: 'admin', invited_by: orgAdmin.id, used_by: null, revoked: false, send_count: 1 },
    ]);
    const [stored] = await sql<{ token_hash: string }>(
      'select token_hash from private.tenant_invitation_tokens where invitation_id = $1',
      [sent.invitation_id],
    );
    expect(stored.token_hash).toBe(sha256(sent.token));
    const everywhere = await sql(`select 1 from public.tenant_invitations t where t::text like '%' || $1 || '%'`, [sent.token]);
    expect(everywhere).toHaveLength(0);

    const [entry] = await activity(org, 'tenant_invitation.created').then((rows) => rows.filter((r) => r.details.invitation_id === sent.invitation_id));
    expect(entry).toMatchObject({ actor_id: orgAdmin.id, details: { email, role: 'admin', organization_name: expect.any(String) } });
    expect(JSON.stringify(entry.details)).not.toContain(sent.token);
  });

  it('a plain member, another organisation’s admin and a system administrator who is not in it are refused, and nothing is written', async () => {
    const email = uniqueEmail('ti-refused');
    for (const user of [plainMember, otherAdmin, sysAdmin]) {
      expectRefused(
        await user.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: email, p_role: 'member' }),
        '42501',
        'not_organization_admin',
      );
    }
    expect(await invitationsTo(org, email)).toEqual([]);
  });

  it('a visitor cannot call it at all', async () => {
    const email = uniqueEmail('ti-anon');
    expectDenied(await asAnon().rpc('create_tenant_invitation', { p_organization_id: org, p_email: email, p_role: 'member' }));
    expect(await invitationsTo(org, email)).toEqual([]);
  });

  it('names bad input: a malformed address', async () => {
    expectRefused(
      await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: 'not-an-address', p_role: 'member' }),
      '22023',
      'invalid_email',
    );
  });

  it('refuses someone who already belongs to another organisation (a person belongs to one), and a member of this one', async () => {
    const error = expectRefused(
      await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: otherAdmin.email.toUpperCase(), p_role: 'member' }),
      '23505',
      'already_in_organization',
    );
    expect(error.details).toContain('belongs to another organisation');
    expectRefused(
      await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: plainMember.email, p_role: 'member' }),
      '23505',
      'already_member',
    );
    expect(await invitationsTo(org, otherAdmin.email)).toEqual([]);
  });

  it('refuses a system administrator’s address: administrators are sent away from member pages, so a membership would do nothing', async () => {
    const error = expectRefused(
      await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: sysAdmin.email.toUpperCase(), p_role: 'member' }),
      '23505',
      'system_admin',
    );
    expect(error.details).toContain('is a system administrator of the network');
    expect(await invitationsTo(org, sysAdmin.email)).toEqual([]);
  });

  it('keeps one open invitation per address and organisation, whatever the case of the address', async () => {
    const email = uniqueEmail('ti-once');
    const first = await invite(orgAdmin, org, email);
    const error = expectRefused(
      await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: email.toUpperCase(), p_role: 'admin' }),
      '23505',
      'invitation_open',
    );
    expect(error.details).toContain('Resend it instead');
    expect((await invitationsTo(org, email)).map((r) => r.id)).toEqual([first.invitation_id]);
    // Another organisation may invite the same address.
    await invite(otherAdmin, otherOrg, email);
    // An expired one is superseded by a new invitation.
    await backdate(first.invitation_id);
    const second = await invite(orgAdmin, org, email);
    expect(await invitationsTo(org, email)).toMatchObject([
      { id: first.invitation_id, revoked: true },
      { id: second.invitation_id, revoked: false },
    ]);
  });

  it('refuses while the organisation is suspended or revoked in the registry', async () => {
    const admin = await newUser('ti-suspended-admin');
    const suspended = await createOrganization(admin, { status: 'approved' });
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: suspended, p_status: 'suspended', p_reason: 'Audit' }));
    const email = uniqueEmail('ti-while-suspended');
    const error = expectRefused(
      await admin.client.rpc('create_tenant_invitation', { p_organization_id: suspended, p_email: email, p_role: 'member' }),
      'P0001',
      'organization_suspended',
    );
    expect(error.details).toContain('Contact the system administrator');
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: suspended, p_status: 'revoked', p_reason: 'Breach' }));
    expectRefused(
      await admin.client.rpc('create_tenant_invitation', { p_organization_id: suspended, p_email: email, p_role: 'member' }),
      'P0001',
      'organization_revoked',
    );
    expect(await invitationsTo(suspended, email)).toEqual([]);
  });
});

describe('tenant_invitations: who reads, and nobody writes', () => {
  let invitationId: string;
  beforeAll(async () => {
    invitationId = (await invite(orgAdmin, org, uniqueEmail('ti-readable'))).invitation_id;
  });

  it("the organisation's members read its invitations; others see none; system administrators see all", async () => {
    for (const user of [orgAdmin, plainMember, sysAdmin]) {
      const rows = expectOk(await user.client.from('tenant_invitations').select('id, organization_id, expires_at, resend_available_at').eq('id', invitationId));
      expect(rows).toHaveLength(1);
    }
    for (const user of [otherAdmin, loner]) {
      expectNoRows(await user.client.from('tenant_invitations').select('id').eq('organization_id', org));
    }
    expectDenied(await asAnon().from('tenant_invitations').select('id'));
  });

  it('holds no token hash to read', async () => {
    const { error } = await orgAdmin.client.from('tenant_invitations').select('token_hash').limit(1);
    expect(error?.code).toBe('42703');
    const all = expectOk(await orgAdmin.client.from('tenant_invitations').select('*').eq('id', invitationId).single());
    expect(Object.keys(all)).not.toContain('token_hash');
  });

  it('nobody inserts, updates or deletes directly, not even the organisation’s admin', async () => {
    expectDenied(await orgAdmin.client.from('tenant_invitations').insert({ organization_id: org, email: uniqueEmail('x'), role: 'admin' }));
    expectDenied(await orgAdmin.client.from('tenant_invitations').update({ role: 'admin' }).eq('id', invitationId));
    expectDenied(await orgAdmin.client.from('tenant_invitations').delete().eq('id', invitationId));
    expectDenied(await sysAdmin.client.from('tenant_invitations').update({ revoked_at: new Date().toISOString() }).eq('id', invitationId));
    const [row] = await sql<{ revoked_at: Date | null }>('select revoked_at from public.tenant_invitations where id = $1', [invitationId]);
    expect(row.revoked_at).toBeNull();
  });
});

describe('accept_tenant_invitation', () => {
  it('the invitee joins in the invited role, at aal1; the same token used again is refused', async () => {
    const invitee = await newUser('ti-joins');
    const sent = await invite(orgAdmin, org, invitee.email.toUpperCase(), 'member');
    const { data: session } = await invitee.client.auth.getSession();
    const claims = JSON.parse(Buffer.from(session.session!.access_token.split('.')[1], 'base64url').toString()) as { aal: string };
    expect(claims.aal).toBe('aal1');

    const accepted = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({ success: true, error: null, organization_id: org, role: 'member', organization_name: expect.any(String) });
    expect(await membersOf(org)).toContainEqual({ user_id: invitee.id, role: 'member' });
    expect(await invitationsTo(org, invitee.email)).toMatchObject([{ used_by: invitee.id, revoked: false }]);
    const entries = (await activity(org, 'tenant_invitation.accepted')).filter((r) => r.details.invitation_id === sent.invitation_id);
    expect(entries).toEqual([expect.objectContaining({ actor_id: invitee.id })]);

    const again = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(again.data).toMatchObject({ success: false, error: 'already_used' });
    expect((await activity(org, 'tenant_invitation.accepted')).filter((r) => r.details.invitation_id === sent.invitation_id)).toHaveLength(1);
  });

  it('the same token sent twice at once joins once', async () => {
    const invitee = await newUser('ti-race');
    const sent = await invite(orgAdmin, org, invitee.email);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org })),
    );
    const outcomes = results.map((r) => (r.data as { error: string | null }).error).sort();
    expect(outcomes.filter((e) => e === null)).toHaveLength(1);
    // The losers find it used, or find the invitee already in (the winner's membership).
    expect(outcomes.filter((e) => e !== null).every((e) => e === 'already_used' || e === 'already_member')).toBe(true);
    expect((await activity(org, 'tenant_invitation.accepted')).filter((r) => r.details.invitation_id === sent.invitation_id)).toHaveLength(1);
  });

  it('another signed-in account cannot use the link, and the invitation stays open for its invitee', async () => {
    const email = uniqueEmail('ti-mismatch');
    const sent = await invite(orgAdmin, org, email);
    const stranger = await newUser('ti-stranger');
    const tried = await stranger.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(tried.data).toMatchObject({ success: false, error: 'email_mismatch' });
    expect(await membersOf(org)).not.toContainEqual(expect.objectContaining({ user_id: stranger.id }));
    expect(await invitationsTo(org, email)).toMatchObject([{ used_by: null, revoked: false }]);
  });

  it('an expired invitation tells the invitee to contact the system administrator', async () => {
    const invitee = await newUser('ti-expired');
    const sent = await invite(orgAdmin, org, invitee.email);
    await backdate(sent.invitation_id);
    const tried = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(tried.data).toMatchObject({ success: false, error: 'expired' });
    expect((tried.data as { message: string }).message).toContain('contact the system administrator');
    expect(await membersOf(org)).not.toContainEqual(expect.objectContaining({ user_id: invitee.id }));
  });

  it('a revoked invitation, an unknown token and a link whose org_id is another organisation’s are refused', async () => {
    const invitee = await newUser('ti-revoked');
    const sent = await invite(orgAdmin, org, invitee.email);
    const wrongOrg = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: otherOrg });
    expect(wrongOrg.data).toMatchObject({ success: false, error: 'invalid_token' });
    const unknown = await invitee.client.rpc('accept_tenant_invitation', { p_token: 'f'.repeat(64), p_organization_id: org });
    expect(unknown.data).toMatchObject({ success: false, error: 'invalid_token' });
    expectOk(await orgAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }));
    const revoked = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(revoked.data).toMatchObject({ success: false, error: 'revoked' });
    expect(await membersOf(org)).not.toContainEqual(expect.objectContaining({ user_id: invitee.id }));
  });

  it('someone who joined another organisation meanwhile is refused, and keeps their membership', async () => {
    const invitee = await newUser('ti-elsewhere');
    const sent = await invite(orgAdmin, org, invitee.email);
    await addMember(otherOrg, invitee);
    const tried = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: org });
    expect(tried.data).toMatchObject({ success: false, error: 'already_in_organization' });
    expect(await membersOf(otherOrg)).toContainEqual({ user_id: invitee.id, role: 'member' });
    expect(await invitationsTo(org, invitee.email)).toMatchObject([{ used_by: null }]);
  });

  it('is refused while the organisation is suspended', async () => {
    const admin = await newUser('ti-accept-suspended-admin');
    const suspended = await createOrganization(admin, { status: 'approved' });
    const invitee = await newUser('ti-accept-suspended');
    const sent = await invite(admin, suspended, invitee.email);
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: suspended, p_status: 'suspended', p_reason: 'Audit' }));
    const tried = await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: suspended });
    expect(tried.data).toMatchObject({ success: false, error: 'organization_suspended' });
    expect(await membersOf(suspended)).toEqual([{ user_id: admin.id, role: 'admin' }]);
  });

  it('a visitor cannot call it', async () => {
    expectDenied(await asAnon().rpc('accept_tenant_invitation', { p_token: 'f'.repeat(64), p_organization_id: org }));
  });
});

describe('resend_tenant_invitation and revoke_tenant_invitation', () => {
  it('resend waits for the cool-down, then issues a new token (the old link stops working) and seven more days', async () => {
    const invitee = await newUser('ti-resent');
    const first = await invite(orgAdmin, org, invitee.email);
    const early = expectRefused(await orgAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: first.invitation_id }), 'P0001', 'resend_too_soon');
    expect(early.details).toMatch(/resend it in \d+ seconds/);
    expect(Date.parse(early.hint!)).toBeGreaterThan(Date.now());

    await coolDownOver(first.invitation_id);
    const second = expectOk(await orgAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: first.invitation_id })) as Sent;
    expect(second.invitation_id).toBe(first.invitation_id);
    expect(second.token).not.toBe(first.token);
    expect(await invitationsTo(org, invitee.email)).toMatchObject([{ send_count: 2, revoked: false }]);
    expect((await activity(org, 'tenant_invitation.resent')).filter((r) => r.details.invitation_id === first.invitation_id)).toEqual([
      expect.objectContaining({ actor_id: orgAdmin.id }),
    ]);

    const old = await invitee.client.rpc('accept_tenant_invitation', { p_token: first.token, p_organization_id: org });
    expect(old.data).toMatchObject({ success: false, error: 'invalid_token' });
    const current = await invitee.client.rpc('accept_tenant_invitation', { p_token: second.token, p_organization_id: org });
    expect(current.data).toMatchObject({ success: true });
  });

  it('an expired invitation can be resent, and then accepted', async () => {
    const invitee = await newUser('ti-renewed');
    const sent = await invite(orgAdmin, org, invitee.email);
    await backdate(sent.invitation_id);
    const renewed = expectOk(await orgAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: sent.invitation_id })) as Sent;
    expect(new Date(renewed.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await invitee.client.rpc('accept_tenant_invitation', { p_token: renewed.token })).data).toMatchObject({ success: true });
  });

  it('plain members and other organisations’ admins neither resend nor revoke; visitors cannot call either', async () => {
    const sent = await invite(orgAdmin, org, uniqueEmail('ti-guarded'));
    await coolDownOver(sent.invitation_id);
    expectRefused(await plainMember.client.rpc('resend_tenant_invitation', { p_invitation_id: sent.invitation_id }), '42501', 'not_organization_admin');
    expectRefused(await plainMember.client.rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }), '42501', 'not_organization_admin');
    // Outside the organisation the invitation does not even exist.
    expectRefused(await otherAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: sent.invitation_id }), 'P0001', 'invitation_not_found');
    expectRefused(await otherAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }), 'P0001', 'invitation_not_found');
    expectDenied(await asAnon().rpc('resend_tenant_invitation', { p_invitation_id: sent.invitation_id }));
    expectDenied(await asAnon().rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }));
    const [row] = await sql<{ send_count: number; revoked_at: Date | null }>(
      'select send_count, revoked_at from public.tenant_invitations where id = $1',
      [sent.invitation_id],
    );
    expect(row).toEqual({ send_count: 1, revoked_at: null });
  });

  it('the organisation’s admin revokes (once recorded), a system administrator may too; a revoked or used one is not resent', async () => {
    const sent = await invite(orgAdmin, org, uniqueEmail('ti-revoke'));
    const revokedAt = expectOk(await orgAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }));
    expect(expectOk(await orgAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: sent.invitation_id }))).toBe(revokedAt);
    expect((await activity(org, 'tenant_invitation.revoked')).filter((r) => r.details.invitation_id === sent.invitation_id)).toHaveLength(1);
    await coolDownOver(sent.invitation_id);
    expectRefused(await orgAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: sent.invitation_id }), 'P0001', 'invitation_revoked');

    const bySysAdmin = await invite(orgAdmin, org, uniqueEmail('ti-revoke-sys'));
    expectOk(await sysAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: bySysAdmin.invitation_id }));
    expect((await activity(org, 'tenant_invitation.revoked')).filter((r) => r.details.invitation_id === bySysAdmin.invitation_id)).toEqual([
      expect.objectContaining({ actor_id: sysAdmin.id }),
    ]);

    const invitee = await newUser('ti-used');
    const used = await invite(orgAdmin, org, invitee.email);
    await invitee.client.rpc('accept_tenant_invitation', { p_token: used.token });
    expectRefused(await orgAdmin.client.rpc('revoke_tenant_invitation', { p_invitation_id: used.invitation_id }), 'P0001', 'invitation_used');
    await coolDownOver(used.invitation_id);
    expectRefused(await orgAdmin.client.rpc('resend_tenant_invitation', { p_invitation_id: used.invitation_id }), 'P0001', 'invitation_used');
  });
});

describe('the team: list, roles, removal, leaving, and the last admin', () => {
  let admin: TestUser;
  let colleague: TestUser;
  let team: string;

  beforeAll(async () => {
    [admin, colleague] = await Promise.all([newUser('team-admin', { fullName: 'Zoe Admin' }), newUser('team-colleague', { fullName: 'Bea Colleague' })]);
    team = await createOrganization(admin, { status: 'approved' });
    await addMember(team, colleague);
  });

  it("lists the team (name, e-mail, role, joined, admins first) to its members and system administrators only", async () => {
    for (const user of [admin, colleague, sysAdmin]) {
      const rows = expectOk(await user.client.rpc('organization_team', { p_organization_id: team })) as Record<string, unknown>[];
      expect(rows).toEqual([
        { user_id: admin.id, full_name: 'Zoe Admin', email: admin.email, role: 'admin', joined_at: expect.any(String) },
        { user_id: colleague.id, full_name: 'Bea Colleague', email: colleague.email, role: 'member', joined_at: expect.any(String) },
      ]);
    }
    for (const user of [otherAdmin, loner]) {
      expectRefused(await user.client.rpc('organization_team', { p_organization_id: team }), '42501', 'not_organization_member');
    }
    expectDenied(await asAnon().rpc('organization_team', { p_organization_id: team }));
  });

  it('the last admin cannot leave, be demoted or be removed, by any route, and the database says why', async () => {
    const left = expectRefused(await admin.client.rpc('leave_organization', { p_organization_id: team }), 'P0001', 'last_admin');
    expect(left.details).toContain('at least one admin');
    expectRefused(
      await admin.client.rpc('change_organization_member_role', { p_organization_id: team, p_user_id: admin.id, p_role: 'member' }),
      'P0001',
      'last_admin',
    );
    expectRefused(await admin.client.rpc('remove_organization_member', { p_organization_id: team, p_user_id: admin.id }), 'P0001', 'last_admin');
    expectRefused(await sysAdmin.client.rpc('remove_organization_member', { p_organization_id: team, p_user_id: admin.id }), 'P0001', 'last_admin');
    // Writing the table directly, as a system administrator may, is held to the same rule.
    const direct = await sysAdmin.client.from('organization_members').update({ role: 'member' }).eq('user_id', admin.id).select();
    expect(direct.error?.message).toBe('last_admin');
    const deleted = await sysAdmin.client.from('organization_members').delete().eq('organization_id', team).select();
    expect(deleted.error?.message).toBe('last_admin');
    expect(await membersOf(team)).toEqual(
      [
        { user_id: admin.id, role: 'admin' },
        { user_id: colleague.id, role: 'member' },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    expect(await activity(team, 'organization_member.left')).toEqual([]);
    expect(await activity(team, 'organization_member.removed')).toEqual([]);
  });

  it('plain members and other organisations’ admins change no role and remove nobody; visitors cannot call either', async () => {
    for (const user of [colleague, otherAdmin]) {
      expectRefused(
        await user.client.rpc('change_organization_member_role', { p_organization_id: team, p_user_id: colleague.id, p_role: 'admin' }),
        '42501',
        'not_organization_admin',
      );
      expectRefused(await user.client.rpc('remove_organization_member', { p_organization_id: team, p_user_id: admin.id }), '42501', 'not_organization_admin');
    }
    expectDenied(await asAnon().rpc('change_organization_member_role', { p_organization_id: team, p_user_id: colleague.id, p_role: 'admin' }));
    expectDenied(await asAnon().rpc('remove_organization_member', { p_organization_id: team, p_user_id: colleague.id }));
    expectDenied(await asAnon().rpc('leave_organization', { p_organization_id: team }));
    expect(await membersOf(team)).toContainEqual({ user_id: colleague.id, role: 'member' });
    expectRefused(await loner.client.rpc('leave_organization', { p_organization_id: team }), 'P0001', 'not_a_member');
  });

  it('an admin promotes a colleague (old and new role recorded), and may then leave', async () => {
    expectOk(await admin.client.rpc('change_organization_member_role', { p_organization_id: team, p_user_id: colleague.id, p_role: 'admin' }));
    expect(await activity(team, 'organization_member.role_changed')).toEqual([
      { actor_id: admin.id, details: expect.objectContaining({ user_id: colleague.id, email: colleague.email, previous_role: 'member', role: 'admin' }) },
    ]);
    expect((await admin.client.rpc('leave_organization', { p_organization_id: team })).error).toBeNull();
    expect(await membersOf(team)).toEqual([{ user_id: colleague.id, role: 'admin' }]);
    expect(await activity(team, 'organization_member.left')).toEqual([
      { actor_id: admin.id, details: expect.objectContaining({ user_id: admin.id, role: 'admin' }) },
    ]);
  });

  it('an admin removes a member (recorded); a member leaves (recorded)', async () => {
    const [a, b] = await Promise.all([newUser('team-removed'), newUser('team-leaver')]);
    await addMember(team, a);
    await addMember(team, b);
    expect((await colleague.client.rpc('remove_organization_member', { p_organization_id: team, p_user_id: a.id })).error).toBeNull();
    expect((await b.client.rpc('leave_organization', { p_organization_id: team })).error).toBeNull();
    expect(await membersOf(team)).toEqual([{ user_id: colleague.id, role: 'admin' }]);
    expect(await activity(team, 'organization_member.removed')).toEqual([
      { actor_id: colleague.id, details: expect.objectContaining({ user_id: a.id, role: 'member' }) },
    ]);
    expect((await activity(team, 'organization_member.left')).map((r) => r.actor_id)).toContain(b.id);
    expectRefused(await colleague.client.rpc('remove_organization_member', { p_organization_id: team, p_user_id: a.id }), 'P0001', 'member_not_found');
  });

  it('deleting the organisation, or the only admin’s account, is not held up by the rule', async () => {
    const [owner, other] = await Promise.all([newUser('team-deleted-org'), newUser('team-deleted-account')]);
    const doomed = await createOrganization(owner);
    expectOk(await sysAdmin.client.from('organizations').delete().eq('id', doomed).select('id'));
    expect(await membersOf(doomed)).toEqual([]);
    const kept = await createOrganization(other);
    await sql('delete from auth.users where id = $1', [other.id]);
    expect(await membersOf(kept)).toEqual([]);
  });
});
