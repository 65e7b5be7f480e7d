import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { neighbourOf, organisationWithData, type OrganisationWithData } from '../support/organisation-data-fixtures.ts';
import { asAnon, asServiceRole, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * ▶ Export (issue 27 part 7, decision 076): the tables holding an
 * organisation's data come from the catalog, the organisation-export Edge
 * Function zips every one as JSON and CSV with the stored files and a manifest
 * of counts and SHA-256 hashes, behind a 15-minute signed URL. Real users and
 * tokens through the gateway; the archive opened with fflate as a person's
 * unzip would.
 */

interface Manifest {
  organization: { id: string; name: string };
  tables: { table: string; rows: number; json: string; csv: string }[];
  files: { bucket: string; path: string; entry: string; bytes: number; sha256: string }[];
  sha256: Record<string, string>;
}

interface ExportAnswer {
  url: string;
  fileName: string;
  path: string;
  sha256: string;
  expiresIn: number;
  manifest: Manifest;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

let admin: TestUser;
let org: OrganisationWithData;
let neighbour: OrganisationWithData;

beforeAll(async () => {
  admin = await newUser('export-admin');
  await makeSystemAdmin(admin);
  await enrolVerifiedTotp(admin.client);
  org = await organisationWithData(`Lindqvist Identity ${Date.now()}`);
  neighbour = await neighbourOf(org.name);
}, 120_000);

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('the tables of an organisation, from the catalog', () => {
  it('every table that references an organisation is either exported or listed as the network\'s own with a reason', async () => {
    // The walk, written here again from the catalog: foreign-key descendants of
    // public.organizations, and tables with an organization_id column.
    const found = await sql<{ t: string }>(`
      with recursive tables as (
        select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname in ('public', 'private')
      ), reached (oid) as (
        select 'public.organizations'::regclass::oid
        union select a.attrelid from pg_attribute a join tables t on t.oid = a.attrelid where a.attname = 'organization_id' and not a.attisdropped
        union select f.conrelid from pg_constraint f join reached r on f.confrelid = r.oid where f.contype = 'f' and f.conrelid in (select oid from tables)
      )
      select n.nspname || '.' || c.relname as t from reached r join pg_class c on c.oid = r.oid join pg_namespace n on n.oid = c.relnamespace`);
    const map = await sql<{ table_name: string; treatment: string; reason: string }>('select table_name, treatment, reason from private.organisation_data_map');
    const mapped = new Map(map.map((m) => [m.table_name, m]));
    const missing = found.map((r) => r.t).filter((t) => !mapped.has(t));
    expect(missing, 'tables referencing an organisation that neither the export nor the network\'s own list names').toEqual([]);
    for (const m of map) expect(m.reason.length, m.table_name).toBeGreaterThanOrEqual(10);
    // The map names nothing the walk does not find, except the members' profiles (people, not organisations).
    const extra = map.map((m) => m.table_name).filter((t) => !found.some((r) => r.t === t));
    expect(extra).toEqual(['public.profiles']);
    // The database's own walk agrees with this one.
    const own = await sql<{ t: string }>('select t from private.organisation_reference_tables() t');
    expect(own.map((r) => r.t).sort()).toEqual(found.map((r) => r.t).sort());
  });

  it('a new table with an organisation reference is found, and is in neither list until someone decides', async () => {
    await sql('create table public.export_probe (id int primary key, organization_id uuid references public.organizations (id))');
    try {
      const own = await sql<{ t: string }>('select t from private.organisation_reference_tables() t');
      expect(own.map((r) => r.t)).toContain('public.export_probe');
      const [row] = await sql<{ n: number }>(`select count(*)::int as n from private.organisation_data_map where table_name = 'public.export_probe'`);
      expect(row.n).toBe(0);
    } finally {
      await sql('drop table public.export_probe');
    }
  });
});

describe('who may export', () => {
  const FUNCTIONS = ['admin_export_organisation', 'export_my_organisation'];

  it('both functions are security definer with search_path and timeouts set, executable by authenticated alone', async () => {
    const rows = await sql<{ proname: string; prosecdef: boolean; proconfig: string[]; anon: boolean; authenticated: boolean; args: string }>(
      `select p.proname, p.prosecdef, p.proconfig, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              pg_get_function_identity_arguments(p.oid) as args
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = any($1)`,
      [FUNCTIONS],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row, row.proname).toMatchObject({ prosecdef: true, anon: false, authenticated: true, args: 'p_organization_id uuid' });
      expect(row.proconfig.sort()).toEqual(['lock_timeout=1s', 'search_path=""', 'statement_timeout=5s']);
    }
  });

  it('a visitor, a member, an investor and an administrator below aal2 or without a factor are refused', async () => {
    const anon = await asAnon().rpc('admin_export_organisation', { p_organization_id: org.id });
    expect(anon.error?.message).toMatch(/permission denied/);
    const investor = await newUser('export-investor');
    await sql(`insert into public.investor_access (user_id, level) values ($1, 'data_room')`, [investor.id]);
    for (const person of [org.member, org.admin, investor]) {
      const result = await person.client.rpc('admin_export_organisation', { p_organization_id: org.id });
      expect(result.error?.code).toBe('42501');
      expect(result.error?.message).toMatch(/^Only system administrators may /);
    }
    const aal1: SupabaseClient = await signInAgain(admin);
    expect((await aal1.rpc('admin_export_organisation', { p_organization_id: org.id })).error?.message).toBe('aal2_required');
    const noFactor = await newUser('export-admin-no-factor');
    await makeSystemAdmin(noFactor);
    expect((await noFactor.client.rpc('admin_export_organisation', { p_organization_id: org.id })).error?.message).toBe('second_factor_setup_required');
    // A member who is not the organisation's administrator, and another organisation's administrator.
    const other = await newUser('export-other-org-admin');
    await addMember(await createOrganization(null, { status: 'approved' }), other, 'admin');
    for (const person of [org.member, other]) {
      const result = await callFunction('organisation-export', person, { organizationId: org.id, as: 'organisation' });
      expect(result.status).toBe(403);
      expect(result.body.error).toBe('forbidden');
    }
    expect((await callFunction('organisation-export', null, { organizationId: org.id, as: 'network' })).status).toBe(401);
  });
});

describe('the archive', () => {
  let answer: ExportAnswer;
  let entries: Record<string, Uint8Array>;

  beforeAll(async () => {
    const before = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where action = 'database.organisation_exported' and organization_id = $1`, [org.id]);
    const result = await callFunction('organisation-export', admin, { organizationId: org.id, as: 'network' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    answer = result.body as unknown as ExportAnswer;
    const zip = await download(answer.url);
    expect(sha256(zip)).toBe(answer.sha256);
    entries = unzipSync(zip);
    const after = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where action = 'database.organisation_exported' and organization_id = $1`, [org.id]);
    expect(after[0].n).toBe(before[0].n + 1);
  }, 60_000);

  it('lives 15 minutes behind a signed URL, in the private bucket, named after the organisation', async () => {
    expect(answer.expiresIn).toBe(900);
    expect(answer.fileName).toMatch(/^Lindqvist-Identity-\d+-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const [bucket] = await sql<{ public: boolean }>(`select public from storage.buckets where id = 'organisation_exports'`);
    expect(bucket.public).toBe(false);
    const stored = await sql<{ name: string }>(`select name from storage.objects where bucket_id = 'organisation_exports' and name = $1`, [answer.path]);
    expect(stored).toHaveLength(1);
    // Without the signature the archive is not served.
    const bare = await fetch(answer.url.replace(/\/sign\//, '/public/').replace(/\?.*$/, ''));
    expect(bare.status).not.toBe(200);
  });

  it('has every exported table as JSON and CSV, its counts equal to the database\'s', async () => {
    const manifest = JSON.parse(strFromU8(entries['manifest.json'])) as Manifest;
    expect(manifest.organization).toEqual({ id: org.id, name: org.name });
    const exported = await sql<{ table_name: string; row_filter: string }>(`select table_name, row_filter from private.organisation_data_map where treatment = 'exported'`);
    expect(manifest.tables.map((t) => t.table).sort()).toEqual(exported.map((e) => e.table_name).sort());
    for (const { table_name, row_filter } of exported) {
      const [count] = await sql<{ n: number }>(`select count(*)::int as n from ${table_name} t where ${row_filter}`, [org.id]);
      const listed = manifest.tables.find((t) => t.table === table_name)!;
      expect(listed.rows, table_name).toBe(count.n);
      const rows = JSON.parse(strFromU8(entries[listed.json])) as unknown[];
      expect(rows, table_name).toHaveLength(count.n);
      const csv = Papa.parse(strFromU8(entries[listed.csv]), { header: true, skipEmptyLines: true });
      expect(csv.data, table_name).toHaveLength(count.n);
    }
    // Counted independently of the map, for what the fixture made.
    const rowsOf = (table: string) => manifest.tables.find((t) => t.table === table)!.rows;
    expect(rowsOf('public.organizations')).toBe(1);
    expect(rowsOf('public.organization_members')).toBe(2);
    expect(rowsOf('public.profiles')).toBe(2);
    expect(rowsOf('public.conversation_messages')).toBe(1);
    expect(rowsOf('public.conversation_attachments')).toBe(1);
    expect(rowsOf('public.invoices')).toBe(2);
    expect(rowsOf('public.billing_profiles')).toBe(1);
    expect(rowsOf('public.notifications')).toBeGreaterThanOrEqual(1);
    const members = JSON.parse(strFromU8(entries['tables/public.profiles.json'])) as { email: string }[];
    expect(members.map((m) => m.email).sort()).toEqual([org.admin.email, org.member.email].sort());
  });

  it('holds the stored files, each with its SHA-256 in the manifest, as are the tables', async () => {
    const manifest = JSON.parse(strFromU8(entries['manifest.json'])) as Manifest;
    expect(manifest.files.map((f) => `${f.bucket}/${f.path}`).sort()).toEqual(org.files.map((f) => `${f.bucket}/${f.path}`).sort());
    for (const file of org.files) {
      const entry = entries[`files/${file.bucket}/${file.path}`];
      expect(Buffer.from(entry).equals(file.bytes), file.path).toBe(true);
      expect(manifest.sha256[`files/${file.bucket}/${file.path}`]).toBe(sha256(file.bytes));
    }
    for (const [name, bytes] of Object.entries(entries)) {
      if (name !== 'manifest.json') expect(manifest.sha256[name], name).toBe(sha256(bytes));
    }
  });

  it('holds nothing of the neighbour with the similar name', async () => {
    const text = Object.entries(entries)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(text).not.toContain(neighbour.id);
    expect(text).not.toContain(neighbour.admin.email);
    expect(text).not.toContain(neighbour.name);
    expect(Object.keys(entries).some((name) => name.includes(neighbour.id))).toBe(false);
  });

  it('is listed for deletion once 7 days old, not before', async () => {
    const now = await asServiceRole().rpc('expired_organisation_exports', {});
    expect(now.error).toBeNull();
    expect((now.data as { name: string }[]).map((r) => r.name)).not.toContain(answer.path);
    const later = await asServiceRole().rpc('expired_organisation_exports', { p_now: new Date(Date.now() + 8 * 86_400_000).toISOString() });
    expect((later.data as { name: string }[]).map((r) => r.name)).toContain(answer.path);
    expect((await admin.client.rpc('expired_organisation_exports', {})).error?.code).toBe('42501');
  });
});

describe('an organisation\'s own administrator', () => {
  it('exports their organisation from the member area, and it is recorded as theirs', async () => {
    const result = await callFunction('organisation-export', org.admin, { organizationId: org.id, as: 'organisation' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const entries = unzipSync(await download((result.body as unknown as ExportAnswer).url));
    const manifest = JSON.parse(strFromU8(entries['manifest.json'])) as Manifest;
    expect(manifest.organization.id).toBe(org.id);
    const [entry] = await sql<{ actor_id: string; details: { by: string } }>(
      `select actor_id, details from public.network_activity where action = 'database.organisation_exported' and organization_id = $1 order by id desc limit 1`,
      [org.id],
    );
    expect(entry).toMatchObject({ actor_id: org.admin.id, details: { by: 'organisation' } });
  }, 60_000);
});
