import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { submittedApplicant } from '../support/application-fixtures.ts';
import { expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Decision 064: private.registry_conflicts answers by index (stored name keys
 * in private.organization_registry_keys, indexes on registry_domain) instead
 * of folding every member's names on every call. The answers must be the ones
 * the old scan gave: each case below is asked of the new function and of the
 * old function's query (kept here as the reference), and both must name the
 * same members for the same fields. The stored keys must follow a rename
 * through the only path that renames (approve_organization_change).
 */

const tag = randomUUID().slice(0, 6);

// The body of private.registry_conflicts as 20261124000300_registered-facts.sql defined it.
const OLD_REGISTRY_CONFLICTS = `
  with asked as (
    select 'name' as field, private.registry_name_key($2) as key
     where nullif(btrim($2), '') is not null
    union all
    select 'legal_name', private.registry_name_key($3)
     where nullif(btrim($3), '') is not null
  ), members as materialized (
    select o.id, o.name, o.registry_domain as host,
           private.registry_name_key(o.name) as name_key,
           case when o.legal_name is not null then private.registry_name_key(o.legal_name) end as legal_name_key
      from public.registry_entries e
      join public.organizations o on o.id = e.organization_id
     where o.id is distinct from $1::uuid
  ), wanted as materialized (
    select private.registry_domain($4) as host
  )
  select a.field, m.id as member_id, m.name as member_name
    from asked a
    join members m on a.key = m.name_key or a.key = m.legal_name_key
  union all
  select 'website', m.id, m.name
    from wanted w
    join members m
      on w.host is not null and m.host is not null
     and (w.host = m.host
          or right(w.host, char_length(m.host) + 1) = '.' || m.host
          or right(m.host, char_length(w.host) + 1) = '.' || w.host)`;

interface Conflict {
  field: string;
  member_id: string;
  member_name: string;
}

const sorted = (rows: Conflict[]) => [...rows].sort((a, b) => `${a.field}/${a.member_id}`.localeCompare(`${b.field}/${b.member_id}`));

type Asked = [organizationId: string | null, name: string | null, legalName: string | null, website: string | null];

/** Asks the new function and the old query; they must agree, and the new answer is returned. */
async function conflicts(...asked: Asked): Promise<Conflict[]> {
  const now = await sql<Conflict>('select field, member_id, member_name from private.registry_conflicts($1, $2, $3, $4)', asked);
  const before = await sql<Conflict>(OLD_REGISTRY_CONFLICTS, asked);
  expect(sorted(now), JSON.stringify(asked)).toEqual(sorted(before));
  return sorted(now);
}

/** An organisation stored and given an application by SQL (fast); approved makes it a registry member. */
async function organization(name: string, legalName: string | null, website: string | null, status: 'approved' | 'pending' = 'approved') {
  const id = randomUUID();
  await sql('insert into public.organizations (id, name, legal_name, website, created_by) values ($1, $2, $3, $4, null)', [id, name, legalName, website]);
  await sql('insert into public.organization_applications (organization_id, status) values ($1, $2)', [id, status]);
  return { id, name };
}

const storedKeys = async (orgId: string) =>
  (
    await sql<{ name_key: string; legal_name_key: string | null; expected_name_key: string; expected_legal_name_key: string | null }>(
      `select k.name_key, k.legal_name_key,
              private.registry_name_key(o.name) as expected_name_key,
              case when o.legal_name is not null then private.registry_name_key(o.legal_name) end as expected_legal_name_key
         from public.organizations o join private.organization_registry_keys k on k.organization_id = o.id
        where o.id = $1`,
      [orgId],
    )
  )[0];

describe('registry conflicts by index give the answers the scan gave', () => {
  let zuider: { id: string; name: string };
  let parent: { id: string; name: string };
  let sub: { id: string; name: string };
  let pending: { id: string; name: string };

  beforeAll(async () => {
    zuider = await organization(`Zuidërbank ${tag}`, `Zuider Holding ${tag} B.V.`, `https://www.zuider-${tag}.example/`);
    parent = await organization(`Parent Domain ${tag}`, null, `https://parent-${tag}.example`);
    sub = await organization(`Sub Domain ${tag}`, null, `https://eu.sub-${tag}.example`);
    // Not in the registry: an applicant is nobody's conflict.
    pending = await organization(`Pending Heron ${tag}`, `Pending Heron ${tag} Ltd`, `https://pending-heron-${tag}.example`, 'pending');
  });

  it('stores each organisation’s keys as private.registry_name_key computes them', async () => {
    for (const org of [zuider, parent, sub, pending]) {
      const keys = await storedKeys(org.id);
      expect(keys, org.name).toBeDefined();
      expect(keys.name_key).toBe(keys.expected_name_key);
      expect(keys.legal_name_key).toBe(keys.expected_legal_name_key);
    }
    expect((await storedKeys(zuider.id)).name_key).toBe(`zuiderbank${tag}`);
    expect((await storedKeys(parent.id)).legal_name_key).toBeNull();
  });

  it('the same name, with case, accents, spaces and punctuation folded', async () => {
    for (const name of [`ZUIDERBANK ${tag}`, `Zuider-Bank ${tag}`, ` zuidër bank ${tag} `]) {
      expect(await conflicts(null, name, null, null), name).toEqual([{ field: 'name', member_id: zuider.id, member_name: zuider.name }]);
    }
  });

  it('a legal name as a name, and a name as a legal name', async () => {
    expect(await conflicts(null, `zuider holding ${tag} bv`, null, null)).toEqual([{ field: 'name', member_id: zuider.id, member_name: zuider.name }]);
    expect(await conflicts(null, null, `Zuidër Bank ${tag}`, null)).toEqual([
      { field: 'legal_name', member_id: zuider.id, member_name: zuider.name },
    ]);
    expect(await conflicts(null, null, `ZUIDER HOLDING ${tag} B.V.`, null)).toEqual([
      { field: 'legal_name', member_id: zuider.id, member_name: zuider.name },
    ]);
    // Both at once: one row per field.
    expect(await conflicts(null, `Zuiderbank ${tag}`, `Zuider Holding ${tag} BV`, null)).toEqual([
      { field: 'legal_name', member_id: zuider.id, member_name: zuider.name },
      { field: 'name', member_id: zuider.id, member_name: zuider.name },
    ]);
  });

  it('the same domain, a parent of the member’s domain, and a domain within it', async () => {
    const website = (member: { id: string; name: string }) => [{ field: 'website', member_id: member.id, member_name: member.name }];
    expect(await conflicts(null, null, null, `http://ZUIDER-${tag}.example/about`)).toEqual(website(zuider));
    // The member's domain is a parent of the asked one.
    expect(await conflicts(null, null, null, `https://shop.eu.parent-${tag}.example`)).toEqual(website(parent));
    // The member's domain lies within the asked one.
    expect(await conflicts(null, null, null, `https://sub-${tag}.example`)).toEqual(website(sub));
    expect(await conflicts(null, null, null, `https://eu.sub-${tag}.example`)).toEqual(website(sub));
  });

  it('a revoked member still holds its name, legal name and domain, as the registry still lists it', async () => {
    const revoked = await organization(`Revoked Osprey ${tag}`, `Revoked Osprey ${tag} SA`, `https://revoked-osprey-${tag}.example`);
    await sql(`update public.registry_entries set status = 'revoked' where organization_id = $1`, [revoked.id]);
    expect(await conflicts(null, `revoked osprey ${tag}`, `Revoked Osprey ${tag} S.A.`, `https://www.revoked-osprey-${tag}.example`)).toEqual([
      { field: 'legal_name', member_id: revoked.id, member_name: revoked.name },
      { field: 'name', member_id: revoked.id, member_name: revoked.name },
      { field: 'website', member_id: revoked.id, member_name: revoked.name },
    ]);
  });

  it('none for an unrelated organisation, a look-alike domain, the member itself, or an applicant not yet in the registry', async () => {
    expect(await conflicts(null, `Nothing Like It ${tag}`, `Nothing Like It ${tag} Ltd`, `https://elsewhere-${tag}.example`)).toEqual([]);
    // Ends with the member's domain, but not after a dot.
    expect(await conflicts(null, null, null, `https://xzuider-${tag}.example`)).toEqual([]);
    expect(await conflicts(null, null, null, `https://ub-${tag}.example`)).toEqual([]);
    expect(await conflicts(zuider.id, zuider.name, `Zuider Holding ${tag} B.V.`, `https://zuider-${tag}.example`)).toEqual([]);
    expect(await conflicts(null, pending.name, `Pending Heron ${tag} Ltd`, `https://pending-heron-${tag}.example`)).toEqual([]);
    // Nothing asked, nothing found; a public suffix identifies nobody.
    expect(await conflicts(null, null, null, null)).toEqual([]);
    expect(await conflicts(null, '  ', '', 'https://example')).toEqual([]);
  });
});

describe('registry conflicts read a handful of rows, not the registry', () => {
  it('asking a name, a legal name and a website reads a few organisations, however many members there are', async () => {
    // Enough members that reading them all cannot pass for reading a few.
    await sql(
      `with made as (
         insert into public.organizations (id, name, legal_name, website, created_by)
         select gen_random_uuid(), 'Crowd Member ${tag} ' || n, 'Crowd Member ${tag} ' || n || ' Ltd', 'https://crowd-${tag}-' || n || '.example', null
           from generate_series(1, 60) as n
         returning id)
       insert into public.organization_applications (organization_id, status) select id, 'approved' from made`,
    );
    const db = new pg.Client({ connectionString: stackConfig('test').dbUrl });
    await db.connect();
    try {
      await db.query('begin');
      // On a test database's few hundred rows the planner rightly prefers
      // reading whole tables; at scale (100,000 organisations) it looks each
      // key up, as here. The old check read every member whatever the plan.
      await db.query('set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off');
      const found = await db.query<Conflict>('select * from private.registry_conflicts(null, $1, $2, $3)', [
        `crowd member ${tag} 7`,
        `Crowd Member ${tag} 8 Ltd`,
        `https://www.crowd-${tag}-9.example`,
      ]);
      expect(found.rows.map((r) => r.field).sort()).toEqual(['legal_name', 'name', 'website']);
      const read = await db.query<{ relname: string; rows: string }>(
        `select relname, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as rows
           from pg_stat_xact_user_tables where relid in ('public.organizations'::regclass, 'public.registry_entries'::regclass)`,
      );
      for (const r of read.rows) expect(Number(r.rows), r.relname).toBeLessThanOrEqual(10);
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });
});

describe('the stored keys follow a rename', () => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser('conflict-keys-admin');
    await makeSystemAdmin(admin);
  });

  it('through an approved change request: the old name is free, the new one is taken, the keys match the new names', async () => {
    const member = await submittedApplicant('conflict-keys-member', { name: `Heron Trust ${tag}`, legal_name: `Heron Trust ${tag} Ltd` });
    expectOk(await admin.client.rpc('approve_application', { p_organization_id: member.orgId }));
    const heron = [{ field: 'name', member_id: member.orgId, member_name: `Heron Trust ${tag}` }];
    expect(await conflicts(null, `heron trust ${tag}`, null, null)).toEqual(heron);

    const asked = expectOk(
      await member.user.client.rpc('request_organization_change', {
        p_organization_id: member.orgId,
        p_changes: { name: `Kingfisher Trust ${tag}`, legal_name: `Kingfisher Trust ${tag} Ltd` },
        p_reason: 'We changed our name.',
      }),
    ) as { id: string };
    // Asked, not yet approved: the keys are still the old name's.
    expect((await storedKeys(member.orgId)).name_key).toBe(`herontrust${tag}`);
    expectOk(await admin.client.rpc('approve_organization_change', { p_request_id: asked.id }));

    const keys = await storedKeys(member.orgId);
    expect(keys).toEqual({
      name_key: `kingfishertrust${tag}`,
      legal_name_key: `kingfishertrust${tag}ltd`,
      expected_name_key: `kingfishertrust${tag}`,
      expected_legal_name_key: `kingfishertrust${tag}ltd`,
    });
    expect(await conflicts(null, `Heron Trust ${tag}`, `Heron Trust ${tag} Ltd`, null)).toEqual([]);
    expect(await conflicts(null, `KINGFISHER-TRUST ${tag}`, null, null)).toEqual([
      { field: 'name', member_id: member.orgId, member_name: `Kingfisher Trust ${tag}` },
    ]);
    expect(await conflicts(null, null, `Kingfisher Trust ${tag} Ltd.`, null)).toEqual([
      { field: 'legal_name', member_id: member.orgId, member_name: `Kingfisher Trust ${tag}` },
    ]);
  });

  it('a deleted organisation takes its keys with it', async () => {
    const gone = await organization(`Short Lived ${tag}`, null, null);
    expect(await storedKeys(gone.id)).toBeDefined();
    await sql('delete from public.organizations where id = $1', [gone.id]);
    expect(await sql('select 1 from private.organization_registry_keys where organization_id = $1', [gone.id])).toEqual([]);
  });
});
