import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Investor content's rows (20261129000200_investor-content.sql, decision 060):
 * who reads which folder, document, version, update, NDA and access-log row,
 * as real users with real JWTs through supabase-js. Fixtures are arranged as
 * the database superuser; the writing RPCs have their own tests below.
 *
 * NDA versions are global: this file starts from none (db test files run one
 * at a time) and publishes its own.
 */

let admin: TestUser;
let lite: TestUser;
let dataRoom: TestUser;
let member: TestUser; // signed in, no investor grant
let stakeholder: TestUser;

async function grant(user: TestUser, level: 'lite' | 'data_room') {
  await sql('insert into public.investor_access (user_id, level) values ($1, $2::public.investor_access_level)', [user.id, level]);
}

interface Fixture {
  folderId: string;
  liteDoc: string;
  liteVersion: string;
  roomDoc: string;
  roomVersion: string;
}

/** A folder with one lite and one data_room document, each with a current version (rows only). */
async function arrange(): Promise<Fixture> {
  const [{ id: folderId }] = await sql<{ id: string }>(
    `insert into public.investor_folders (name) values ($1) returning id`, [`Folder ${randomUUID().slice(0, 8)}`]);
  const doc = async (level: string) => {
    const [{ id }] = await sql<{ id: string }>(
      `insert into public.investor_documents (folder_id, title, level) values ($1, $2, $3::public.investor_access_level) returning id`,
      [folderId, `${level} doc`, level]);
    const versionId = randomUUID();
    await sql(
      `insert into public.investor_document_versions (id, document_id, version, storage_path, file_name, content_type, size_bytes)
       values ($1, $2, 1, $3, 'deck.pdf', 'application/pdf', 100)`,
      [versionId, id, `${id}/${versionId}/deck.pdf`]);
    await sql('update public.investor_documents set current_version_id = $1 where id = $2', [versionId, id]);
    return { id, versionId };
  };
  const l = await doc('lite');
  const r = await doc('data_room');
  return { folderId, liteDoc: l.id, liteVersion: l.versionId, roomDoc: r.id, roomVersion: r.versionId };
}

async function publishNda(body = 'Keep it confidential.'): Promise<number> {
  const [{ version }] = await sql<{ version: number }>(
    `insert into public.nda_versions (version, body) select coalesce(max(version), 0) + 1, $1 from public.nda_versions returning version`, [body]);
  return version;
}

async function agree(user: TestUser, version: number) {
  await sql('insert into public.nda_agreements (user_id, nda_version) values ($1, $2)', [user.id, version]);
}

async function ids(user: TestUser | null, table: string, column = 'id'): Promise<string[]> {
  const client = user ? user.client : asAnon();
  const { data, error } = await client.from(table).select(column);
  if (!user) {
    // Visitors have no grant at all.
    expect(error?.code).toBe('42501');
    return [];
  }
  expect(error).toBeNull();
  return (data as unknown as Record<string, string>[]).map((r) => String(r[column]));
}

let f: Fixture;

beforeAll(async () => {
  [admin, lite, dataRoom, member, stakeholder] = await Promise.all([
    newUser('ic-admin'), newUser('ic-lite'), newUser('ic-data-room'), newUser('ic-member'), newUser('ic-stakeholder'),
  ]);
  await makeSystemAdmin(admin);
  await grant(lite, 'lite');
  await grant(dataRoom, 'data_room');
  await sql('insert into public.stakeholders (user_id, affiliation) values ($1, $2)', [stakeholder.id, 'Tests']);
  await sql('delete from public.nda_agreements');
  await sql('delete from public.nda_versions');
  f = await arrange();
});

describe('with no NDA published (fail closed)', () => {
  it('a data-room investor reads lite content but no data_room document, version or folder-by-it', async () => {
    const docs = await ids(dataRoom, 'investor_documents');
    expect(docs).toContain(f.liteDoc);
    expect(docs).not.toContain(f.roomDoc);
    const versions = await ids(dataRoom, 'investor_document_versions');
    expect(versions).toContain(f.liteVersion);
    expect(versions).not.toContain(f.roomVersion);
  });
});

describe('with an NDA', () => {
  it('a lite investor reads the lite document and its folder, never the data_room one, agreed or not', async () => {
    const v = await publishNda();
    expect(await ids(lite, 'investor_documents')).toEqual(expect.arrayContaining([f.liteDoc]));
    expect(await ids(lite, 'investor_documents')).not.toContain(f.roomDoc);
    await agree(lite, v);
    expect(await ids(lite, 'investor_documents')).not.toContain(f.roomDoc);
    expect(await ids(lite, 'investor_document_versions')).not.toContain(f.roomVersion);
    expect(await ids(lite, 'investor_folders')).toContain(f.folderId);
  });

  it('a data-room investor reads data_room content only after agreeing to the current version, and again only after agreeing to a new one', async () => {
    const v1 = Number((await sql<{ v: number }>('select max(version) as v from public.nda_versions'))[0].v);
    expect(await ids(dataRoom, 'investor_documents')).not.toContain(f.roomDoc);
    await agree(dataRoom, v1);
    expect(await ids(dataRoom, 'investor_documents')).toContain(f.roomDoc);
    expect(await ids(dataRoom, 'investor_document_versions')).toContain(f.roomVersion);

    const v2 = await publishNda('Keep it confidential, and more.');
    expect(await ids(dataRoom, 'investor_documents')).not.toContain(f.roomDoc);
    expect(await ids(dataRoom, 'investor_document_versions')).not.toContain(f.roomVersion);
    await agree(dataRoom, v2);
    expect(await ids(dataRoom, 'investor_documents')).toContain(f.roomDoc);
  });

  it('members, stakeholders and visitors read nothing', async () => {
    for (const who of [member, stakeholder, null]) {
      for (const table of ['investor_folders', 'investor_documents', 'investor_document_versions', 'investor_updates', 'investor_document_access']) {
        expect(await ids(who, table)).toEqual([]);
      }
      expect(await ids(who, 'nda_versions', 'version')).toEqual([]);
      expect(await ids(who, 'nda_agreements', 'user_id')).toEqual([]);
    }
  });

  it('nobody writes a row directly, not even a system administrator', async () => {
    for (const who of [admin, dataRoom]) {
      expectDenied(await who.client.from('investor_folders').insert({ name: 'Sneaky' }));
      expectDenied(await who.client.from('nda_agreements').insert({ user_id: who.id, nda_version: 1 }));
      expectDenied(await who.client.from('investor_documents').update({ level: 'lite' }).eq('id', f.roomDoc));
      expectDenied(await who.client.from('investor_document_versions').delete().eq('id', f.roomVersion));
    }
    const [doc] = await sql<{ level: string }>('select level::text from public.investor_documents where id = $1', [f.roomDoc]);
    expect(doc.level).toBe('data_room');
  });

  it('only system administrators read the access log; a person reads only their own agreements', async () => {
    await sql(`insert into public.investor_document_access (document_id, version_id, user_id, email, action) values ($1, $2, $3, $4, 'open')`,
      [f.roomDoc, f.roomVersion, dataRoom.id, dataRoom.email]);
    expect(await ids(dataRoom, 'investor_document_access')).toEqual([]);
    expect(await ids(lite, 'investor_document_access')).toEqual([]);
    expect((await ids(admin, 'investor_document_access')).length).toBeGreaterThan(0);
    expect(new Set(await ids(dataRoom, 'nda_agreements', 'user_id'))).toEqual(new Set([dataRoom.id]));
    expect(await ids(admin, 'nda_agreements', 'user_id')).toEqual(expect.arrayContaining([dataRoom.id, lite.id]));
  });
});
