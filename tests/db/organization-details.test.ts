import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectOk } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * /dashboard/organization-details, the fields that take effect at once
 * (supabase/migrations/20261125000300_organization-contact-email.sql): the
 * public contact e-mail (new column, the one e-mail rule) and the
 * description's 1,000-character limit, both refused with the named error
 * invalid_organization_profile and {field: code}. Each attack runs as a real
 * user through PostgREST and checks the refusal and that nothing changed.
 */

interface Profile {
  description: string | null;
  contact_email: string | null;
  sector: string | null;
}

const profile = async (orgId: string) =>
  (await sql<Profile>('select description, contact_email, sector from public.organizations where id = $1', [orgId]))[0];

let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await newUser('details-owner');
  member = await newUser('details-member');
  outsider = await newUser('details-outsider');
  orgId = await createOrganization(owner, { status: 'approved' });
  await addMember(orgId, member, 'member');
  await createOrganization(outsider, { status: 'approved' });
});

describe('organisation admins change the public contact e-mail and the description at once', () => {
  it('saves a contact e-mail (trimmed) and a 1,000-character description', async () => {
    const description = 'd'.repeat(1000);
    const { error } = await owner.client
      .from('organizations')
      .update({ contact_email: '  hello@example.org ', description })
      .eq('id', orgId);
    expect(error).toBeNull();
    expect(await profile(orgId)).toMatchObject({ contact_email: 'hello@example.org', description });
    const logged = await sql<{ details: { changes: Record<string, unknown> } }>(
      `select details from public.network_activity where organization_id = $1 and action = 'organization.updated' order by id desc limit 1`,
      [orgId],
    );
    expect(Object.keys(logged[0].details.changes)).toEqual(expect.arrayContaining(['contact_email', 'description']));
  });

  it('refuses a description over 1,000 characters with a named error, and keeps the old one', async () => {
    const before = await profile(orgId);
    const { error } = await owner.client.from('organizations').update({ description: 'x'.repeat(1001) }).eq('id', orgId);
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('invalid_organization_profile');
    expect(JSON.parse(error?.details ?? '{}')).toEqual({ description: 'too_long' });
    expect(await profile(orgId)).toEqual(before);
  });

  it('refuses a contact e-mail the one e-mail rule refuses, field by field', async () => {
    const before = await profile(orgId);
    for (const [value, code] of [
      ['not-an-address', 'invalid'],
      ['   ', 'required'],
      [`${'a'.repeat(250)}@example.org`, 'too_long'],
    ] as const) {
      const { error } = await owner.client.from('organizations').update({ contact_email: value }).eq('id', orgId);
      expect(error?.message).toBe('invalid_organization_profile');
      expect(JSON.parse(error?.details ?? '{}')).toEqual({ contact_email: code });
    }
    expect(await profile(orgId)).toEqual(before);
  });

  it('lets an admin clear the contact e-mail', async () => {
    expectOk(await owner.client.from('organizations').update({ contact_email: null }).eq('id', orgId).select('id'));
    expect((await profile(orgId)).contact_email).toBeNull();
    await sql('update public.organizations set contact_email = $2 where id = $1', [orgId, 'hello@example.org']);
  });

  it('an old description over the new limit does not block another change', async () => {
    await sql('alter table public.organizations disable trigger organizations_check_profile');
    try {
      await sql('update public.organizations set description = $2 where id = $1', [orgId, 'o'.repeat(1500)]);
    } finally {
      await sql('alter table public.organizations enable trigger organizations_check_profile');
    }
    const { error } = await owner.client.from('organizations').update({ sector: 'education' }).eq('id', orgId);
    expect(error).toBeNull();
    expect((await profile(orgId)).sector).toBe('education');
  });
});

describe('who may not change them', () => {
  it('a plain member, another organisation’s admin and a visitor change nothing', async () => {
    const before = await profile(orgId);
    for (const client of [member.client, outsider.client]) {
      const { data, error } = await client
        .from('organizations')
        .update({ contact_email: 'spoof@attacker.example', description: 'Spoofed' })
        .eq('id', orgId)
        .select('id');
      // Filtered out by the update policy: no row is touched.
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const anon = await asAnon().from('organizations').update({ contact_email: 'spoof@attacker.example' }).eq('id', orgId);
    expect(anon.error?.code).toBe('42501');
    expect(await profile(orgId)).toEqual(before);
  });
});
