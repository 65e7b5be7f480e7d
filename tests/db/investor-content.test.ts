import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Investor content's rows (20261129000200_investor-content.sql, decision 060):
 * who reads which folder, document, version, update, NDA and access-log row,
 * as real users with real JWTs through supabase-js. Fixtures are arranged as
 * the database superuser; the writing RPCs have their own tests below.
 *
 * NDA versions are global (the seed has one, `npm test` shares one stack
 * between tiers): this file publishes its own on top and checks "no NDA at
 * all" inside a transaction it rolls back, so nothing else ever sees it.
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
  f = await arrange();
});

/**
 * Runs `query` as `user` (role authenticated, their id as the JWT's sub, as
 * PostgREST sets it) inside a transaction in which no NDA exists, then rolls
 * back: the seed's and other tests' NDA versions are untouched.
 */
async function asUserWithoutAnyNda<Row extends pg.QueryResultRow>(user: TestUser, query: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: stackConfig('test').dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('delete from public.nda_agreements');
    await client.query('delete from public.nda_versions');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: user.id, role: 'authenticated', aal: 'aal1' })]);
    await client.query('set local role authenticated');
    return (await client.query<Row>(query, params)).rows;
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

describe('before agreeing, and with no NDA published at all (fail closed)', () => {
  it('a data-room investor who has agreed to nothing reads lite content but no data_room document or version', async () => {
    const docs = await ids(dataRoom, 'investor_documents');
    expect(docs).toContain(f.liteDoc);
    expect(docs).not.toContain(f.roomDoc);
    const versions = await ids(dataRoom, 'investor_document_versions');
    expect(versions).toContain(f.liteVersion);
    expect(versions).not.toContain(f.roomVersion);
  });

  it('with no NDA published, a data-room investor reads no data_room row nor object, however the rule is asked', async () => {
    const rows = await asUserWithoutAnyNda<{ id: string }>(dataRoom,
      `select id::text from public.investor_documents
       union all select id::text from public.investor_document_versions
       union all select name from storage.objects where bucket_id = 'investor_documents' and name = $1`,
      [`${f.roomDoc}/${f.roomVersion}/deck.pdf`]);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([f.liteDoc, f.liteVersion]));
    expect(rows.map((r) => r.id)).not.toContain(f.roomDoc);
    expect(rows.map((r) => r.id)).not.toContain(f.roomVersion);
    const [answers] = await asUserWithoutAnyNda<Record<string, boolean>>(dataRoom,
      `select private.has_agreed_current_nda() as agreed, private.can_read_investor_level('data_room') as room,
              private.can_read_investor_level('lite') as lite, private.may_read_investor_object($1) as object`,
      [`${f.roomDoc}/${f.roomVersion}/deck.pdf`]);
    expect(answers).toEqual({ agreed: false, room: false, lite: true, object: false });
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

  it('a folder holding only data_room documents is hidden from lite investors (its name says something too)', async () => {
    const [{ id: folderId }] = await sql<{ id: string }>(
      `insert into public.investor_folders (name) values ($1) returning id`, [`Acquisition talks ${randomUUID().slice(0, 8)}`]);
    await sql('update public.investor_documents set folder_id = $1 where id = $2', [folderId, f.roomDoc]);
    try {
      expect(await ids(lite, 'investor_folders')).not.toContain(folderId);
      expect(await ids(dataRoom, 'investor_folders')).toContain(folderId);
      expect(await ids(admin, 'investor_folders')).toContain(folderId);
    } finally {
      await sql('update public.investor_documents set folder_id = $1 where id = $2', [f.folderId, f.roomDoc]);
    }
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

describe('the back office RPCs', () => {
  async function lastAction(key: string, value: string) {
    const rows = await sql<{ action: string; actor_id: string }>(
      `select action, actor_id from public.network_activity where details ->> $1 = $2 order by id desc limit 1`, [key, value]);
    return rows[0];
  }

  it('refuse everyone but system administrators, with nothing changed', async () => {
    const [{ n: before }] = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where action like 'investor_%' or action like 'nda_%'`);
    const [{ v: ndaBefore }] = await sql<{ v: number | null }>('select max(version) as v from public.nda_versions');
    for (const who of [lite, dataRoom, member, stakeholder]) {
      const calls = [
        who.client.rpc('create_investor_folder', { p_name: 'Forged' }),
        who.client.rpc('rename_investor_folder', { p_folder_id: f.folderId, p_name: 'Forged' }),
        who.client.rpc('delete_investor_folder', { p_folder_id: f.folderId }),
        who.client.rpc('create_investor_document', { p_folder_id: f.folderId, p_title: 'Forged', p_description: null, p_level: 'lite' }),
        who.client.rpc('update_investor_document', { p_document_id: f.roomDoc, p_folder_id: f.folderId, p_title: 'Forged', p_description: null, p_level: 'lite' }),
        who.client.rpc('register_investor_document_version', { p_document_id: f.roomDoc, p_storage_path: `${f.roomDoc}/${randomUUID()}/x.pdf` }),
        who.client.rpc('delete_investor_document', { p_document_id: f.roomDoc }),
        who.client.rpc('publish_nda_version', { p_body: 'Forged' }),
        who.client.rpc('post_investor_update', { p_title: 'Forged', p_body: 'Forged' }),
        who.client.rpc('investor_document_access_log', { p_document_id: f.roomDoc }),
      ];
      for (const result of await Promise.all(calls)) expectDenied(result);
    }
    for (const result of await Promise.all([
      asAnon().rpc('publish_nda_version', { p_body: 'Forged' }),
      asAnon().rpc('investor_document_access_log', { p_document_id: f.roomDoc }),
    ])) expectDenied(result);
    const [{ n: after }] = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where action like 'investor_%' or action like 'nda_%'`);
    expect(after).toBe(before);
    expect((await sql<{ v: number | null }>('select max(version) as v from public.nda_versions'))[0].v).toBe(ndaBefore);
    const [doc] = await sql<{ title: string; level: string }>('select title, level::text from public.investor_documents where id = $1', [f.roomDoc]);
    expect(doc).toEqual({ title: 'data_room doc', level: 'data_room' });
  });

  it('folders: created, renamed, refused when the name is taken in any case, deleted only when empty; each recorded', async () => {
    const name = `Financials ${randomUUID().slice(0, 6)}`;
    const id = expectOk(await admin.client.rpc('create_investor_folder', { p_name: `  ${name} ` })) as string;
    expect(await lastAction('folder_id', id)).toEqual({ action: 'investor_folder.created', actor_id: admin.id });
    expect((await admin.client.rpc('create_investor_folder', { p_name: name.toUpperCase() })).error?.message).toBe('folder_name_taken');
    expect((await admin.client.rpc('create_investor_folder', { p_name: '   ' })).error?.message).toBe('invalid_folder_name');
    expect((await admin.client.rpc('rename_investor_folder', { p_folder_id: id, p_name: `${name} 2026` })).error).toBeNull();
    expect(await lastAction('folder_id', id)).toEqual({ action: 'investor_folder.renamed', actor_id: admin.id });
    expect((await admin.client.rpc('delete_investor_folder', { p_folder_id: f.folderId })).error?.message).toBe('folder_not_empty');
    expect(await sql('select 1 from public.investor_folders where id = $1', [f.folderId])).toHaveLength(1);
    expect((await admin.client.rpc('delete_investor_folder', { p_folder_id: id })).error).toBeNull();
    expect(await lastAction('folder_id', id)).toEqual({ action: 'investor_folder.deleted', actor_id: admin.id });
  });

  it('documents: created without a file (investors do not see it), edited with what changed recorded, deleted', async () => {
    const id = expectOk(await admin.client.rpc('create_investor_document', {
      p_folder_id: f.folderId, p_title: 'Board pack', p_description: 'Q3', p_level: 'lite',
    })) as string;
    expect(await ids(lite, 'investor_documents')).not.toContain(id);
    expect(await ids(admin, 'investor_documents')).toContain(id);
    expect((await admin.client.rpc('create_investor_document', { p_folder_id: f.folderId, p_title: '', p_description: null, p_level: 'lite' })).error?.message)
      .toBe('invalid_document_title');
    expect((await admin.client.rpc('update_investor_document', {
      p_document_id: id, p_folder_id: f.folderId, p_title: 'Board pack Q3', p_description: 'Q3', p_level: 'data_room',
    })).error).toBeNull();
    const [entry] = await sql<{ details: { changes: Record<string, unknown> } }>(
      `select details from public.network_activity where action = 'investor_document.updated' and details ->> 'document_id' = $1`, [id]);
    expect(entry.details.changes).toEqual({ title: { from: 'Board pack', to: 'Board pack Q3' }, level: { from: 'lite', to: 'data_room' } });
    expect(expectOk(await admin.client.rpc('delete_investor_document', { p_document_id: id }))).toEqual([]);
    expect(await lastAction('document_id', id)).toEqual({ action: 'investor_document.deleted', actor_id: admin.id });
  });

  it('publishing the NDA makes a new current version and records it', async () => {
    const [{ v: before }] = await sql<{ v: number }>('select max(version) as v from public.nda_versions');
    const v = expectOk(await admin.client.rpc('publish_nda_version', { p_body: 'Version with a new clause.' })) as number;
    expect(v).toBe(Number(before) + 1);
    expect(await lastAction('version', String(v))).toEqual({ action: 'nda_version.published', actor_id: admin.id });
    expect((await admin.client.rpc('publish_nda_version', { p_body: '  ' })).error?.message).toBe('invalid_nda_body');
  });

  it('investor updates: posted (lite investors read them), edited, deleted; each recorded', async () => {
    const id = expectOk(await admin.client.rpc('post_investor_update', { p_title: 'Q3 closed', p_body: 'Revenue up.' })) as string;
    expect(await ids(lite, 'investor_updates')).toContain(id);
    expect(await ids(member, 'investor_updates')).not.toContain(id);
    expect((await admin.client.rpc('edit_investor_update', { p_id: id, p_title: 'Q3 closed', p_body: 'Revenue up 12%.' })).error).toBeNull();
    expect(await lastAction('update_id', id)).toEqual({ action: 'investor_update.edited', actor_id: admin.id });
    expect((await admin.client.rpc('post_investor_update', { p_title: 'x', p_body: '' })).error?.message).toBe('invalid_update_body');
    expect((await admin.client.rpc('delete_investor_update', { p_id: id })).error).toBeNull();
    expect(await lastAction('update_id', id)).toEqual({ action: 'investor_update.deleted', actor_id: admin.id });
    expect(await ids(lite, 'investor_updates')).not.toContain(id);
  });

  it('the access log: who, what and when, newest first, paged on the server', async () => {
    for (const action of ['open', 'download', 'open']) {
      await sql(`insert into public.investor_document_access (document_id, version_id, user_id, email, action) values ($1, $2, $3, $4, $5)`,
        [f.liteDoc, f.liteVersion, lite.id, lite.email, action]);
    }
    const page = expectOk(await admin.client.rpc('investor_document_access_log', { p_document_id: f.liteDoc, p_limit: 2, p_offset: 0 })) as
      { action: string; email: string; version: number; total_count: number }[];
    expect(page).toHaveLength(2);
    expect(page[0]).toMatchObject({ action: 'open', email: lite.email, version: 1, total_count: 3 });
    const next = expectOk(await admin.client.rpc('investor_document_access_log', { p_document_id: f.liteDoc, p_limit: 2, p_offset: 2 })) as unknown[];
    expect(next).toHaveLength(1);
    expect((await admin.client.rpc('investor_document_access_log', { p_document_id: f.liteDoc, p_limit: 500 })).error?.message).toBe('invalid_page');
  });
});
