import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * organization_members: members see their organisation's memberships; only
 * system administrators (and the creation trigger) add, change or remove them.
 */
describe('organization_members', () => {
  let orgAdmin: TestUser;
  let member: TestUser;
  let otherAdmin: TestUser; // admin of another organisation
  let loner: TestUser; // in no organisation
  let admin: TestUser;
  let org: string;
  let otherOrg: string;

  beforeAll(async () => {
    [orgAdmin, member, otherAdmin, loner, admin] = await Promise.all([
      newUser('org-admin'),
      newUser('member'),
      newUser('other-admin'),
      newUser('loner'),
      newUser('admin'),
    ]);
    await makeSystemAdmin(admin);
    org = await createOrganization(orgAdmin, { status: 'approved' });
    await addMember(org, member);
    otherOrg = await createOrganization(otherAdmin);
  });

  const rolesIn = async (organizationId: string) =>
    sql<{ user_id: string; role: string }>(
      'select user_id, role from public.organization_members where organization_id = $1 order by role, user_id',
      [organizationId],
    );

  describe('select', () => {
    it('a member loads their membership (filter by user_id, at most one)', async () => {
      const row = expectOk(await member.client.from('organization_members').select('organization_id').eq('user_id', member.id).maybeSingle());
      expect(row).toEqual({ organization_id: org });
    });

    it('members see everyone in their organisation and no one else', async () => {
      for (const user of [orgAdmin, member]) {
        const rows = expectOk(await user.client.from('organization_members').select('user_id, organization_id'));
        expect(rows.map((r) => r.organization_id)).toEqual([org, org]);
        expect(rows.map((r) => r.user_id).sort()).toEqual([orgAdmin.id, member.id].sort());
      }
    });

    it('someone in no organisation sees no memberships', async () => {
      expectNoRows(await loner.client.from('organization_members').select('user_id'));
    });

    it('a system administrator sees every organisation’s members', async () => {
      const rows = expectOk(await admin.client.from('organization_members').select('organization_id').in('organization_id', [org, otherOrg]));
      expect(rows).toHaveLength(3);
    });

    it('a visitor sees nothing', async () => {
      expectDenied(await asAnon().from('organization_members').select('user_id').limit(1));
    });
  });

  describe('insert', () => {
    it('nobody adds themselves to an organisation', async () => {
      expectDenied(await loner.client.from('organization_members').insert({ organization_id: org, user_id: loner.id, role: 'member' }));
    });

    it('an organisation admin cannot add people directly (that will be the tenant invitation)', async () => {
      expectDenied(await orgAdmin.client.from('organization_members').insert({ organization_id: org, user_id: loner.id }));
    });

    it('a visitor cannot add members', async () => {
      expectDenied(await asAnon().from('organization_members').insert({ organization_id: org, user_id: loner.id }));
    });

    it('a system administrator adds a member', async () => {
      const recruit = await newUser('recruit');
      const row = expectOk(
        await admin.client.from('organization_members').insert({ organization_id: otherOrg, user_id: recruit.id }).select('role').single(),
      );
      expect(row).toEqual({ role: 'member' });
    });

    it('an account belongs to at most one organisation', async () => {
      const result = await admin.client.from('organization_members').insert({ organization_id: otherOrg, user_id: member.id });
      expect(result.error?.code).toBe('23505');
    });
  });

  describe('update', () => {
    it('a member cannot promote themselves', async () => {
      expectNoRows(await member.client.from('organization_members').update({ role: 'admin' }).eq('user_id', member.id).select());
      expect(await rolesIn(org)).toContainEqual({ user_id: member.id, role: 'member' });
    });

    it('an organisation admin cannot change roles directly (that will be an RPC)', async () => {
      expectNoRows(await orgAdmin.client.from('organization_members').update({ role: 'admin' }).eq('user_id', member.id).select());
      expect(await rolesIn(org)).toContainEqual({ user_id: member.id, role: 'member' });
    });

    it('nobody moves a membership to another organisation', async () => {
      expectDenied(await admin.client.from('organization_members').update({ organization_id: otherOrg }).eq('user_id', member.id));
    });

    it('a visitor cannot change roles', async () => {
      expectDenied(await asAnon().from('organization_members').update({ role: 'admin' }).eq('user_id', member.id));
    });

    it('a system administrator changes a role', async () => {
      const rows = expectOk(await admin.client.from('organization_members').update({ role: 'admin' }).eq('user_id', member.id).select('role'));
      expect(rows).toEqual([{ role: 'admin' }]);
      await sql(`update public.organization_members set role = 'member' where user_id = $1`, [member.id]);
    });
  });

  describe('delete', () => {
    it('members cannot leave or remove others on their own (yet)', async () => {
      expectNoRows(await member.client.from('organization_members').delete().eq('user_id', member.id).select());
      expectNoRows(await orgAdmin.client.from('organization_members').delete().eq('user_id', member.id).select());
      expect(await rolesIn(org)).toHaveLength(2);
    });

    it('a visitor cannot remove members', async () => {
      expectDenied(await asAnon().from('organization_members').delete().eq('user_id', member.id));
    });

    it('a system administrator removes a member', async () => {
      const temp = await newUser('temp');
      await addMember(otherOrg, temp);
      const rows = expectOk(await admin.client.from('organization_members').delete().eq('user_id', temp.id).select('user_id'));
      expect(rows).toEqual([{ user_id: temp.id }]);
    });

    it('deleting an account removes its membership', async () => {
      const temp = await newUser('deleted');
      await addMember(otherOrg, temp);
      await sql('delete from auth.users where id = $1', [temp.id]);
      expect(await sql('select 1 from public.organization_members where user_id = $1', [temp.id])).toHaveLength(0);
    });
  });
});
