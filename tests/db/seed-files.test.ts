import { describe, expect, it } from 'vitest';
import { sql } from '../support/users.ts';

/**
 * The seed's rows that stand for files (member resources, investor documents)
 * record the size and type Storage would; the files themselves are uploaded
 * from supabase/seed-assets after seed.sql. Regenerating a file without
 * updating seed.sql would leave the back office showing a wrong size, and a
 * row whose file is missing would offer a download that fails.
 */
interface SeededVersions {
  table: string;
  bucket: string;
  path: string;
  size: string;
  type: string;
}

/** Each seeded version's object as Storage holds it, beside what its row records. */
async function storedBesideRecorded({ table, bucket, path, size, type }: SeededVersions) {
  return sql<{ path: string; recorded: { size: number; mimetype: string }; stored: { size: number | null; mimetype: string | null } }>(
    `select v.${path} as path,
            json_build_object('size', v.${size}, 'mimetype', v.${type}) as recorded,
            json_build_object('size', (o.metadata->>'size')::bigint, 'mimetype', o.metadata->>'mimetype') as stored
       from public.${table} v
       left join storage.objects o on o.bucket_id = '${bucket}' and o.name = v.${path}
      where v.id::text like '5eed0000-%'`,
  );
}

describe('seeded files', () => {
  it.each([
    { table: 'resource_versions', bucket: 'member_resources', path: 'object_path', size: 'byte_size', type: 'mime_type', atLeast: 4 },
    { table: 'investor_document_versions', bucket: 'investor_documents', path: 'storage_path', size: 'size_bytes', type: 'content_type', atLeast: 2 },
  ])('every seeded row of $table is stored in $bucket with the size and type it records', async ({ atLeast, ...versions }) => {
    const rows = await storedBesideRecorded(versions);
    expect(rows.length).toBeGreaterThanOrEqual(atLeast);
    for (const row of rows) expect(row.stored, row.path).toEqual(row.recorded);
  });

  it('every seeded resource names its current version, and both states are there: published for members, a draft only the back office sees', async () => {
    const resources = await sql<{ published: boolean; has_version: boolean }>(
      `select published, current_version_id is not null as has_version from public.resources where id::text like '5eed0000-%'`,
    );
    expect(resources.every((r) => r.has_version)).toBe(true);
    expect(new Set(resources.map((r) => r.published))).toEqual(new Set([true, false]));
  });
});
