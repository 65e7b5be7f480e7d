import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Verification schemas (supabase/migrations/20261128000400_verification-schemas.sql,
 * decision 056): only system administrators write them, through the RPCs, and
 * every write is in the activity log; the attributes are a JSON Schema checked
 * in the database; visitors never see drafts; only an organisation's admins
 * declare which active schemas it verifies; the open API returns active and
 * deprecated declarations, never drafts.
 */

const ATTRIBUTES = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    family_name: { type: 'string' },
    given_names: { type: 'string' },
    date_of_birth: { type: 'string', format: 'date' },
  },
  required: ['family_name', 'date_of_birth'],
};

const tag = `Vs${randomUUID().slice(0, 6)}`;

interface SchemaRow {
  id: string;
  name: string;
  version: string;
  status: string;
  activated_at: string | null;
  deprecated_at: string | null;
}

interface Declared {
  id: string;
  name: string;
  version: string;
  assurance_level: string;
  status: string;
  declared_at: string;
}

let admin: TestUser;
let orgAdmin: TestUser;
let orgMember: TestUser;
let otherAdmin: TestUser;
let orgId: string;

async function saveSchema(user: TestUser, name: string, attributes: unknown = ATTRIBUTES, id: string | null = null) {
  return user.client.rpc('save_verification_schema', {
    p_id: id,
    p_name: name,
    p_version: '1.0',
    p_description: 'A test schema.',
    p_assurance_level: 'substantial',
    p_attributes: attributes,
  });
}

async function schemaCount(name: string): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*) as n from public.verification_schemas where name = $1', [name]);
  return Number(row.n);
}

async function activeSchema(name: string): Promise<string> {
  const saved = expectOk(await saveSchema(admin, name)) as SchemaRow;
  expectOk(await admin.client.rpc('change_verification_schema_status', { p_id: saved.id, p_status: 'active' }));
  return saved.id;
}

/** An RPC that returns nothing succeeded. */
function expectDone(result: { error: { message: string } | null }): void {
  expect(result.error).toBeNull();
}

async function declarations(organizationId: string): Promise<string[]> {
  const rows = await sql<{ schema_id: string }>(
    'select schema_id from public.organization_verification_schemas where organization_id = $1 order by schema_id',
    [organizationId],
  );
  return rows.map((r) => r.schema_id);
}

beforeAll(async () => {
  [admin, orgAdmin, orgMember, otherAdmin] = await Promise.all([
    newUser('schema-admin'),
    newUser('schema-org-admin'),
    newUser('schema-org-member'),
    newUser('schema-other-admin'),
  ]);
  await makeSystemAdmin(admin);
  orgId = await createOrganization(orgAdmin, { status: 'approved', name: `${tag} Verifier` });
  await addMember(orgId, orgMember, 'member');
  await createOrganization(otherAdmin, { status: 'approved', name: `${tag} Other` });
});

describe('writing schemas', () => {
  it('lets a system administrator add a draft, logged in the activity log', async () => {
    const name = `${tag} Passport`;
    const saved = expectOk(await saveSchema(admin, name)) as SchemaRow;
    expect(saved).toMatchObject({ name, version: '1.0', status: 'draft', activated_at: null });
    const log = await sql('select action, actor_id from public.network_activity where details->>\'schema_id\' = $1', [saved.id]);
    expect(log).toEqual([{ action: 'verification_schema.created', actor_id: admin.id }]);
  });

  it('refuses an organisation admin and a member who call the RPC (attack), writing nothing', async () => {
    for (const user of [orgAdmin, orgMember]) {
      const name = `${tag} Forged ${user.id.slice(0, 4)}`;
      const result = await saveSchema(user, name);
      expectDenied(result);
      expect(result.error?.message).toMatch(/Only system administrators/);
      expect(await schemaCount(name)).toBe(0);
    }
  });

  it('refuses a direct insert or update of the table, even by a system administrator (attack)', async () => {
    const name = `${tag} Direct`;
    const inserted = await admin.client.from('verification_schemas').insert({
      name,
      version: '1.0',
      description: 'x',
      assurance_level: 'low',
      attributes: ATTRIBUTES,
    });
    expectDenied(inserted);
    expect(await schemaCount(name)).toBe(0);

    const id = await activeSchema(`${tag} Untouchable`);
    const updated = await orgAdmin.client.from('verification_schemas').update({ status: 'draft' }).eq('id', id);
    expect(updated.error).not.toBeNull();
    const [row] = await sql<{ status: string }>('select status from public.verification_schemas where id = $1', [id]);
    expect(row.status).toBe('active');
  });

  it('refuses attributes that are not a JSON Schema of an object, in the RPC and in the table itself (attack)', async () => {
    const name = `${tag} Broken`;
    const cases: [unknown, string][] = [
      [[], 'attributes_not_object'],
      [{ type: 'string' }, 'attributes_not_object_schema'],
      [{ type: 'object', properties: {} }, 'attributes_no_properties'],
      [{ type: 'object', properties: { a: 'string' } }, 'attributes_property_invalid'],
      [{ type: 'object', properties: { a: { type: 'text' } } }, 'attributes_property_invalid'],
      [{ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, 'attributes_required_invalid'],
    ];
    for (const [attributes, code] of cases) {
      const result = await saveSchema(admin, name, attributes);
      expect(result.error?.message, JSON.stringify(attributes)).toBe(code);
    }
    expect(await schemaCount(name)).toBe(0);
    // Past the RPC (a superuser's insert), the check constraint still holds.
    await expect(
      sql(
        `insert into public.verification_schemas (name, version, description, assurance_level, attributes)
         values ($1, '1.0', 'x', 'low', '{"type":"object","properties":{"a":{"type":"text"}}}')`,
        [name],
      ),
    ).rejects.toThrow(/verification_schemas_attributes_check/);
  });

  it('keeps an active schema as it was published: only drafts are edited, and the status moves forward only', async () => {
    const id = await activeSchema(`${tag} Frozen`);
    const edited = await saveSchema(admin, `${tag} Frozen`, ATTRIBUTES, id);
    expect(edited.error?.message).toBe('schema_not_draft');
    const back = await admin.client.rpc('change_verification_schema_status', { p_id: id, p_status: 'draft' });
    expect(back.error?.message).toBe('status_change_not_allowed');
    const deprecated = expectOk(await admin.client.rpc('change_verification_schema_status', { p_id: id, p_status: 'deprecated' })) as SchemaRow;
    expect(deprecated.status).toBe('deprecated');
    expect(deprecated.activated_at).not.toBeNull();
    expect(deprecated.deprecated_at).not.toBeNull();
    const log = await sql<{ action: string }>(
      'select action from public.network_activity where details->>\'schema_id\' = $1 order by occurred_at, id',
      [id],
    );
    expect(log.map((l) => l.action)).toEqual(['verification_schema.created', 'verification_schema.activated', 'verification_schema.deprecated']);
  });

  it('refuses an organisation admin who changes a status (attack)', async () => {
    const saved = expectOk(await saveSchema(admin, `${tag} Pending`)) as SchemaRow;
    const result = await orgAdmin.client.rpc('change_verification_schema_status', { p_id: saved.id, p_status: 'active' });
    expectDenied(result);
    const [row] = await sql<{ status: string }>('select status from public.verification_schemas where id = $1', [saved.id]);
    expect(row.status).toBe('draft');
  });
});

describe('who sees schemas', () => {
  it('never shows a draft to visitors or members (attack: select it by id)', async () => {
    const draft = expectOk(await saveSchema(admin, `${tag} Secret draft`)) as SchemaRow;
    const active = await activeSchema(`${tag} Public`);
    for (const client of [asAnon(), orgAdmin.client]) {
      const byId = await client.from('verification_schemas').select('id').eq('id', draft.id);
      expect(byId.error).toBeNull();
      expect(byId.data).toEqual([]);
      const all = await client.from('verification_schemas').select('id, status').like('name', `${tag}%`);
      expect(all.error).toBeNull();
      expect((all.data ?? []).map((r) => r.status)).not.toContain('draft');
      expect((all.data ?? []).map((r) => r.id)).toContain(active);
    }
    const asAdmin = await admin.client.from('verification_schemas').select('id').eq('id', draft.id);
    expect(asAdmin.data).toEqual([{ id: draft.id }]);
  });
});

describe('declaring schemas', () => {
  it('lets an organisation admin declare active schemas, logged, and the open API returns them', async () => {
    const a = await activeSchema(`${tag} Identity card`);
    const b = await activeSchema(`${tag} Diploma`);
    expectDone(await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [a, b] }));
    expect(await declarations(orgId)).toEqual([a, b].sort());
    const [log] = await sql<{ action: string; details: { added: string[] } }>(
      `select action, details from public.network_activity
        where organization_id = $1 and action = 'organization.verification_schemas_changed' order by occurred_at desc limit 1`,
      [orgId],
    );
    expect(log.details.added).toHaveLength(2);

    const byId = expectOk(await asAnon().rpc('registry_by_id', { p_id: orgId })) as { verification_schemas: Declared[] }[];
    expect(byId[0].verification_schemas.map((s) => s.id).sort()).toEqual([a, b].sort());
    expect(byId[0].verification_schemas[0]).toMatchObject({ version: '1.0', assurance_level: 'substantial', status: 'active' });
    const search = expectOk(await asAnon().rpc('registry_search', { p_query: `${tag} Verifier` })) as { verification_schemas: Declared[] }[];
    expect(search[0].verification_schemas).toHaveLength(2);

    // Withdrawing one removes it from the answer.
    expectDone(await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [a] }));
    expect(await declarations(orgId)).toEqual([a]);
  });

  it('shows a deprecated declaration marked deprecated, and keeps it when the admin saves again', async () => {
    const id = await activeSchema(`${tag} Residence permit`);
    const current = await declarations(orgId);
    expectDone(await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [...current, id] }));
    expectOk(await admin.client.rpc('change_verification_schema_status', { p_id: id, p_status: 'deprecated' }));
    const byId = expectOk(await asAnon().rpc('registry_by_id', { p_id: orgId })) as { verification_schemas: Declared[] }[];
    expect(byId[0].verification_schemas.find((s) => s.id === id)?.status).toBe('deprecated');
    expectDone(await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [...current, id] }));
    expect(await declarations(orgId)).toContain(id);
  });

  it('refuses a member who is not an admin, and another organisation’s admin (attack), changing nothing', async () => {
    const id = await activeSchema(`${tag} Licence`);
    const before = await declarations(orgId);
    for (const user of [orgMember, otherAdmin, admin]) {
      const result = await user.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [id] });
      expectDenied(result);
    }
    const anon = await asAnon().rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [id] });
    expect(anon.error).not.toBeNull();
    const direct = await orgAdmin.client.from('organization_verification_schemas').insert({ organization_id: orgId, schema_id: id });
    expectDenied(direct);
    expect(await declarations(orgId)).toEqual(before);
  });

  it('refuses declaring a draft (attack), so a draft never reaches the open API', async () => {
    const draft = expectOk(await saveSchema(admin, `${tag} Unpublished`)) as SchemaRow;
    const before = await declarations(orgId);
    const result = await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [draft.id] });
    expect(result.error?.message).toBe('schema_not_active');
    expect(await declarations(orgId)).toEqual(before);
    const unknown = await orgAdmin.client.rpc('set_organization_verification_schemas', { p_organization_id: orgId, p_schema_ids: [randomUUID()] });
    expect(unknown.error?.message).toBe('schema_not_active');
    const byId = expectOk(await asAnon().rpc('registry_by_id', { p_id: orgId })) as { verification_schemas: Declared[] }[];
    expect(byId[0].verification_schemas.map((s) => s.status)).not.toContain('draft');
  });

  it('lets visitors read no organisation’s declarations table directly', async () => {
    const direct = await asAnon().from('organization_verification_schemas').select('*');
    expect(direct.error).not.toBeNull();
  });
});
