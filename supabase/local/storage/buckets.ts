import { requestContext, type StorageContext, type StorageRequest } from './context.ts';
import { ERRORS } from './errors.ts';
import { json, type Reply } from './http.ts';
import { mustBeValidBucketName, parseFileSizeLimit } from './validation.ts';

/**
 * The bucket endpoints (src/http/routes/bucket in supabase/storage), run as
 * the caller like everything else: storage.buckets has RLS and no policies, so
 * in practice only the service role (BYPASSRLS) manages buckets, as on hosted.
 * This project creates its buckets in migrations.
 */

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

interface BucketRow {
  id: string;
  file_size_limit: string | number | null;
  [column: string]: unknown;
}

/** file_size_limit is a bigint (a string from pg); the API answers with a number, and `type` as hosted does. */
const render = (row: BucketRow) => ({
  ...row,
  type: 'STANDARD',
  file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
});

function mimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
  }
  return value.length > 0 ? (value as string[]) : null;
}

export async function listBuckets(ctx: StorageContext, req: StorageRequest): Promise<Reply> {
  const caller = await req.caller();
  const q = req.query;
  const column = SORT_COLUMNS.has(q.get('sortColumn') ?? '') ? q.get('sortColumn') : 'name';
  const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const limit = q.has('limit') ? Number(q.get('limit')) : null;
  const offset = q.has('offset') ? Number(q.get('offset')) : 0;
  const search = q.get('search') ?? '';
  const { rows } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where name ilike '%' || $1 || '%'
        order by ${column} ${order} limit $2 offset $3`,
      [search, Number.isInteger(limit) ? limit : null, Number.isInteger(offset) ? offset : 0],
    ),
  );
  return json(rows.map(render));
}

export async function getBucket(ctx: StorageContext, req: StorageRequest, id: string): Promise<Reply> {
  const caller = await req.caller();
  const { rows } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
  );
  if (!rows[0]) throw ERRORS.noSuchBucket();
  return json(render(rows[0]));
}

export async function createBucket(ctx: StorageContext, req: StorageRequest): Promise<Reply> {
  const caller = await req.caller();
  const body = await req.body();
  const name = typeof body.name === 'string' ? body.name : '';
  mustBeValidBucketName(name);
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  mustBeValidBucketName(id);
  await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        name,
        null,
        caller.sub ?? null,
        body.public === true,
        parseFileSizeLimit(body.file_size_limit),
        mimeTypes(body.allowed_mime_types),
      ],
    ),
  );
  return json({ name });
}

export async function updateBucket(ctx: StorageContext, req: StorageRequest, id: string): Promise<Reply> {
  const caller = await req.caller();
  const body = await req.body();
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if ('public' in body) set('public', body.public === true);
  if ('file_size_limit' in body) set('file_size_limit', parseFileSizeLimit(body.file_size_limit));
  if ('allowed_mime_types' in body) set('allowed_mime_types', mimeTypes(body.allowed_mime_types));
  const { rowCount } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query(`update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, values),
  );
  if (!rowCount) throw ERRORS.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

export async function emptyBucket(ctx: StorageContext, req: StorageRequest, id: string): Promise<Reply> {
  const caller = await req.caller();
  const names = await ctx.db.asCaller(requestContext(req, caller), async (tx) => {
    const found = await tx.query('select 1 from storage.buckets where id = $1', [id]);
    if (!found.rowCount) throw ERRORS.noSuchBucket();
    const { rows } = await tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]);
    return rows.map((r) => r.name);
  });
  await Promise.all(names.map((name) => ctx.disk.remove(id, name)));
  return json({ message: 'Successfully emptied' });
}

export async function deleteBucket(ctx: StorageContext, req: StorageRequest, id: string): Promise<Reply> {
  const caller = await req.caller();
  await ctx.db.asCaller(requestContext(req, caller), async (tx) => {
    const objects = await tx.asOwner(() => tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]));
    if (objects.rowCount) throw ERRORS.bucketNotEmpty();
    const { rowCount } = await tx.query('delete from storage.buckets where id = $1', [id]);
    if (!rowCount) throw ERRORS.noSuchBucket();
  });
  await ctx.disk.removeBucket(id);
  return json({ message: 'Successfully deleted' });
}
