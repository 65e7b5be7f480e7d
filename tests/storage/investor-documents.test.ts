import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { expectStorageError, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * The private investor_documents bucket (20261129000200_investor-content.sql,
 * decision 060): who reads, adds and removes which file, through supabase-js
 * with real JWTs, and the back office's upload → register → replace → delete
 * round trip through the RPCs of 20261129000210.
 *
 * NDA versions are global (the seed has one; `npm test` shares one stack
 * between tiers): this file publishes its own on top. "No NDA at all" is
 * checked in tests/db/investor-content.test.ts inside a rolled-back
 * transaction, through the same function the storage policy calls.
 */

const BUCKET = 'investor_documents';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let admin: TestUser;
let lite: TestUser;
let dataRoom: TestUser;
let member: TestUser;
let stakeholder: TestUser;
let folderId: string;

async function grant(user: TestUser, level: 'lite' | 'data_room') {
  await sql('insert into public.investor_access (user_id, level) values ($1, $2::public.investor_access_level)', [user.id, level]);
}

/** The back office's way in: create the document, upload, register. */
async function addDocument(level: 'lite' | 'data_room', content: string) {
  const documentId = expectOk(await admin.client.rpc('create_investor_document', {
    p_folder_id: folderId, p_title: `${level} ${content}`, p_description: null, p_level: level,
  })) as string;
  const path = await uploadVersion(documentId, content);
  return { documentId, path };
}

async function uploadVersion(documentId: string, content: string) {
  const path = `${documentId}/${randomUUID()}/${content.replace(/\W+/g, '-')}.pdf`;
  expect((await admin.client.storage.from(BUCKET).upload(path, pdfBytes(300, content), { contentType: 'application/pdf' })).error).toBeNull();
  expectOk(await admin.client.rpc('register_investor_document_version', { p_document_id: documentId, p_storage_path: path }));
  return path;
}

async function reads(user: TestUser | null, path: string): Promise<boolean> {
  const files = (user ? user.client : asAnon()).storage.from(BUCKET);
  const result = await files.download(path);
  if (result.error) {
    // Hosted Storage's word for "not yours to see": 404 (or 400 for a visitor with no policy at all).
    expect(['400', '404']).toContain((result.error as { statusCode?: string }).statusCode);
    expectStorageError(await files.createSignedUrl(path, 60), (result.error as { statusCode?: string }).statusCode ?? '404');
    return false;
  }
  return true;
}

async function publishNda(): Promise<number> {
  return expectOk(await admin.client.rpc('publish_nda_version', { p_body: `Confidential ${randomUUID()}` })) as number;
}

async function agree(user: TestUser, version: number) {
  await sql('insert into public.nda_agreements (user_id, nda_version) values ($1, $2)', [user.id, version]);
}

let liteDoc: { documentId: string; path: string };
let roomDoc: { documentId: string; path: string };

beforeAll(async () => {
  [admin, lite, dataRoom, member, stakeholder] = await Promise.all([
    newUser('idoc-admin'), newUser('idoc-lite'), newUser('idoc-room'), newUser('idoc-member'), newUser('idoc-stakeholder'),
  ]);
  await makeSystemAdmin(admin);
  await grant(lite, 'lite');
  await grant(dataRoom, 'data_room');
  await sql('insert into public.stakeholders (user_id, affiliation) values ($1, $2)', [stakeholder.id, 'Tests']);
  folderId = expectOk(await admin.client.rpc('create_investor_folder', { p_name: `Data room ${randomUUID().slice(0, 8)}` })) as string;
  liteDoc = await addDocument('lite', 'one pager');
  roomDoc = await addDocument('data_room', 'cap table');
});

describe('the bucket', () => {
  it('is private, 50 MB, PDF, DOCX, XLSX and PNG, in its own settings', async () => {
    const [bucket] = await sql(`select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = $1`, [BUCKET]);
    expect(bucket).toEqual({ public: false, limit: 50 * 1024 * 1024, allowed_mime_types: ['application/pdf', DOCX, XLSX, 'image/png'] });
  });

  it('accepts a file of exactly 50 MB (the project-wide upload limit must not be lower than the bucket’s)', async () => {
    const path = `${roomDoc.documentId}/${randomUUID()}/big-but-allowed.pdf`;
    expect((await admin.client.storage.from(BUCKET).upload(path, pdfBytes(50 * 1024 * 1024), { contentType: 'application/pdf' })).error).toBeNull();
    // Not registered as a version, so the administrator may remove it again.
    expect((await admin.client.storage.from(BUCKET).remove([path])).data).toHaveLength(1);
  });

  it('refuses a file over 50 MB and a type it does not hold, even from a system administrator', async () => {
    const files = admin.client.storage.from(BUCKET);
    expectStorageError(await files.upload(`${roomDoc.documentId}/${randomUUID()}/big.pdf`, pdfBytes(50 * 1024 * 1024 + 1), { contentType: 'application/pdf' }), '413');
    expectStorageError(await files.upload(`${roomDoc.documentId}/${randomUUID()}/page.html`, Buffer.from('<p>hi</p>'), { contentType: 'text/html' }), '415');
  });
});

describe('reading files', () => {
  // Investors open files only through the open-investor-document Edge Function,
  // which records every open and stamps PDFs (20261129000310, decision 061):
  // their own session reads nothing here, whatever the level and the NDA.
  // What the function serves them is tested in tests/db/open-investor-document-function.test.ts.
  it('before agreeing to any NDA, nobody but a system administrator reads a file', async () => {
    expect(await reads(dataRoom, roomDoc.path)).toBe(false);
    expect(await reads(dataRoom, liteDoc.path)).toBe(false);
    expect(await reads(admin, roomDoc.path)).toBe(true);
    expect(await reads(admin, liteDoc.path)).toBe(true);
  });

  it('a lite investor reads no file directly, lite or data_room, even having agreed to the NDA', async () => {
    const v = await publishNda();
    expect(await reads(lite, liteDoc.path)).toBe(false);
    expect(await reads(lite, roomDoc.path)).toBe(false);
    await agree(lite, v);
    expect(await reads(lite, liteDoc.path)).toBe(false);
    expect(await reads(lite, roomDoc.path)).toBe(false);
  });

  it('a data-room investor who agreed to the current NDA still reads no file directly (no unstamped, unrecorded copy)', async () => {
    const v1 = Number((await sql<{ v: number }>('select max(version) as v from public.nda_versions'))[0].v);
    await agree(dataRoom, v1);
    expect(await reads(dataRoom, roomDoc.path)).toBe(false);
    expect(await reads(dataRoom, liteDoc.path)).toBe(false);
    expect(await text((await admin.client.storage.from(BUCKET).download(roomDoc.path)).data)).toContain('cap table');
  });

  it('a data-room investor whose session is below aal2 while they have a factor reads no data_room file', async () => {
    const investor = await newUser('idoc-room-mfa');
    await grant(investor, 'data_room');
    const v = Number((await sql<{ v: number }>('select max(version) as v from public.nda_versions'))[0].v);
    await agree(investor, v);
    await enrolVerifiedTotp(investor.client);
    const aal1 = await signInAgain(investor);
    expectStorageError(await aal1.storage.from(BUCKET).download(roomDoc.path), '404');
  });

  it('after a replacement the back office reads both versions; investors read neither directly', async () => {
    const older = roomDoc.path;
    const newer = await uploadVersion(roomDoc.documentId, 'cap table second round');
    expect(await text((await admin.client.storage.from(BUCKET).download(newer)).data)).toContain('second round');
    expect(await reads(admin, older)).toBe(true);
    expect(await reads(dataRoom, newer)).toBe(false);
    expect(await reads(dataRoom, older)).toBe(false);
    const versions = await sql<{ version: number; storage_path: string }>(
      'select version, storage_path from public.investor_document_versions where document_id = $1 order by version', [roomDoc.documentId]);
    expect(versions).toEqual([{ version: 1, storage_path: older }, { version: 2, storage_path: newer }]);
    roomDoc = { ...roomDoc, path: newer };
  });

  it('members, stakeholders, investors and visitors read no file and list nothing', async () => {
    for (const who of [member, stakeholder, lite, dataRoom, null]) {
      expect(await reads(who, liteDoc.path)).toBe(false);
      expect(await reads(who, roomDoc.path)).toBe(false);
      const listed = await (who ? who.client : asAnon()).storage.from(BUCKET).list(roomDoc.documentId);
      expect(listed.data ?? []).toEqual([]);
    }
  });
});

describe('adding and removing files', () => {
  it('only system administrators upload: investors, members and stakeholders are refused and nothing is stored', async () => {
    for (const who of [lite, dataRoom, member, stakeholder]) {
      const path = `${roomDoc.documentId}/${randomUUID()}/forged.pdf`;
      expectStorageError(await who.client.storage.from(BUCKET).upload(path, pdfBytes(), { contentType: 'application/pdf' }), '403');
      expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, path])).toEqual([]);
    }
    expectStorageError(await asAnon().storage.from(BUCKET).upload(`${roomDoc.documentId}/${randomUUID()}/anon.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
  });

  it('a system administrator with a second factor at aal1 neither uploads nor registers nor reads a data_room file', async () => {
    const other = await newUser('idoc-admin-mfa');
    await makeSystemAdmin(other);
    await enrolVerifiedTotp(other.client);
    const aal1 = await signInAgain(other);
    const path = `${roomDoc.documentId}/${randomUUID()}/at-aal1.pdf`;
    expectStorageError(await aal1.storage.from(BUCKET).upload(path, pdfBytes(), { contentType: 'application/pdf' }), '403');
    expectStorageError(await aal1.storage.from(BUCKET).download(roomDoc.path), '404');
    const { error } = await aal1.rpc('register_investor_document_version', { p_document_id: roomDoc.documentId, p_storage_path: roomDoc.path });
    expect(error?.message).toBe('aal2_required');
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, path])).toEqual([]);
  });

  it('nobody overwrites a version in place, not even a system administrator (a new version is a new object)', async () => {
    const result = await admin.client.storage.from(BUCKET).upload(roomDoc.path, pdfBytes(300, 'swapped'), { contentType: 'application/pdf', upsert: true });
    expect(result.error).not.toBeNull();
    expect(await text((await admin.client.storage.from(BUCKET).download(roomDoc.path)).data)).toContain('second round');
  });

  it('nobody removes a file a version names; investors remove nothing at all', async () => {
    for (const who of [dataRoom, admin]) {
      expect((await who.client.storage.from(BUCKET).remove([roomDoc.path])).data).toEqual([]);
    }
    expect(await text((await admin.client.storage.from(BUCKET).download(roomDoc.path)).data)).toContain('second round');
  });

  it('a deleted document’s files are removed by a system administrator through Storage afterwards, not by an investor', async () => {
    const doc = await addDocument('lite', 'old teaser');
    const paths = expectOk(await admin.client.rpc('delete_investor_document', { p_document_id: doc.documentId })) as string[];
    expect(paths).toEqual([doc.path]);
    expect((await lite.client.storage.from(BUCKET).remove(paths)).data).toEqual([]);
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, doc.path])).toHaveLength(1);
    expect((await admin.client.storage.from(BUCKET).remove(paths)).data).toHaveLength(1);
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, doc.path])).toEqual([]);
  });

  it('registering refuses a file not in the document’s folder, not uploaded, or already a version', async () => {
    const other = await addDocument('lite', 'other');
    const named = async (p: string) => {
      const { error } = await admin.client.rpc('register_investor_document_version', { p_document_id: roomDoc.documentId, p_storage_path: p });
      expect(error?.message).toBe('invalid_file');
    };
    await named(other.path);
    await named(`${roomDoc.documentId}/${randomUUID()}/never-uploaded.pdf`);
    await named(roomDoc.path);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.investor_document_versions where document_id = $1', [roomDoc.documentId]);
    expect(n).toBe(2);
  });

  it('records a PNG version with the type and size Storage saw', async () => {
    const doc = expectOk(await admin.client.rpc('create_investor_document', {
      p_folder_id: folderId, p_title: 'Org chart', p_description: 'Who does what', p_level: 'lite',
    })) as string;
    const path = `${doc}/${randomUUID()}/org-chart.png`;
    expect((await admin.client.storage.from(BUCKET).upload(path, pngBytes(500), { contentType: 'image/png' })).error).toBeNull();
    expectOk(await admin.client.rpc('register_investor_document_version', { p_document_id: doc, p_storage_path: path }));
    const [row] = await sql('select version, file_name, content_type, size_bytes::int as size from public.investor_document_versions where document_id = $1', [doc]);
    expect(row).toEqual({ version: 1, file_name: 'org-chart.png', content_type: 'image/png', size: 500 });
  });
});
