import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, expectDenied, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { drawablePng, expectStorageError, gifBytes, jpegBytes, pngBytes } from '../support/storage-files.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Cover images for updates (supabase/migrations/20261128000600_update-covers.sql):
 * a public bucket anyone reads through public URLs, only system administrators
 * upload to, nobody overwrites or removes in; a cover is saved through
 * admin_save_update and always comes with its alternative text.
 */
const BUCKET = 'update_covers';
let admin: TestUser;
let member: TestUser;

const uniqueSlug = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

function fields(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    p_id: null as string | null,
    p_slug: slug,
    p_title: `Cover test ${slug}`,
    p_summary: 'An update with a cover.',
    p_body: 'A paragraph.',
    p_category: 'network',
    p_published_at: null as string | null,
    ...overrides,
  };
}

async function uploadCover(user: TestUser, bytes: Buffer = drawablePng([20, 90, 160]), type = 'image/png') {
  const path = `${randomUUID()}.png`;
  const { error } = await user.client.storage.from(BUCKET).upload(path, bytes, { contentType: type });
  expect(error).toBeNull();
  return path;
}

async function objectCount(): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [BUCKET]);
  return row.n;
}

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('cover-admin'), newUser('cover-member')]);
  await makeSystemAdmin(admin);
  await createOrganization(member, { status: 'approved', name: `Cover Clinic ${randomUUID().slice(0, 6)}` });
});

describe('the update_covers bucket', () => {
  it('is public, 2 MiB, PNG, JPEG and WebP only, in its own settings', async () => {
    const [bucket] = await sql(`select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = $1`, [BUCKET]);
    expect(bucket).toEqual({ public: true, limit: 2 * 1024 * 1024, allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp'] });
    const files = admin.client.storage.from(BUCKET);
    expectStorageError(await files.upload(`${randomUUID()}.png`, pngBytes(2 * 1024 * 1024 + 1), { contentType: 'image/png' }), '413');
    expectStorageError(await files.upload(`${randomUUID()}.gif`, gifBytes(), { contentType: 'image/gif' }), '415');
    expect((await files.upload(`${randomUUID()}.jpg`, jpegBytes(500), { contentType: 'image/jpeg' })).error).toBeNull();
  });

  it('a visitor reads a cover through its public address', async () => {
    const path = await uploadCover(admin);
    const url = asAnon().storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/png');
  });

  it('attack: a member or a visitor cannot upload a cover, and nothing is stored', async () => {
    const before = await objectCount();
    expectStorageError(
      await member.client.storage.from(BUCKET).upload(`${randomUUID()}.png`, drawablePng([200, 0, 0]), { contentType: 'image/png' }),
      '403',
    );
    expectStorageError(
      await asAnon().storage.from(BUCKET).upload(`${randomUUID()}.png`, drawablePng([200, 0, 0]), { contentType: 'image/png' }),
      '403',
    );
    expect(await objectCount()).toBe(before);
  });

  it('attack: nobody overwrites or removes a cover, not even a system administrator; the bytes stay', async () => {
    const path = await uploadCover(admin);
    const [{ before }] = await sql<{ before: string }>(`select metadata ->> 'eTag' as before from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, path]);
    for (const user of [member, admin]) {
      const files = user.client.storage.from(BUCKET);
      const replaced = await files.upload(path, drawablePng([255, 0, 0]), { contentType: 'image/png', upsert: true });
      expect(replaced.error, 'upsert onto an existing cover').not.toBeNull();
      expect((await files.update(path, drawablePng([255, 0, 0]), { contentType: 'image/png' })).error).not.toBeNull();
      await files.remove([path]);
    }
    expectStorageError(await asAnon().storage.from(BUCKET).upload(path, drawablePng([255, 0, 0]), { contentType: 'image/png', upsert: true }), '403');
    const rows = await sql<{ etag: string }>(`select metadata ->> 'eTag' as etag from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, path]);
    expect(rows).toEqual([{ etag: before }]);
  });
});

describe('the cover on an update', () => {
  it('a system administrator saves a cover with its alternative text; visitors read both once published', async () => {
    const path = await uploadCover(admin);
    const slug = uniqueSlug('covered');
    const id = expectOk(await admin.client.rpc('admin_save_update', fields(slug, { p_cover_path: path, p_cover_alt: '  Two people shaking hands  ' }))) as string;
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: null }));
    const rows = expectOk(await asAnon().from('updates').select('cover_path,cover_alt').eq('id', id));
    expect(rows).toEqual([{ cover_path: path, cover_alt: 'Two people shaking hands' }]);

    // Removing the cover is an edit like any other, recorded with its field.
    expectOk(await admin.client.rpc('admin_save_update', fields(slug, { p_id: id, p_cover_path: null, p_cover_alt: null })));
    expect(expectOk(await asAnon().from('updates').select('cover_path,cover_alt').eq('id', id))).toEqual([{ cover_path: null, cover_alt: null }]);
    const [edit] = await sql<{ changed: string[] }>(
      `select details -> 'changed' as changed from public.network_activity where details ->> 'update_id' = $1 and action = 'published_update.edited'`,
      [id],
    );
    expect(edit.changed).toEqual(['cover', 'cover_alt']);
  });

  it('attack: a cover without alternative text is refused with a named error, and nothing is saved', async () => {
    const path = await uploadCover(admin);
    for (const alt of [null, '', '   ']) {
      const slug = uniqueSlug('no-alt');
      const { error } = await admin.client.rpc('admin_save_update', fields(slug, { p_cover_path: path, p_cover_alt: alt }));
      expect(error?.message).toBe('update_cover_alt_required');
      expect(await sql('select 1 from public.updates where slug = $1', [slug])).toEqual([]);
    }
    // Nor by an operator's SQL: the table says so too.
    await expect(
      sql(`insert into public.updates (slug, title, summary, body, category, cover_path) values ($1, 't', 's', 'b', 'network', $2)`, [uniqueSlug('sql'), path]),
    ).rejects.toThrow(/updates_cover_with_alt/);
  });

  it('a cover that is not in the bucket, or a description too long, is refused by name', async () => {
    const missing = await admin.client.rpc('admin_save_update', fields(uniqueSlug('missing'), { p_cover_path: `${randomUUID()}.png`, p_cover_alt: 'Nothing' }));
    expect(missing.error?.message).toBe('update_cover_missing');
    const long = await admin.client.rpc('admin_save_update', fields(uniqueSlug('long'), { p_cover_path: await uploadCover(admin), p_cover_alt: 'x'.repeat(301) }));
    expect(long.error?.message).toBe('update_cover_alt_too_long');
  });

  it('attack: a member cannot set a cover on an update', async () => {
    const path = await uploadCover(admin);
    const slug = uniqueSlug('member');
    expectDenied(await member.client.rpc('admin_save_update', fields(slug, { p_cover_path: path, p_cover_alt: 'Defaced' })));
    expect(await sql('select 1 from public.updates where slug = $1', [slug])).toEqual([]);
  });
});
