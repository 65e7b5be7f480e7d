import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * The back office's invitation and user RPCs (migration
 * 20261122002000_admin-invitation-management): who may call them, who may
 * not, and what they answer. Codes: docs/decisions/013-admin-invitation-delivery.md.
 */
interface Created {
  invitation_id: string;
  token: string;
  expires_at: string;
}

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('mgmt-admin', { fullName: 'Ada Admin' }), newUser('mgmt-member')]);
  await makeSystemAdmin(admin);
});

async function invite(email: string): Promise<Created> {
  const { data, error } = await admin.client.rpc('create_admin_invitation', { p_email: email });
  expect(error).toBeNull();
  return (data as Created[])[0];
}

const statusOf = async (id: string) =>
  (
    await sql<{ used: boolean; revoked: boolean }>(
      'select used_at is not null as used, revoked_at is not null as revoked from public.admin_invitations where id = $1',
      [id],
    )
  )[0];

describe('create_admin_invitation refuses existing administrators', () => {
  it('answers 23505 already_admin for an administrator, whatever the case of the address', async () => {
    const { error } = await admin.client.rpc('create_admin_invitation', { p_email: ` ${admin.email.toUpperCase()} ` });
    expect(error?.code).toBe('23505');
    expect(error?.message).toBe('already_admin');
    expect(error?.details).toContain('is already a system administrator');
    const rows = await sql('select 1 from public.admin_invitations where lower(email::text) = lower($1)', [admin.email]);
    expect(rows).toHaveLength(0);
  });

  it('still invites people who have an account but are not administrators', async () => {
    const created = await invite(member.email);
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('revoke_admin_invitation', () => {
  it('a system administrator revokes an open invitation; the link then says revoked', async () => {
    const invitee = await newUser('to-revoke');
    const { invitation_id, token } = await invite(invitee.email);
    const { data, error } = await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    expect(error).toBeNull();
    expect(new Date(data as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await statusOf(invitation_id)).toEqual({ used: false, revoked: true });
    const accepted = await invitee.client.rpc('accept_admin_invitation', { p_token: token });
    expect(accepted.data).toMatchObject({ success: false, error: 'revoked' });
  });

  it('revoking twice is not an error and keeps the first time', async () => {
    const { invitation_id } = await invite(uniqueEmail('twice'));
    const first = await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    const second = await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    expect(second.error).toBeNull();
    expect(new Date(second.data as string).getTime()).toBe(new Date(first.data as string).getTime());
  });

  it('refuses an accepted invitation (invitation_used) and an unknown id (invitation_not_found)', async () => {
    const invitee = await newUser('accepted');
    const { invitation_id, token } = await invite(invitee.email);
    expect((await invitee.client.rpc('accept_admin_invitation', { p_token: token })).data).toMatchObject({ success: true });
    const used = await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    expect(used.error?.code).toBe('P0001');
    expect(used.error?.message).toBe('invitation_used');
    expect(await statusOf(invitation_id)).toEqual({ used: true, revoked: false });

    const unknown = await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: crypto.randomUUID() });
    expect(unknown.error?.code).toBe('P0001');
    expect(unknown.error?.message).toBe('invitation_not_found');
  });

  it('is refused to signed-in people who are not system administrators, and to visitors', async () => {
    const { invitation_id } = await invite(uniqueEmail('kept'));
    const refused = await member.client.rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe('Only system administrators may revoke invitations.');
    const visitor = await asAnon().rpc('revoke_admin_invitation', { p_invitation_id: invitation_id });
    expect(visitor.error?.code).toBe('42501');
    expect(await statusOf(invitation_id)).toEqual({ used: false, revoked: false });
  });
});

describe('admin_list_invitations', () => {
  it('lists every invitation with its status and who invited and accepted, open ones first, never a token', async () => {
    const accepter = await newUser('lister-accepts');
    const openOne = await invite(uniqueEmail('open'));
    const used = await invite(accepter.email);
    await accepter.client.rpc('accept_admin_invitation', { p_token: used.token });
    const revoked = await invite(uniqueEmail('revoked'));
    await admin.client.rpc('revoke_admin_invitation', { p_invitation_id: revoked.invitation_id });
    const expired = await invite(uniqueEmail('expired'));
    await sql(
      `update public.admin_invitations set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1`,
      [expired.invitation_id],
    );

    const { data, error } = await admin.client.rpc('admin_list_invitations');
    expect(error).toBeNull();
    const rows = data as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(openOne.invitation_id)).toMatchObject({ status: 'open', invited_by: admin.id, invited_by_email: admin.email, used_by_email: null });
    expect(byId.get(used.invitation_id)).toMatchObject({ status: 'used', used_by_email: accepter.email });
    expect(byId.get(revoked.invitation_id)).toMatchObject({ status: 'revoked' });
    expect(byId.get(expired.invitation_id)).toMatchObject({ status: 'expired' });

    const statuses = rows.map((r) => r.status);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.findIndex((s) => s !== 'open'));
    expect(JSON.stringify(rows)).not.toContain(openOne.token);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'id', 'invited_by', 'invited_by_email', 'revoked_at', 'status', 'used_at', 'used_by_email'],
    );
  });

  it('is refused to others and to visitors', async () => {
    expect((await member.client.rpc('admin_list_invitations')).error?.code).toBe('42501');
    expect((await asAnon().rpc('admin_list_invitations')).error?.code).toBe('42501');
  });
});

describe('admin_list_users', () => {
  it('lists accounts with their profile, last sign-in and every kind of role', async () => {
    const [orgAdmin, investor, stakeholder] = await Promise.all([
      newUser('listed-org-admin', { fullName: 'Olu Org' }),
      newUser('listed-investor'),
      newUser('listed-stakeholder'),
    ]);
    const orgId = await createOrganization(orgAdmin, { status: 'approved', name: 'Listed School' });
    await sql(`insert into public.investor_access (user_id, level) values ($1, 'data_room')`, [investor.id]);
    await sql(`insert into public.stakeholders (user_id, affiliation) values ($1, 'Regulator')`, [stakeholder.id]);

    const { data, error } = await admin.client.rpc('admin_list_users');
    expect(error).toBeNull();
    const rows = new Map((data as Array<Record<string, unknown>>).map((r) => [r.id, r]));

    expect(rows.get(admin.id)).toMatchObject({ email: admin.email, full_name: 'Ada Admin', is_system_admin: true, organization_id: null });
    expect(rows.get(admin.id)?.last_sign_in_at).not.toBeNull();
    expect(rows.get(orgAdmin.id)).toMatchObject({
      full_name: 'Olu Org',
      is_system_admin: false,
      organization_id: orgId,
      organization_name: 'Listed School',
      organization_role: 'admin',
      application_status: 'approved',
    });
    expect(rows.get(investor.id)).toMatchObject({ investor_level: 'data_room', is_stakeholder: false });
    expect(rows.get(stakeholder.id)).toMatchObject({ is_stakeholder: true, investor_level: null });
  });

  it('shows a plain member of an organisation with their role', async () => {
    const [creator, colleague] = await Promise.all([newUser('org-creator'), newUser('org-colleague')]);
    const orgId = await createOrganization(creator, { status: 'pending', name: 'Pending Clinic' });
    await addMember(orgId, colleague, 'member');
    const { data } = await admin.client.rpc('admin_list_users');
    const row = (data as Array<Record<string, unknown>>).find((r) => r.id === colleague.id);
    expect(row).toMatchObject({ organization_name: 'Pending Clinic', organization_role: 'member', application_status: 'pending' });
  });

  it('leaves out soft-deleted accounts', async () => {
    const gone = await newUser('soft-deleted');
    const { error } = await asServiceRole().auth.admin.deleteUser(gone.id, true);
    expect(error).toBeNull();
    const { data } = await admin.client.rpc('admin_list_users');
    expect((data as Array<{ id: string }>).some((r) => r.id === gone.id)).toBe(false);
  });

  it('is refused to others and to visitors', async () => {
    const refused = await member.client.rpc('admin_list_users');
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe('Only system administrators may list users.');
    expect((await asAnon().rpc('admin_list_users')).error?.code).toBe('42501');
  });
});

describe('admin_dashboard_counts', () => {
  it('counts applications awaiting a decision, organisations, users and open invitations, as the tables say', async () => {
    const { data, error } = await admin.client.rpc('admin_dashboard_counts');
    expect(error).toBeNull();
    const counts = (data as Array<Record<string, number>>)[0]!;
    const [expected] = await sql<Record<string, number>>(`
      select
        (select count(*)::int from public.organization_applications where status in ('pending', 'under_review')) as pending_applications,
        (select count(*)::int from public.organizations) as organizations,
        (select count(*)::int from public.profiles p join auth.users u on u.id = p.id where u.deleted_at is null) as users,
        (select count(*)::int from public.admin_invitations
          where used_at is null and revoked_at is null and expires_at > now()) as open_invitations`);
    expect(counts).toEqual(expected);
  });

  it('moves when an application, an organisation, a user or an invitation is added', async () => {
    const before = (await admin.client.rpc('admin_dashboard_counts')).data as Array<Record<string, number>>;
    const applicant = await newUser('counted-applicant');
    await createOrganization(applicant, { status: 'under_review' });
    await invite(uniqueEmail('counted'));
    const after = (await admin.client.rpc('admin_dashboard_counts')).data as Array<Record<string, number>>;
    expect(after[0]!.pending_applications - before[0]!.pending_applications).toBe(1);
    expect(after[0]!.organizations - before[0]!.organizations).toBe(1);
    expect(after[0]!.users - before[0]!.users).toBe(1);
    expect(after[0]!.open_invitations - before[0]!.open_invitations).toBe(1);
  });

  it('is refused to others and to visitors', async () => {
    expect((await member.client.rpc('admin_dashboard_counts')).error?.code).toBe('42501');
    expect((await asAnon().rpc('admin_dashboard_counts')).error?.code).toBe('42501');
  });
});
