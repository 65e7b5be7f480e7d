import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, expectDenied, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * "Does organisation X verify schema Y on date D?" (registry_verifies,
 * supabase/migrations/20261128000500_verification-declaration-history.sql,
 * decision 057): the dated history of declarations is written by the database
 * when an organisation's admins declare or withdraw, nobody writes it directly,
 * and the public answer at a past date takes the organisation's registry
 * status, the declaration and the schema's status as they stood then. Only
 * organisations in the registry are answered about.
 */

const ATTRIBUTES = { type: 'object', properties: { family_name: { type: 'string' } } };
const tag = `Rv${randomUUID().slice(0, 6)}`;
const DAY_MS = 86_400_000;
const base = Date.now();
/** An ISO timestamp n days before the test started. */
const ago = (days: number) => new Date(base - days * DAY_MS).toISOString();

interface Answer {
  organization_id: string;
  organization_name: string;
  schema_id: string;
  schema_name: string;
  schema_version: string;
  on_time: string;
  authorized: boolean;
  reason: string | null;
  declaration_status: string;
  effective_from: string | null;
  effective_until: string | null;
  registry_status: string | null;
  registry_status_effective_from: string | null;
  schema_status: string;
  schema_activated_at: string | null;
  schema_deprecated_at: string | null;
}

interface HistoryRow {
  schema_id: string;
  declared_from: Date;
  withdrawn_at: Date | null;
  declared_by: string | null;
  withdrawn_by: string | null;
}

let admin: TestUser;
let orgAdmin: TestUser;
let pendingAdmin: TestUser;
let orgId: string;
let pendingOrgId: string;
let rejectedOrgId: string;
let schemaA: string;
let schemaB: string;

async function activeSchema(name: string): Promise<string> {
  const saved = expectOk(
    await admin.client.rpc('save_verification_schema', {
      p_id: null,
      p_name: name,
      p_version: '1.0',
      p_description: 'A test schema.',
      p_assurance_level: 'substantial',
      p_attributes: ATTRIBUTES,
    }),
  ) as { id: string };
  expectOk(await admin.client.rpc('change_verification_schema_status', { p_id: saved.id, p_status: 'active' }));
  return saved.id;
}

async function declare(user: TestUser, organizationId: string, schemaIds: string[]): Promise<void> {
  const result = await user.client.rpc('set_organization_verification_schemas', {
    p_organization_id: organizationId,
    p_schema_ids: schemaIds,
  });
  expect(result.error).toBeNull();
}

async function history(organizationId: string): Promise<HistoryRow[]> {
  return sql<HistoryRow & Record<string, unknown>>(
    `select schema_id, declared_from, withdrawn_at, declared_by, withdrawn_by
       from public.organization_verification_schema_history
      where organization_id = $1 order by declared_from, id`,
    [organizationId],
  );
}

async function ask(organizationId: string, schemaId: string, on?: string) {
  return asAnon().rpc('registry_verifies', {
    p_organization_id: organizationId,
    p_schema_id: schemaId,
    ...(on === undefined ? {} : { p_on: on }),
  });
}

async function answer(organizationId: string, schemaId: string, on?: string): Promise<Answer> {
  return expectOk(await ask(organizationId, schemaId, on)) as Answer;
}

const same = (actual: string | null, expected: string) => expect(new Date(actual ?? 0).getTime()).toBe(new Date(expected).getTime());

beforeAll(async () => {
  [admin, orgAdmin, pendingAdmin] = await Promise.all([newUser('verifies-admin'), newUser('verifies-org'), newUser('verifies-pending')]);
  await makeSystemAdmin(admin);
  orgId = await createOrganization(orgAdmin, { status: 'approved', name: `${tag} Verifier` });
  pendingOrgId = await createOrganization(pendingAdmin, { status: 'pending', name: `${tag} Applicant` });
  rejectedOrgId = await createOrganization(null, { status: 'rejected', name: `${tag} Rejected` });
  [schemaA, schemaB] = await Promise.all([activeSchema(`${tag} Passport`), activeSchema(`${tag} Diploma`)]);
});

describe('the history of declarations', () => {
  it('is written by the database when an admin declares, withdraws and declares again', async () => {
    const historian = await newUser('verifies-historian');
    const org = await createOrganization(historian, { status: 'approved', name: `${tag} Historian` });
    await declare(historian, org, [schemaA]);
    let rows = await history(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ schema_id: schemaA, withdrawn_at: null, declared_by: historian.id });
    const [declaration] = await sql<{ declared_at: Date }>(
      'select declared_at from public.organization_verification_schemas where organization_id = $1',
      [org],
    );
    expect(rows[0].declared_from).toEqual(declaration.declared_at);

    await declare(historian, org, []);
    rows = await history(org);
    expect(rows).toHaveLength(1);
    expect(rows[0].withdrawn_at).not.toBeNull();
    expect(rows[0].withdrawn_by).toBe(historian.id);

    await declare(historian, org, [schemaA]);
    rows = await history(org);
    expect(rows.map((r) => r.withdrawn_at === null)).toEqual([false, true]);
  });

  it('goes with its organisation when the organisation is deleted', async () => {
    const leaver = await newUser('verifies-leaver');
    const org = await createOrganization(leaver, { status: 'approved', name: `${tag} Leaver` });
    await declare(leaver, org, [schemaA]);
    await sql('delete from public.organizations where id = $1', [org]);
    expect(await history(org)).toEqual([]);
  });

  it('cannot be written directly by anyone, not even a system administrator or the organisation’s admin (attack)', async () => {
    await declare(orgAdmin, orgId, []);
    const before = await history(orgId);
    for (const client of [orgAdmin.client, admin.client, asAnon()]) {
      const inserted = await client
        .from('organization_verification_schema_history')
        .insert({ organization_id: orgId, schema_id: schemaA, declared_from: ago(400) });
      expectDenied(inserted);
      const updated = await client.from('organization_verification_schema_history').update({ withdrawn_at: null }).eq('organization_id', orgId);
      expectDenied(updated);
      const deleted = await client.from('organization_verification_schema_history').delete().eq('organization_id', orgId);
      expectDenied(deleted);
    }
    expect(await history(orgId)).toEqual(before);
  });

  it('is read by the organisation’s members, not by visitors or other organisations', async () => {
    const other = await newUser('verifies-other');
    await createOrganization(other, { status: 'approved', name: `${tag} Stranger` });
    const reader = await newUser('verifies-reader');
    const org = await createOrganization(reader, { status: 'approved', name: `${tag} Reader` });
    await declare(reader, org, [schemaA]);
    const own = await reader.client.from('organization_verification_schema_history').select('schema_id').eq('organization_id', org);
    expect(own.data).toEqual([{ schema_id: schemaA }]);
    const theirs = await other.client.from('organization_verification_schema_history').select('schema_id').eq('organization_id', org);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    const visitor = await asAnon().from('organization_verification_schema_history').select('schema_id').eq('organization_id', org);
    expectDenied(visitor);
  });
});

describe('registry_verifies at past dates', () => {
  // The timeline, in days before now: approved -10, declares A and B -8,
  // suspended -6, reinstated -4, B deprecated -3, A withdrawn -2.
  beforeAll(async () => {
    await declare(orgAdmin, orgId, [schemaA, schemaB]);
    await sql('update public.verification_schemas set activated_at = $2 where id = any($1)', [[schemaA, schemaB], ago(20)]);
    await sql('update public.registry_status_changes set effective_from = $2, recorded_at = $2 where organization_id = $1', [orgId, ago(10)]);
    await sql('update public.registry_entries set effective_from = $2 where organization_id = $1', [orgId, ago(10)]);
    await sql('update public.organization_verification_schemas set declared_at = $2 where organization_id = $1', [orgId, ago(8)]);
    await sql('update public.organization_verification_schema_history set declared_from = $2 where organization_id = $1', [orgId, ago(8)]);
    await sql(
      `insert into public.registry_status_changes (organization_id, status, effective_from, reason)
       values ($1, 'suspended', $2, 'Test suspension'), ($1, 'active', $3, null)`,
      [orgId, ago(6), ago(4)],
    );
    await sql('update public.registry_entries set effective_from = $2 where organization_id = $1', [orgId, ago(4)]);
    expectOk(await admin.client.rpc('change_verification_schema_status', { p_id: schemaB, p_status: 'deprecated' }));
    await sql('update public.verification_schemas set deprecated_at = $2 where id = $1', [schemaB, ago(3)]);
    await declare(orgAdmin, orgId, [schemaB]);
    await sql(
      'update public.organization_verification_schema_history set withdrawn_at = $3 where organization_id = $1 and schema_id = $2',
      [orgId, schemaA, ago(2)],
    );
  });

  it('answers a visitor: authorised while a member, declared and the schema active, with the effective dates', async () => {
    const yes = await answer(orgId, schemaA, ago(7));
    expect(yes).toMatchObject({
      organization_id: orgId,
      organization_name: `${tag} Verifier`,
      schema_id: schemaA,
      schema_name: `${tag} Passport`,
      schema_version: '1.0',
      authorized: true,
      reason: null,
      declaration_status: 'declared',
      registry_status: 'active',
      schema_status: 'active',
      schema_deprecated_at: null,
    });
    same(yes.on_time, ago(7));
    same(yes.effective_from, ago(8));
    same(yes.effective_until, ago(2));
    same(yes.registry_status_effective_from, ago(10));
    expect(await answer(orgId, schemaA, ago(3))).toMatchObject({ authorized: true, registry_status: 'active' });
  });

  it('before the first approval: not a member', async () => {
    expect(await answer(orgId, schemaA, ago(11))).toMatchObject({
      authorized: false,
      reason: 'not_a_member',
      registry_status: null,
      registry_status_effective_from: null,
      declaration_status: 'not_declared',
      effective_from: null,
    });
  });

  it('after approval, before the declaration: not declared', async () => {
    expect(await answer(orgId, schemaA, ago(9))).toMatchObject({
      authorized: false,
      reason: 'not_declared',
      registry_status: 'active',
      declaration_status: 'not_declared',
      effective_from: null,
      effective_until: null,
    });
  });

  it('while suspended: declared, but not authorised', async () => {
    const suspended = await answer(orgId, schemaA, ago(5));
    expect(suspended).toMatchObject({ authorized: false, reason: 'suspended', registry_status: 'suspended', declaration_status: 'declared' });
    same(suspended.registry_status_effective_from, ago(6));
  });

  it('after the withdrawal: withdrawn, with the period that ended', async () => {
    for (const on of [ago(1), undefined]) {
      const withdrawn = await answer(orgId, schemaA, on);
      expect(withdrawn).toMatchObject({ authorized: false, reason: 'withdrawn', declaration_status: 'withdrawn' });
      same(withdrawn.effective_from, ago(8));
      same(withdrawn.effective_until, ago(2));
    }
  });

  it('a schema after its deprecation date: still declared, not authorised, and says so', async () => {
    expect(await answer(orgId, schemaB, ago(3.5))).toMatchObject({ authorized: true, schema_status: 'active' });
    const deprecated = await answer(orgId, schemaB, ago(1));
    expect(deprecated).toMatchObject({
      authorized: false,
      reason: 'schema_deprecated',
      declaration_status: 'declared',
      effective_until: null,
      schema_status: 'deprecated',
    });
    same(deprecated.schema_deprecated_at, ago(3));
  });

  it('a schema before it was activated: not yet active', async () => {
    expect(await answer(orgId, schemaB, ago(25))).toMatchObject({ authorized: false, reason: 'not_a_member', schema_status: 'draft' });
  });

  it('answers signed-in callers the same', async () => {
    const result = await orgAdmin.client.rpc('registry_verifies', { p_organization_id: orgId, p_schema_id: schemaA, p_on: ago(5) });
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({ authorized: false, reason: 'suspended' });
  });
});

describe('who is answered about', () => {
  it('never answers about a pending or rejected applicant, even one that declared a schema (attack)', async () => {
    await declare(pendingAdmin, pendingOrgId, [schemaA]);
    for (const id of [pendingOrgId, rejectedOrgId, randomUUID()]) {
      const result = await ask(id, schemaA);
      expect(result.data).toBeNull();
      expect(result.error?.message).toBe('organization_not_in_registry');
      expect(result.error?.code).toBe('P0002');
      expect(JSON.stringify(result.error)).not.toContain(tag);
    }
  });

  it('never answers about a draft schema, as if unknown (attack)', async () => {
    const draft = expectOk(
      await admin.client.rpc('save_verification_schema', {
        p_id: null,
        p_name: `${tag} Secret`,
        p_version: '1.0',
        p_description: 'A draft.',
        p_assurance_level: 'low',
        p_attributes: ATTRIBUTES,
      }),
    ) as { id: string };
    for (const id of [draft.id, randomUUID()]) {
      const result = await ask(orgId, id);
      expect(result.data).toBeNull();
      expect(result.error?.message).toBe('schema_not_found');
      expect(JSON.stringify(result.error)).not.toContain('Secret');
    }
  });
});
