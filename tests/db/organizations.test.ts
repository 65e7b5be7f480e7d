import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * organizations: members see their own at any status; organisation admins
 * edit; system administrators do anything. Nobody else reads the table: the
 * public trust registry is read through the registry_* functions
 * (tests/db/public-registry.test.ts), which return only public columns.
 */
const config = stackConfig('test');

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

  describe('insert: nobody creates an organisation directly (issue 12, finding 5)', () => {
    // submit_application (security definer) is the only way in: it validates the
    // application, uses the id the applicant's draft reserved and files the
    // documents. A direct insert skipped all of that and, with a chosen id, could
    // take over someone else's reserved document folder.
    let applicant: TestUser; // signed in, in no organisation
    let token: string;

    beforeAll(async () => {
      applicant = await newUser('would-be-applicant');
      token = (await applicant.client.auth.getSession()).data.session!.access_token;
    });

    /** A request to PostgREST in a shape supabase-js does not produce (Prefer, on_conflict, columns, PUT). */
    async function rest(method: string, path: string, body: unknown, prefer?: string, as = token) {
      const response = await fetch(`${config.apiUrl}/rest/v1/${path}`, {
        method,
        headers: {
          apikey: config.keys.anonKey,
          authorization: `Bearer ${as}`,
          'content-type': 'application/json',
          ...(prefer ? { prefer } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null };
    }

    const created = async () => ({
      organizations: await sql('select id from public.organizations where created_by = $1 or name like $2', [applicant.id, 'Bypass %']),
      memberships: await sql('select organization_id from public.organization_members where user_id = $1', [applicant.id]),
      applications: await sql('select organization_id from public.organization_applications where submitted_by = $1', [applicant.id]),
    });
    const nothingCreated = { organizations: [], memberships: [], applications: [] };

    it('a plain insert, with or without a chosen id and creator, is refused', async () => {
      expectDenied(await applicant.client.from('organizations').insert({ name: 'Bypass Plain' }));
      expectDenied(await applicant.client.from('organizations').insert({ name: 'Bypass Plain' }).select().single());
      expectDenied(await applicant.client.from('organizations').insert({ id: randomUUID(), name: 'Bypass Chosen Id', created_by: applicant.id }));
      expectDenied(await applicant.client.from('organizations').insert({ name: 'Bypass No Creator', created_by: null }));
      expect(await created()).toEqual(nothingCreated);
    });

    it('a bulk insert is refused', async () => {
      expectDenied(await applicant.client.from('organizations').insert([{ name: 'Bypass Bulk 1' }, { name: 'Bypass Bulk 2' }]));
      expect(await created()).toEqual(nothingCreated);
    });

    it('an upsert onto a new id or onto an existing organisation is refused, merging or ignoring duplicates', async () => {
      for (const id of [randomUUID(), approvedOrg]) {
        for (const resolution of ['merge-duplicates', 'ignore-duplicates']) {
          const result = await rest('POST', 'organizations?on_conflict=id', { id, name: 'Bypass Upsert', created_by: applicant.id }, `resolution=${resolution},return=representation`);
          expect(result).toMatchObject({ status: 403, body: { code: '42501' } });
        }
      }
      expectDenied(await applicant.client.from('organizations').upsert({ id: approvedOrg, name: 'Bypass Upsert' }));
      const [row] = await sql('select name, created_by from public.organizations where id = $1', [approvedOrg]);
      expect(row).toEqual({ name: 'Approved Org', created_by: null });
      expect(await created()).toEqual(nothingCreated);
    });

    it('a single-row PUT and an insert naming its columns (?columns=) are refused', async () => {
      const id = randomUUID();
      expect(await rest('PUT', `organizations?id=eq.${id}`, { id, name: 'Bypass Put' })).toMatchObject({ status: 403, body: { code: '42501' } });
      expect(await rest('POST', 'organizations?columns=id,name,created_by', { id, name: 'Bypass Columns', created_by: applicant.id })).toMatchObject({
        status: 403,
        body: { code: '42501' },
      });
      expect(await created()).toEqual(nothingCreated);
    });

    it('making oneself a member or filing an application directly is refused, inserting or upserting', async () => {
      expectDenied(await applicant.client.from('organization_members').insert({ organization_id: approvedOrg, user_id: applicant.id, role: 'admin' }));
      expectDenied(await applicant.client.from('organization_members').upsert({ organization_id: approvedOrg, user_id: applicant.id, role: 'admin' }));
      expectDenied(await applicant.client.from('organization_applications').insert({ organization_id: pendingOrg, status: 'approved' }));
      expectDenied(await applicant.client.from('organization_applications').upsert({ organization_id: pendingOrg, status: 'approved' }));
      expect(await created()).toEqual(nothingCreated);
      const [application] = await sql('select status from public.organization_applications where organization_id = $1', [pendingOrg]);
      expect(application.status).toBe('pending');
    });

    it('a draft cannot be pointed at an existing organisation’s id (its document folder)', async () => {
      expectDenied(await applicant.client.from('application_drafts').insert({ user_id: applicant.id, organization_id: pendingOrg }));
      expectDenied(await applicant.client.from('application_drafts').upsert({ user_id: applicant.id, organization_id: pendingOrg }));
      expect(await sql('select 1 from public.application_drafts where organization_id = $1', [pendingOrg])).toEqual([]);
    });

    it('a system administrator does not insert either (tenants will be created through an RPC)', async () => {
      expectDenied(await admin.client.from('organizations').insert({ name: 'Bypass Tenant', created_by: null }));
      expect(await created()).toEqual(nothingCreated);
    });

    it('a visitor cannot create an organisation', async () => {
      expectDenied(await asAnon().from('organizations').insert({ name: 'Bypass Anonymous' }));
      expect(await created()).toEqual(nothingCreated);
    });
  });

  describe('registry fields are checked by the database, whoever writes them', () => {
    const insert = (columns: Record<string, string>) =>
      sql(`insert into public.organizations (${Object.keys(columns).join(', ')}) values (${Object.keys(columns).map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(columns));

    it('rejects malformed registry fields', async () => {
      await expect(insert({ name: 'x', country: 'gb' })).rejects.toMatchObject({ code: '23514' });
      await expect(insert({ name: 'x', website: 'not a url' })).rejects.toMatchObject({ code: '23514' });
      await expect(insert({ name: '  ' })).rejects.toMatchObject({ code: '23514' });
      await expect(insert({ name: 'x', sector: 'astrology' })).rejects.toMatchObject({ code: '22P02' });
    });

    it('the same company registration cannot be listed twice in one country', async () => {
      const registration = { registration_number: `DUP-${Date.now()}`, country: 'NL' };
      await insert({ name: 'First', ...registration });
      await expect(insert({ name: 'Second', ...registration })).rejects.toMatchObject({ code: '23505' });
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
