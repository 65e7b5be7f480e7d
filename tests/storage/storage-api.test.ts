import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { saveDraft } from '../support/application-fixtures.ts';
import { expectStorageError, file, jpegBytes, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The local Storage stand-in speaks the API supabase-js's storage client uses:
 * each call here goes through the real client, through the gateway, as a real
 * user with the JWT the auth service issued.
 */
const config = stackConfig('test');

let applicant: TestUser;
let orgId: string;
const docs = () => applicant.client.storage.from('application_documents');
const logos = () => applicant.client.storage.from('brand_assets');

beforeAll(async () => {
  applicant = await newUser('storage-api-applicant');
  // The folder an applicant's draft reserves: until they submit, they may do anything there.
  orgId = (await saveDraft(applicant)).organization_id;
});

describe('upload and download', () => {
  it('stores a File (multipart, as from a browser file input) and gives the same bytes back', async () => {
    const bytes = pdfBytes(2048, 'round trip');
    const up = await docs().upload(`${orgId}/kbis.pdf`, file(bytes, 'kbis.pdf', 'application/pdf'));
    expect(up.error).toBeNull();
    expect(up.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      path: `${orgId}/kbis.pdf`,
      fullPath: `application_documents/${orgId}/kbis.pdf`,
    });

    const down = await docs().download(`${orgId}/kbis.pdf`);
    expect(down.error).toBeNull();
    expect(down.data?.type).toBe('application/pdf');
    expect(await text(down.data)).toBe(bytes.toString('latin1'));
  });

  it('stores a Buffer with a content type, cache control and user metadata (raw body)', async () => {
    const up = await docs().upload(`${orgId}/raw/statutes.pdf`, pdfBytes(100), {
      contentType: 'application/pdf',
      cacheControl: '60',
      metadata: { label: 'Statutes' },
    });
    expect(up.error).toBeNull();

    const info = await docs().info(`${orgId}/raw/statutes.pdf`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      id: up.data?.id,
      name: `${orgId}/raw/statutes.pdf`,
      bucketId: 'application_documents',
      size: 100,
      contentType: 'application/pdf',
      cacheControl: 'max-age=60',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      metadata: { label: 'Statutes' },
    });
  });

  it('records the object in storage.objects with Supabase metadata and the uploader as owner', async () => {
    await docs().upload(`${orgId}/owned.pdf`, pdfBytes(321), { contentType: 'application/pdf' });
    const [row] = await sql<{ owner: string; owner_id: string; metadata: Record<string, unknown>; path_tokens: string[] }>(
      `select owner, owner_id, metadata, path_tokens from storage.objects where bucket_id = 'application_documents' and name = $1`,
      [`${orgId}/owned.pdf`],
    );
    expect(row.owner).toBe(applicant.id);
    expect(row.owner_id).toBe(applicant.id);
    expect(row.path_tokens).toEqual([orgId, 'owned.pdf']);
    expect(row.metadata).toMatchObject({
      size: 321,
      contentLength: 321,
      mimetype: 'application/pdf',
      cacheControl: 'max-age=3600',
      eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      lastModified: expect.any(String),
      httpStatusCode: 200,
    });
  });

  it('answers exists() for present and absent objects', async () => {
    await docs().upload(`${orgId}/exists.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    expect((await docs().exists(`${orgId}/exists.pdf`)).data).toBe(true);
    expect((await docs().exists(`${orgId}/absent.pdf`)).data).toBe(false);
  });

  it('refuses a missing object and an unknown bucket with Storage errors', async () => {
    expectStorageError(await docs().download(`${orgId}/never-uploaded.pdf`), '404', 'Object not found');
    expectStorageError(
      await applicant.client.storage.from('no_such_bucket').upload(`${orgId}/a.pdf`, pdfBytes(), { contentType: 'application/pdf' }),
      '404',
      'Bucket not found',
    );
  });

  it('serves byte ranges', async () => {
    const bytes = pdfBytes(1000, 'ranges');
    await docs().upload(`${orgId}/range.pdf`, bytes, { contentType: 'application/pdf' });
    const { data } = await docs().createSignedUrl(`${orgId}/range.pdf`, 60);
    const response = await fetch(data!.signedUrl, { headers: { range: 'bytes=0-4' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-4/1000');
    expect(await response.text()).toBe('%PDF-');
  });
});

describe('upsert semantics', () => {
  it('refuses to overwrite without upsert, replaces with it, and update() replaces too', async () => {
    const path = `${orgId}/logo.png`;
    const first = await logos().upload(path, pngBytes(100), { contentType: 'image/png' });
    expect(first.error).toBeNull();

    expectStorageError(
      await logos().upload(path, pngBytes(200), { contentType: 'image/png' }),
      '409',
      'The resource already exists',
    );
    expect((await logos().info(path)).data?.size).toBe(100);

    const replaced = await logos().upload(path, jpegBytes(300), { contentType: 'image/jpeg', upsert: true });
    expect(replaced.error).toBeNull();
    // Replacing keeps the object (its id) and changes its bytes and metadata.
    expect(replaced.data?.id).toBe(first.data?.id);
    const info = await logos().info(path);
    expect(info.data).toMatchObject({ size: 300, contentType: 'image/jpeg' });

    const updated = await logos().update(path, pngBytes(400), { contentType: 'image/png' });
    expect(updated.error).toBeNull();
    expect((await logos().info(path)).data).toMatchObject({ size: 400, contentType: 'image/png' });
    expect(await sql(`select 1 from storage.objects where bucket_id = 'brand_assets' and name = $1`, [path])).toHaveLength(1);
  });

  it('creates the object when upsert finds nothing to replace', async () => {
    const up = await logos().upload(`${orgId}/fresh.png`, pngBytes(), { contentType: 'image/png', upsert: true });
    expect(up.error).toBeNull();
    expect((await logos().exists(`${orgId}/fresh.png`)).data).toBe(true);
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const name of ['b.pdf', 'a.pdf', 'c.pdf', 'nested/deep.pdf', 'other/x.pdf']) {
      const up = await docs().upload(`${orgId}/list/${name}`, pdfBytes(), { contentType: 'application/pdf' });
      expect(up.error).toBeNull();
    }
  });

  it('lists folders first, then files, directly under the prefix', async () => {
    const { data, error } = await docs().list(`${orgId}/list`);
    expect(error).toBeNull();
    expect(data?.map((o) => [o.name, o.id === null])).toEqual([
      ['nested', true],
      ['other', true],
      ['a.pdf', false],
      ['b.pdf', false],
      ['c.pdf', false],
    ]);
    const fileEntry = data?.find((o) => o.name === 'a.pdf');
    expect(fileEntry?.metadata).toMatchObject({ size: 64, mimetype: 'application/pdf' });
    expect(data?.find((o) => o.name === 'nested')?.metadata).toBeNull();
  });

  it('sorts, searches and pages as asked', async () => {
    const desc = await docs().list(`${orgId}/list`, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((o) => o.name)).toEqual(['other', 'nested', 'c.pdf', 'b.pdf', 'a.pdf']);

    const search = await docs().list(`${orgId}/list`, { search: 'b' });
    expect(search.data?.map((o) => o.name)).toEqual(['b.pdf']);

    const page = await docs().list(`${orgId}/list`, { limit: 2, offset: 2 });
    expect(page.data?.map((o) => o.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('lists the organisation folder at the root', async () => {
    const { data } = await docs().list();
    expect(data?.map((o) => o.name)).toEqual([orgId]);
  });
});

describe('remove, move and copy', () => {
  it('removes the named objects and returns them; names that do not exist are skipped', async () => {
    await docs().upload(`${orgId}/rm/one.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    await docs().upload(`${orgId}/rm/two.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    const { data, error } = await docs().remove([`${orgId}/rm/one.pdf`, `${orgId}/rm/two.pdf`, `${orgId}/rm/ghost.pdf`]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name).sort()).toEqual([`${orgId}/rm/one.pdf`, `${orgId}/rm/two.pdf`]);
    expect((await docs().list(`${orgId}/rm`)).data).toEqual([]);
    expectStorageError(await docs().download(`${orgId}/rm/one.pdf`), '404');
  });

  it('removes one object by name (DELETE /object/{bucket}/{name}); a missing one is "not found"', async () => {
    await docs().upload(`${orgId}/rm/by-name.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    const token = (await applicant.client.auth.getSession()).data.session!.access_token;
    const remove = (name: string) =>
      fetch(`${config.apiUrl}/storage/v1/object/application_documents/${name}`, {
        method: 'DELETE',
        headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}` },
      });
    const removed = await remove(`${orgId}/rm/by-name.pdf`);
    expect(await removed.json()).toEqual({ message: 'Successfully deleted' });
    expect((await docs().exists(`${orgId}/rm/by-name.pdf`)).data).toBe(false);
    const missing = await remove(`${orgId}/rm/by-name.pdf`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('moves an object: gone from the old name, same bytes and id at the new one', async () => {
    const bytes = pdfBytes(500, 'to move');
    const up = await docs().upload(`${orgId}/mv/draft.pdf`, bytes, { contentType: 'application/pdf' });
    const moved = await docs().move(`${orgId}/mv/draft.pdf`, `${orgId}/mv/final/registration.pdf`);
    expect(moved.error).toBeNull();
    expect(moved.data?.message).toBe('Successfully moved');

    expect((await docs().exists(`${orgId}/mv/draft.pdf`)).data).toBe(false);
    const down = await docs().download(`${orgId}/mv/final/registration.pdf`);
    expect(await text(down.data)).toBe(bytes.toString('latin1'));
    expect((await docs().info(`${orgId}/mv/final/registration.pdf`)).data?.id).toBe(up.data?.id);
  });

  it('refuses to move onto an existing object or from a missing one', async () => {
    await docs().upload(`${orgId}/mv2/a.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    await docs().upload(`${orgId}/mv2/b.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    expectStorageError(await docs().move(`${orgId}/mv2/a.pdf`, `${orgId}/mv2/b.pdf`), '409');
    expectStorageError(await docs().move(`${orgId}/mv2/ghost.pdf`, `${orgId}/mv2/c.pdf`), '404', 'Object not found');
    expect((await docs().exists(`${orgId}/mv2/a.pdf`)).data).toBe(true);
  });

  it('copies an object to a new name, leaving the source', async () => {
    const bytes = pdfBytes(200, 'to copy');
    await docs().upload(`${orgId}/cp/source.pdf`, bytes, { contentType: 'application/pdf' });
    const copied = await docs().copy(`${orgId}/cp/source.pdf`, `${orgId}/cp/copy.pdf`);
    expect(copied.error).toBeNull();
    expect(copied.data?.path).toBe(`application_documents/${orgId}/cp/copy.pdf`);
    expect(await text((await docs().download(`${orgId}/cp/copy.pdf`)).data)).toBe(bytes.toString('latin1'));
    expect((await docs().exists(`${orgId}/cp/source.pdf`)).data).toBe(true);
  });
});

describe('signed and public URLs', () => {
  it('signs one object, and many at once with an error for those that cannot be read', async () => {
    await docs().upload(`${orgId}/sign/a.pdf`, pdfBytes(80, 'signed a'), { contentType: 'application/pdf' });
    await docs().upload(`${orgId}/sign/b.pdf`, pdfBytes(80, 'signed b'), { contentType: 'application/pdf' });

    const one = await docs().createSignedUrl(`${orgId}/sign/a.pdf`, 60);
    expect(one.error).toBeNull();
    expect(one.data?.signedUrl).toMatch(
      new RegExp(`^${config.apiUrl}/storage/v1/object/sign/application_documents/${orgId}/sign/a\\.pdf\\?token=`),
    );
    // A signed URL is opened by a browser with no API key and no session.
    const response = await fetch(one.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('signed a');

    const many = await docs().createSignedUrls([`${orgId}/sign/a.pdf`, `${orgId}/sign/b.pdf`, `${orgId}/sign/ghost.pdf`], 60);
    expect(many.error).toBeNull();
    expect(many.data?.map((d) => [d.path, d.error])).toEqual([
      [`${orgId}/sign/a.pdf`, null],
      [`${orgId}/sign/b.pdf`, null],
      [`${orgId}/sign/ghost.pdf`, 'Either the object does not exist or you do not have access to it'],
    ]);
    expect(await (await fetch(many.data![1].signedUrl!)).text()).toContain('signed b');
  });

  it('asks the browser to save the file when `download` is set', async () => {
    await docs().upload(`${orgId}/sign/dl.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    const { data } = await docs().createSignedUrl(`${orgId}/sign/dl.pdf`, 60, { download: 'proof.pdf' });
    const response = await fetch(data!.signedUrl);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=proof\.pdf/);
  });

  it('serves a public bucket at its public URL to anyone, without an API key', async () => {
    const bytes = pngBytes(90);
    await logos().upload(`${orgId}/public-logo.png`, bytes, { contentType: 'image/png' });
    const { publicUrl } = asAnon().storage.from('brand_assets').getPublicUrl(`${orgId}/public-logo.png`).data;
    expect(publicUrl).toBe(`${config.apiUrl}/storage/v1/object/public/brand_assets/${orgId}/public-logo.png`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('uploads through a signed upload URL', async () => {
    const signed = await docs().createSignedUploadUrl(`${orgId}/signed-upload/doc.pdf`);
    expect(signed.error).toBeNull();
    const up = await asAnon()
      .storage.from('application_documents')
      .uploadToSignedUrl(`${orgId}/signed-upload/doc.pdf`, signed.data!.token, pdfBytes(70, 'via token'), {
        contentType: 'application/pdf',
      });
    expect(up.error).toBeNull();
    expect(await text((await docs().download(`${orgId}/signed-upload/doc.pdf`)).data)).toContain('via token');
    const [row] = await sql<{ owner: string }>(
      `select owner from storage.objects where bucket_id = 'application_documents' and name = $1`,
      [`${orgId}/signed-upload/doc.pdf`],
    );
    expect(row.owner).toBe(applicant.id);
  });
});

describe('the gateway in front of Storage', () => {
  it('requires the API key except for public objects and signed URLs', async () => {
    const response = await fetch(`${config.apiUrl}/storage/v1/object/list/application_documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('answers preflight requests for uploads from the app', async () => {
    const response = await fetch(`${config.apiUrl}/storage/v1/object/application_documents/${orgId}/x.pdf`, {
      method: 'OPTIONS',
      headers: {
        origin: config.appUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, x-upsert, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-upsert');
  });
});

describe('buckets', () => {
  it('shows the service role the buckets the migrations created, with their limits', async () => {
    const { data, error } = await asServiceRole().storage.getBucket('application_documents');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 'application_documents',
      public: false,
      file_size_limit: 10 * 1024 * 1024,
      allowed_mime_types: ['application/pdf', 'image/png', 'image/jpeg'],
    });
    const all = await asServiceRole().storage.listBuckets();
    expect(all.data?.map((b) => [b.id, b.public])).toEqual(
      expect.arrayContaining([
        ['application_documents', false],
        ['brand_assets', true],
      ]),
    );
  });

  it('lets the service role create, update, empty and delete a bucket; users may not', async () => {
    const admin = asServiceRole().storage;
    const created = await admin.createBucket('scratch_storage_test', { public: false, fileSizeLimit: '1KB' });
    expect(created.error).toBeNull();
    // Decimal units, as on hosted Storage.
    expect((await admin.getBucket('scratch_storage_test')).data?.file_size_limit).toBe(1000);
    expect((await admin.updateBucket('scratch_storage_test', { public: true, allowedMimeTypes: ['image/png'] })).error).toBeNull();
    expect((await admin.getBucket('scratch_storage_test')).data).toMatchObject({ public: true, allowed_mime_types: ['image/png'] });

    const up = await admin.from('scratch_storage_test').upload('dot.png', pngBytes(100), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    expectStorageError(await admin.deleteBucket('scratch_storage_test'), '409', 'The bucket you tried to delete is not empty');
    expect((await admin.emptyBucket('scratch_storage_test')).error).toBeNull();
    expect((await admin.deleteBucket('scratch_storage_test')).error).toBeNull();
    expectStorageError(await admin.getBucket('scratch_storage_test'), '404', 'Bucket not found');

    expectStorageError(await applicant.client.storage.createBucket('mine', { public: true }), '403');
    expect((await applicant.client.storage.listBuckets()).data).toEqual([]);
  });
});
