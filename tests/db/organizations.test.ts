import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * organizations: members see their own at any status; organisation admins
 * edit; system administrators do anything. Nobody else reads the table: the
 * public trust registry is read through the registry_* functions
 * (tests/db/public-registry.test.ts), which return only public columns.
 */
describe('organizations', () => {
  let orgAdmin: TestUser; // created `pendingOrg`
  let member: TestUser; // plain member of `pendingOrg`
  let outsider: TestUser; // signed in, in no organisation
  let admin: TestUser; // system administrator
  let pendingOrg: string;
  let approvedOrg: string;
  let rejectedOrg: string;

  beforeAll(async () => {
    [orgAdmin, member, outsider, admin] = await Promise.all([
      newUser('org-admin'),
      newUser('member'),
      newUser('outsider'),
      newUser('admin'),
    ]);
    await makeSystemAdmin(admin);
    pendingOrg = await createOrganization(orgAdmin, { name: 'Pending Org' });
    await addMember(pendingOrg, member);
    approvedOrg = await createOrganization(null, { name: 'Approved Org', status: 'approved' });
    rejectedOrg = await createOrganization(null, { name: 'Rejected Org', status: 'rejected' });
  });

  describe('select', () => {
    it('a visitor may not read the table at all, but finds the approved organisation in the registry API', async () => {
      expectDenied(await asAnon().from('organizations').select('id').in('id', [pendingOrg, approvedOrg, rejectedOrg]));
      expectDenied(await asAnon().from('organizations').select('created_by'));
      for (const [id, expected] of [[pendingOrg, []], [approvedOrg, [approvedOrg]], [rejectedOrg, []]] as const) {
        const rows = expectOk(await asAnon().rpc('registry_by_id', { p_id: id })) as { id: string }[];
        expect(rows.map((r) => r.id)).toEqual(expected);
      }
    });

    it('a signed-in outsider reads no other organisation from the table (signing up is open to anyone), only the registry API', async () => {
      expectNoRows(await outsider.client.from('organizations').select('id').in('id', [pendingOrg, approvedOrg, rejectedOrg]));
      const rows = expectOk(await outsider.client.rpc('registry_by_id', { p_id: approvedOrg })) as { id: string; name: string }[];
      expect(rows).toMatchObject([{ id: approvedOrg, name: 'Approved Org' }]);
    });

    it('members read their own organisation while it is pending (select all, filter by id)', async () => {
      for (const user of [orgAdmin, member]) {
        const rows = expectOk(await user.client.from('organizations').select('*').eq('id', pendingOrg));
        expect(rows).toMatchObject([{ id: pendingOrg, name: 'Pending Org', created_by: orgAdmin.id }]);
      }
    });

    it('a system administrator reads every organisation', async () => {
      const rows = expectOk(await admin.client.from('organizations').select('id').in('id', [pendingOrg, approvedOrg, rejectedOrg]));
      expect(rows).toHaveLength(3);
    });
  });

  describe('insert (onboarding)', () => {
    it('a signed-in person creates their organisation and reads it back; the trigger makes them admin and files a pending application', async () => {
      const applicant = await newUser('applicant');
      const org = expectOk(
        await applicant.client
          .from('organizations')
          .insert({
            name: 'Acme Verification',
            legal_name: 'Acme Verification Ltd',
            registration_number: `T${Date.now()}`,
            country: 'GB',
            website: 'https://acme.example',
            sector: 'technology',
            size: '10-49',
            description: 'Test organisation',
          })
          .select()
          .single(),
      );
      expect(org).toMatchObject({ name: 'Acme Verification', created_by: applicant.id });

      const membership = expectOk(
        await applicant.client.from('organization_members').select('organization_id, user_id, role').eq('user_id', applicant.id).maybeSingle(),
      );
      expect(membership).toEqual({ organization_id: org.id, user_id: applicant.id, role: 'admin' });
      const application = expectOk(
        await applicant.client.from('organization_applications').select('status, submitted_by').eq('organization_id', org.id).single(),
      );
      expect(application).toEqual({ status: 'pending', submitted_by: applicant.id });
    });

    it('nobody creates an organisation in someone else’s name', async () => {
      const applicant = await newUser('impostor');
      expectDenied(await applicant.client.from('organizations').insert({ name: 'Not Mine', created_by: outsider.id }));
    });

    it('an account that already belongs to an organisation cannot create another', async () => {
      const result = await orgAdmin.client.from('organizations').insert({ name: 'Second Org' });
      expect(result.error?.code).toBe('23505');
      expect(result.error?.message).toBe('already_in_organization');
      expect(await sql('select 1 from public.organizations where name = $1', ['Second Org'])).toHaveLength(0);
    });

    it('a system administrator may create a tenant with no applicant', async () => {
      const org = expectOk(await admin.client.from('organizations').insert({ name: 'Back-office Tenant', created_by: null }).select('id').single());
      expect(await sql('select 1 from public.organization_members where organization_id = $1', [org.id])).toHaveLength(0);
    });

    it('a visitor cannot create an organisation', async () => {
      expectDenied(await asAnon().from('organizations').insert({ name: 'Anonymous Org' }));
    });

    it('rejects malformed registry fields', async () => {
      const user = await newUser('sloppy');
      expect((await user.client.from('organizations').insert({ name: 'x', country: 'gb' })).error?.code).toBe('23514');
      expect((await user.client.from('organizations').insert({ name: 'x', website: 'not a url' })).error?.code).toBe('23514');
      expect((await user.client.from('organizations').insert({ name: '  ' })).error?.code).toBe('23514');
      expect((await user.client.from('organizations').insert({ name: 'x', sector: 'astrology' })).error?.code).toBe('22P02');
    });

    it('the same company registration cannot be listed twice in one country', async () => {
      const [a, b] = await Promise.all([newUser('first-registrant'), newUser('second-registrant')]);
      const registration = { registration_number: `DUP-${Date.now()}`, country: 'NL' };
      expectOk(await a.client.from('organizations').insert({ name: 'First', ...registration }).select());
      expect((await b.client.from('organizations').insert({ name: 'Second', ...registration })).error?.code).toBe('23505');
    });
  });

  describe('update', () => {
    it('an organisation admin edits the organisation’s details', async () => {
      const rows = expectOk(
        await orgAdmin.client.from('organizations').update({ description: 'Updated by its admin', sector: 'education' }).eq('id', pendingOrg).select(),
      );
      expect(rows).toMatchObject([{ description: 'Updated by its admin', sector: 'education' }]);
    });

    it('an organisation admin cannot change who created it', async () => {
      expectDenied(await orgAdmin.client.from('organizations').update({ created_by: member.id }).eq('id', pendingOrg));
    });

    // The registered facts (name, legal name, registration number, country,
    // website) are nobody's to update directly: tests/db/registered-facts.test.ts.
    it('a plain member cannot edit the organisation', async () => {
      expectNoRows(await member.client.from('organizations').update({ description: 'Edited by a member' }).eq('id', pendingOrg).select());
    });

    it('nobody edits another organisation, even one they can read', async () => {
      expectNoRows(await orgAdmin.client.from('organizations').update({ description: 'Hijacked' }).eq('id', approvedOrg).select());
      expectNoRows(await outsider.client.from('organizations').update({ description: 'Hijacked' }).eq('id', approvedOrg).select());
      const [row] = await sql('select description from public.organizations where id = $1', [approvedOrg]);
      expect(row.description).toBeNull();
    });

    it('a system administrator edits any organisation', async () => {
      const rows = expectOk(await admin.client.from('organizations').update({ size: '1000+' }).eq('id', approvedOrg).select());
      expect(rows).toMatchObject([{ size: '1000+' }]);
    });

    it('a visitor cannot edit', async () => {
      expectDenied(await asAnon().from('organizations').update({ name: 'x' }).eq('id', approvedOrg));
    });
  });

  describe('delete', () => {
    it('members, even its admin, cannot delete their organisation', async () => {
      expectNoRows(await orgAdmin.client.from('organizations').delete().eq('id', pendingOrg).select());
      expectNoRows(await member.client.from('organizations').delete().eq('id', pendingOrg).select());
      expect(await sql('select 1 from public.organizations where id = $1', [pendingOrg])).toHaveLength(1);
    });

    it('a visitor cannot delete', async () => {
      expectDenied(await asAnon().from('organizations').delete().eq('id', approvedOrg));
    });

    it('a system administrator deletes an organisation, and its members and application go with it', async () => {
      const founder = await newUser('founder');
      const org = await createOrganization(founder);
      const rows = expectOk(await admin.client.from('organizations').delete().eq('id', org).select('id'));
      expect(rows).toEqual([{ id: org }]);
      expect(await sql('select 1 from public.organization_members where organization_id = $1', [org])).toHaveLength(0);
      expect(await sql('select 1 from public.organization_applications where organization_id = $1', [org])).toHaveLength(0);
    });
  });
});
