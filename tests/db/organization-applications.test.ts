import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * organization_applications: members follow their own application; only system
 * administrators change it, and the decision's who and when are stamped by the database.
 */
describe('organization_applications', () => {
  let orgAdmin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let org: string;

  beforeAll(async () => {
    [orgAdmin, member, outsider, admin] = await Promise.all([
      newUser('org-admin'),
      newUser('member'),
      newUser('outsider'),
      newUser('admin'),
    ]);
    await makeSystemAdmin(admin);
    org = await createOrganization(orgAdmin);
    await addMember(org, member);
  });

  const statusOf = async (organizationId: string) =>
    (await sql<{ status: string }>('select status from public.organization_applications where organization_id = $1', [organizationId]))[0]
      ?.status ?? null;

  describe('select', () => {
    it('members read their organisation’s application', async () => {
      for (const user of [orgAdmin, member]) {
        const rows = expectOk(await user.client.from('organization_applications').select('organization_id, status'));
        expect(rows).toEqual([{ organization_id: org, status: 'pending' }]);
      }
    });

    it('others do not see it', async () => {
      expectNoRows(await outsider.client.from('organization_applications').select('status').eq('organization_id', org));
    });

    it('a system administrator sees every application', async () => {
      const other = await createOrganization(outsider);
      const rows = expectOk(await admin.client.from('organization_applications').select('organization_id').in('organization_id', [org, other]));
      expect(rows).toHaveLength(2);
      await sql('delete from public.organizations where id = $1', [other]);
    });

    it('a visitor sees nothing, not even approved applications', async () => {
      expectDenied(await asAnon().from('organization_applications').select('status').limit(1));
    });
  });

  describe('update (review and decision)', () => {
    it('an applicant cannot approve their own application', async () => {
      expectNoRows(await orgAdmin.client.from('organization_applications').update({ status: 'approved' }).eq('organization_id', org).select());
      expectNoRows(await member.client.from('organization_applications').update({ status: 'approved' }).eq('organization_id', org).select());
      expect(await statusOf(org)).toBe('pending');
    });

    it('a visitor cannot touch applications', async () => {
      expectDenied(await asAnon().from('organization_applications').update({ status: 'approved' }).eq('organization_id', org));
    });

    it('nobody forges who decided', async () => {
      expectDenied(await admin.client.from('organization_applications').update({ decided_by: outsider.id }).eq('organization_id', org));
    });

    it('a system administrator takes it under review, then approves it; the decision is stamped with them and now', async () => {
      const review = expectOk(
        await admin.client.from('organization_applications').update({ status: 'under_review' }).eq('organization_id', org).select('status, decided_at').single(),
      );
      expect(review).toEqual({ status: 'under_review', decided_at: null });

      const approved = expectOk(
        await admin.client.from('organization_applications').update({ status: 'approved' }).eq('organization_id', org).select('status, decided_by, decided_at').single(),
      );
      expect(approved.status).toBe('approved');
      expect(approved.decided_by).toBe(admin.id);
      expect(Math.abs(new Date(approved.decided_at).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('a rejection needs a reason; reopening withdraws the decision', async () => {
      const other = await createOrganization(outsider);
      const noReason = await admin.client.from('organization_applications').update({ status: 'rejected' }).eq('organization_id', other);
      expect(noReason.error?.code).toBe('23514');

      expectOk(await admin.client.from('organization_applications').update({ status: 'rejected', decision_reason: 'Registration number does not match' }).eq('organization_id', other).select());
      const reopened = expectOk(
        await admin.client.from('organization_applications').update({ status: 'pending' }).eq('organization_id', other).select('decided_by, decided_at, decision_reason').single(),
      );
      expect(reopened).toEqual({ decided_by: null, decided_at: null, decision_reason: null });
      await sql('delete from public.organizations where id = $1', [other]);
    });
  });

  describe('insert', () => {
    it('applicants cannot file (or self-approve) an application directly; creating the organisation files it', async () => {
      const founder = await newUser('founder');
      const other = await createOrganization(founder, { status: null });
      expectDenied(await founder.client.from('organization_applications').insert({ organization_id: other }));
      expectDenied(await founder.client.from('organization_applications').insert({ organization_id: other, status: 'approved' }));
      expectDenied(await asAnon().from('organization_applications').insert({ organization_id: other }));
      expect(await statusOf(other)).toBeNull();

      const filed = expectOk(await admin.client.from('organization_applications').insert({ organization_id: other }).select('status, submitted_by').single());
      expect(filed).toEqual({ status: 'pending', submitted_by: admin.id });
    });
  });

  describe('delete', () => {
    it('members and visitors cannot withdraw the application', async () => {
      expectNoRows(await orgAdmin.client.from('organization_applications').delete().eq('organization_id', org).select());
      expectDenied(await asAnon().from('organization_applications').delete().eq('organization_id', org));
      expect(await statusOf(org)).not.toBeNull();
    });

    it('a system administrator deletes an application (status goes back to none)', async () => {
      const founder = await newUser('founder');
      const other = await createOrganization(founder);
      const rows = expectOk(await admin.client.from('organization_applications').delete().eq('organization_id', other).select('organization_id'));
      expect(rows).toEqual([{ organization_id: other }]);
      expect(await statusOf(other)).toBeNull();
    });
  });
});
