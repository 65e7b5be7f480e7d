import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The member home's RPCs (20261125000400_member-home.sql, decision 034): its
 * summary and the organisation's own activity, for its members only.
 */

interface ActivityRow {
  id: number;
  occurred_at: string;
  action: string;
  details: Record<string, unknown>;
}

let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let sysAdmin: TestUser;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  [admin, member, outsider, sysAdmin] = await Promise.all([
    newUser('home-admin'),
    newUser('home-member'),
    newUser('home-outsider'),
    newUser('home-sysadmin'),
  ]);
  await makeSystemAdmin(sysAdmin);
  org = await createOrganization(admin, { status: 'approved' });
  await addMember(org, member);
  otherOrg = await createOrganization(outsider, { status: 'approved' });
  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: otherOrg, p_status: 'suspended', p_reason: 'Other secret' }));
  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: org, p_status: 'suspended', p_reason: 'Private reason' }));
});

describe('organization_activity', () => {
  it('gives the organisation’s members its own entries, newest first, without the private reason', async () => {
    for (const user of [admin, member]) {
      const rows = expectOk(await user.client.rpc('organization_activity', { p_organization_id: org })) as ActivityRow[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0].action).toBe('registry.suspended');
      expect(JSON.stringify(rows)).not.toContain('Private reason');
      expect(JSON.stringify(rows)).not.toContain('Other secret');
      const ids = await sql<{ id: string }>('select id from public.network_activity where organization_id = $1', [org]);
      const own = new Set(ids.map((r) => Number(r.id)));
      for (const row of rows) expect(own.has(Number(row.id))).toBe(true);
    }
  });

  it('pages by keyset: the next page starts after the last row and never repeats one', async () => {
    const first = expectOk(await admin.client.rpc('organization_activity', { p_organization_id: org, p_limit: 1 })) as ActivityRow[];
    expect(first).toHaveLength(1);
    const next = expectOk(
      await admin.client.rpc('organization_activity', {
        p_organization_id: org,
        p_limit: 50,
        p_before_occurred_at: first[0].occurred_at,
        p_before_id: first[0].id,
      }),
    ) as ActivityRow[];
    expect(next.map((r) => r.id)).not.toContain(first[0].id);
  });

  it('refuses another organisation’s member and returns nothing', async () => {
    const tried = await outsider.client.rpc('organization_activity', { p_organization_id: org });
    expect(tried.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
    expect(tried.data).toBeNull();
  });

  it('refuses visitors', async () => {
    const tried = await asAnon().rpc('organization_activity', { p_organization_id: org });
    expect(tried.error?.code).toBe('42501');
    expect(tried.data).toBeNull();
  });

  it('lets a system administrator read it (they read the whole trail anyway)', async () => {
    const rows = expectOk(await sysAdmin.client.rpc('organization_activity', { p_organization_id: org })) as ActivityRow[];
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('member_home', () => {
  it('summarises the organisation for its members, suspended since the change', async () => {
    const home = expectOk(await member.client.rpc('member_home', { p_organization_id: org })) as Record<string, unknown>;
    expect(home).toMatchObject({ registry_status: 'suspended', team_size: 2, pending_invitations: 0, has_logo: false });
    expect(home.member_since).toEqual(expect.any(String));
  });

  it('refuses another organisation’s member and visitors', async () => {
    const tried = await outsider.client.rpc('member_home', { p_organization_id: org });
    expect(tried.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
    expect((await asAnon().rpc('member_home', { p_organization_id: org })).error?.code).toBe('42501');
  });
});
