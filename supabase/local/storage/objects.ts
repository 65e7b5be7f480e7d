import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { servedInline } from './content-sniffing.ts';
import { requestContext, type StorageContext, type StorageRequest } from './context.ts';
import type { CallerTx, Queryable, RequestContext } from './db.ts';
import { ERRORS } from './errors.ts';
import { json, readBody, type Reply } from './http.ts';
import type { Caller } from './tokens.ts';
import { mustBeAllowedMimeType, mustBeValidKey, mustMatchContent, strictMediaType } from './validation.ts';

/**
 * The object endpoints of Supabase Storage that supabase-js's storage client
 * calls (src/http/routes/object in supabase/storage), with the same access
 * rules: every read or write of storage.objects on a caller's behalf runs as
 * the caller's role with their claims, so the RLS policies decide; only the
 * steps hosted Storage itself performs as its superuser (bucket lookups,
 * serving public buckets and signed URLs) run as the schema owner.
 */

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

const OBJECT_COLUMNS =
  'id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** Room for multipart framing and form fields (metadata may be up to 1 MB) around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024 + 64 * 1024;

export async function findBucket(db: Queryable, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw ERRORS.noSuchBucket();
  return rows[0];
}

async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

const isUuid = (s: string | undefined): s is string =>
  !!s && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner?: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

/**
 * Inserts the object's row, or with `upsert` replaces the one at that name.
 * No RETURNING: hosted Storage needs only an INSERT policy for uploads (and
 * SELECT + UPDATE besides for upserts), and RETURNING would also demand SELECT.
 */
async function writeObjectRow(db: Queryable, o: NewObject, upsert: boolean): Promise<void> {
  await db.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update set
              owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
              user_metadata = excluded.user_metadata, version = excluded.version,
              updated_at = now(), last_accessed_at = now()`
         : ''
     }`,
    [
      o.id,
      o.bucket,
      o.name,
      isUuid(o.owner) ? o.owner : null,
      o.owner ?? null,
      o.metadata === null ? null : JSON.stringify(o.metadata),
      o.userMetadata === null ? null : JSON.stringify(o.userMetadata),
      o.version,
    ],
  );
}

async function idOf(tx: CallerTx, bucket: string, name: string): Promise<string> {
  const { rows } = await tx.asOwner(() =>
    tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [bucket, name]),
  );
  return rows[0].id;
}

export interface IncomingFile {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export function parseJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The file of an upload: a multipart form (what supabase-js sends for a Blob or File) or the raw body. */
async function incomingFile(req: StorageRequest, limit: number): Promise<IncomingFile> {
  const contentType = req.header('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const { bytes, truncated } = await readBody(req.raw, limit + MULTIPART_OVERHEAD);
    if (truncated) throw ERRORS.entityTooLarge();
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw ERRORS.noContent();
    }
    const file = [...form.values()].find((v): v is Exclude<typeof v, string> => typeof v !== 'string');
    if (!file) throw ERRORS.noContent();
    if (file.size > limit) throw ERRORS.entityTooLarge();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const cacheTime = field('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: field('contentType') || file.type || 'application/octet-stream',
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseJsonObject(field('metadata') ?? field('userMetadata')),
    };
  }
  const { bytes, truncated } = await readBody(req.raw, limit);
  if (truncated) throw ERRORS.entityTooLarge();
  const encoded = req.header('x-metadata');
  return {
    bytes,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: req.header('cache-control') ?? 'no-cache',
    userMetadata: encoded ? parseJsonObject(Buffer.from(encoded, 'base64').toString('utf8')) : null,
  };
}

function metadataOf(file: IncomingFile): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
}

function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  return value;
}

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (value === undefined) throw ERRORS.invalidRequest("body must have required property 'expiresIn'");
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw ERRORS.invalidRequest('body/expiresIn must be >= 1');
  return n;
}

// ---------------------------------------------------------------------------
// Serving bytes
// ---------------------------------------------------------------------------

function parseRange(header: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) throw ERRORS.invalidRange();
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) throw ERRORS.invalidRange();
  return { start, end };
}

/**
 * The Content-Type an object is served with, and whether it may be shown in
 * the page: its stored type only when that is one strict media type (an
 * object stored before decision 066 may carry `image/png/,text/html`, which
 * is served as plain bytes), and inline only for images and PDFs. The server
 * adds `nosniff` to every answer, so a browser keeps to this type.
 */
function servedAs(stored: string | undefined): { contentType: string; inline: boolean } {
  const type = stored === undefined ? undefined : strictMediaType(stored);
  return type ? { contentType: type, inline: servedInline(type) } : { contentType: 'application/octet-stream', inline: false };
}

async function serve(ctx: StorageContext, req: StorageRequest, obj: ObjectRow, head: boolean): Promise<Reply> {
  const size = await ctx.disk.size(obj.bucket_id, obj.name);
  if (size === undefined) throw ERRORS.noSuchKey();
  const md = obj.metadata ?? {};
  const { contentType, inline } = servedAs(md.mimetype);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': md.cacheControl ?? 'no-cache',
    'last-modified': new Date(md.lastModified ?? obj.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (md.eTag) headers.etag = md.eTag;
  const download = req.query.get('download');
  if (download !== null || !inline) {
    const filename = encodeURIComponent(download || basename(obj.name));
    headers['content-disposition'] = `attachment; filename=${filename}; filename*=UTF-8''${filename}`;
  }
  if (md.eTag && req.header('if-none-match') === md.eTag) {
    return { kind: 'file', status: 304, headers };
  }
  const rangeHeader = req.header('range');
  if (rangeHeader && size > 0) {
    const range = parseRange(rangeHeader, size);
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { kind: 'file', status: 206, headers, open: head ? undefined : () => ctx.disk.read(obj.bucket_id, obj.name, range) };
  }
  headers['content-length'] = String(size);
  return { kind: 'file', status: 200, headers, open: head ? undefined : () => ctx.disk.read(obj.bucket_id, obj.name) };
}

export type ReadMode = 'object' | 'authenticated' | 'public';

/**
 * GET/HEAD /object/{bucket}/{name} (any caller; visitors only reach public
 * buckets), /object/authenticated/… (a JWT is required) and /object/public/…
 * (public buckets only, no JWT needed). Public buckets are served to anyone;
 * private ones through the caller's SELECT policy.
 */
async function readableObject(ctx: StorageContext, req: StorageRequest, bucketId: string, name: string, mode: ReadMode) {
  mustBeValidKey(name);
  if (mode === 'public') {
    const bucket = await findBucket(ctx.db.admin, bucketId);
    if (!bucket.public) throw ERRORS.noSuchBucket();
    return findObject(ctx.db.admin, bucketId, name);
  }
  const caller = mode === 'authenticated' ? await req.caller() : await req.optionalCaller();
  const bucket = await findBucket(ctx.db.admin, bucketId);
  if (bucket.public) return findObject(ctx.db.admin, bucketId, name);
  // Without a valid JWT only public buckets exist, as in hosted Storage.
  if (!caller) throw ERRORS.noSuchBucket();
  return ctx.db.asCaller(requestContext(req, caller), (tx) => findObject(tx, bucketId, name));
}

export async function getObject(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
  mode: ReadMode,
  head: boolean,
): Promise<Reply> {
  return serve(ctx, req, await readableObject(ctx, req, bucketId, name, mode), head);
}

/** GET /object/info/{mode?}/{bucket}/{name}: the object's row, as `info()` reads it. */
export async function getObjectInfo(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
  mode: ReadMode,
): Promise<Reply> {
  const obj = await readableObject(ctx, req, bucketId, name, mode);
  const md = obj.metadata ?? {};
  return json({
    id: obj.id,
    version: obj.version,
    name: obj.name,
    bucket_id: obj.bucket_id,
    size: md.size ?? null,
    content_type: md.mimetype ?? null,
    cache_control: md.cacheControl ?? null,
    etag: md.eTag ?? null,
    metadata: obj.user_metadata ?? {},
    last_modified: md.lastModified ?? null,
    created_at: obj.created_at,
    updated_at: obj.updated_at,
    last_accessed_at: obj.last_accessed_at,
  });
}

// ---------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------

interface UploadOptions {
  upsert: boolean;
  /** Set for uploads through a signed upload URL: the permission was checked when it was signed. */
  signed?: { owner?: string };
}

/** POST (create; `x-upsert: true` replaces) and PUT (update) /object/{bucket}/{name}. */
export async function uploadObject(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
  opts: UploadOptions,
): Promise<Reply> {
  const { id, key } = await storeUpload(ctx, req, bucketId, name, opts);
  return json({ Id: id, Key: key });
}

async function storeUpload(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
  opts: UploadOptions,
): Promise<{ id: string; key: string }> {
  mustBeValidKey(name);
  const caller: Caller = opts.signed ? { role: 'service_role', claims: {} } : await req.caller();
  const owner = opts.signed ? opts.signed.owner : caller.sub;
  const rc = requestContext(req, caller);
  const bucket = await findBucket(ctx.db.admin, bucketId);

  // As hosted Storage's canUpload: the policies are asked before a byte is stored.
  if (!opts.signed) await mayUpload(ctx, rc, bucketId, name, owner, opts.upsert);

  const file = await incomingFile(req, uploadLimit(ctx, bucket));
  const id = await completeUpload(ctx, rc, bucket, name, owner, file, opts.upsert || !opts.signed);
  return { id, key: `${bucketId}/${name}` };
}

/** The most an upload into `bucket` may hold: its own limit, never above the project's. */
export function uploadLimit(ctx: StorageContext, bucket: BucketRow): number {
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  return Math.min(bucketLimit, ctx.fileSizeLimit);
}

const newObject = (
  bucket: string,
  name: string,
  owner: string | undefined,
  metadata: ObjectMetadata | null,
  userMetadata: Record<string, unknown> | null,
): NewObject => ({ id: randomUUID(), bucket, name, owner, metadata, userMetadata, version: randomUUID() });

/**
 * As hosted Storage's canUpload: the caller's INSERT policy (with `upsert` also
 * SELECT and UPDATE) is asked by writing the row as the caller and rolling it
 * back, so a refusal comes before a byte is stored. Resumable uploads ask it
 * again on every request.
 */
export async function mayUpload(
  ctx: StorageContext,
  rc: RequestContext,
  bucketId: string,
  name: string,
  owner: string | undefined,
  upsert: boolean,
): Promise<void> {
  await ctx.db.asCaller(rc, (tx) => writeObjectRow(tx, newObject(bucketId, name, owner, null, null), upsert), {
    rollback: true,
  });
}

/**
 * As hosted Storage's completeUpload, for plain and resumable uploads alike:
 * the type must be one the bucket takes and the bytes must carry its
 * signature; then, once the policies allowed the upload (mayUpload, or when
 * the upload URL was signed), Storage writes the row as itself, replacing
 * whatever is at that name by then with `upsert`. Only database triggers still
 * see this write. Returns the object's id.
 */
export async function completeUpload(
  ctx: StorageContext,
  rc: RequestContext,
  bucket: BucketRow,
  name: string,
  owner: string | undefined,
  file: IncomingFile,
  upsert: boolean,
): Promise<string> {
  mustMatchContent(mustBeAllowedMimeType(file.mimeType, bucket.allowed_mime_types), file.bytes);
  const staged = await ctx.disk.stage(file.bytes);
  try {
    return await ctx.db.asCaller(rc, async (tx) => {
      await tx.asOwner(() => writeObjectRow(tx, newObject(bucket.id, name, owner, metadataOf(file), file.userMetadata), upsert));
      const objectId = await idOf(tx, bucket.id, name);
      await ctx.disk.commit(staged, bucket.id, name);
      return objectId;
    });
  } finally {
    await ctx.disk.discard(staged);
  }
}

/** POST /object/upload/sign/{bucket}/{name}: a token to upload there later without a session. */
export async function createSignedUploadUrl(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
): Promise<Reply> {
  mustBeValidKey(name);
  const caller = await req.caller();
  const upsert = req.header('x-upsert') === 'true';
  await findBucket(ctx.db.admin, bucketId);
  await mayUpload(ctx, requestContext(req, caller), bucketId, name, caller.sub, upsert);
  const url = `${bucketId}/${name}`;
  // Hosted Storage signs upload URLs for two hours.
  const token = await ctx.tokens.signUrl({ url, upsert, owner: caller.sub }, 2 * 60 * 60);
  return json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{name}?token=…: the upload a signed upload URL allows. */
export async function uploadToSignedUrl(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
): Promise<Reply> {
  const token = req.query.get('token');
  if (!token) throw ERRORS.invalidRequest("querystring must have required property 'token'");
  const payload = await ctx.tokens.verifyUrl(token);
  // Download tokens carry no upsert flag and are no upload permission.
  if (payload.upsert === undefined || payload.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  const { key } = await storeUpload(ctx, req, bucketId, name, {
    upsert: payload.upsert === true,
    signed: { owner: payload.owner },
  });
  return json({ Key: key });
}

// ---------------------------------------------------------------------------
// Signed URLs
// ---------------------------------------------------------------------------

/** POST /object/sign/{bucket}/{name} `{ expiresIn }` → `{ signedURL }`, for a caller who may read the object. */
export async function signObjectUrl(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
): Promise<Reply> {
  mustBeValidKey(name);
  const caller = await req.caller();
  const body = await req.body();
  const seconds = expiresIn(body);
  if (body.transform && typeof body.transform === 'object' && Object.keys(body.transform).length > 0) {
    throw ERRORS.notSupported('image transformation');
  }
  await ctx.db.asCaller(requestContext(req, caller), (tx) => findObject(tx, bucketId, name));
  const url = `${bucketId}/${name}`;
  const token = await ctx.tokens.signUrl({ url }, seconds);
  return json({ signedURL: `/object/sign/${url}?token=${token}` });
}

/** POST /object/sign/{bucket} `{ expiresIn, paths }`: one entry per path, with an error for those the caller cannot read. */
export async function signObjectUrls(ctx: StorageContext, req: StorageRequest, bucketId: string): Promise<Reply> {
  const caller = await req.caller();
  const body = await req.body();
  const seconds = expiresIn(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string')) {
    throw ERRORS.invalidRequest("body must have required property 'paths'");
  }
  const { rows } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [
      bucketId,
      paths,
    ]),
  );
  const readable = new Set(rows.map((r) => r.name));
  const result = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!readable.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const url = `${bucketId}/${path}`;
      const token = await ctx.tokens.signUrl({ url }, seconds);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  return json(result);
}

/** GET /object/sign/{bucket}/{name}?token=…: whoever holds an unexpired signed URL may read. */
export async function getSignedObject(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
  head: boolean,
): Promise<Reply> {
  const token = req.query.get('token');
  if (!token) throw ERRORS.invalidRequest("querystring must have required property 'token'");
  const payload = await ctx.tokens.verifyUrl(token);
  if (payload.upsert !== undefined || payload.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  const obj = await findObject(ctx.db.admin, bucketId, name);
  const reply = await serve(ctx, req, obj, head);
  if (reply.kind === 'file') reply.headers.expires = new Date(payload.exp * 1000).toUTCString();
  return reply;
}

// ---------------------------------------------------------------------------
// Listing, removing, moving, copying
// ---------------------------------------------------------------------------

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * POST /object/list/{bucket} `{ prefix, limit, offset, sortBy, search }`: the
 * folders and files directly under `prefix` that the caller may see, folders
 * first, as hosted Storage's storage.search() answers.
 */
export async function listObjects(ctx: StorageContext, req: StorageRequest, bucketId: string): Promise<Reply> {
  const caller = await req.caller();
  const body = await req.body();
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const limit = body.limit === undefined ? 100 : Number(body.limit);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(limit) || limit < 1) throw ERRORS.invalidRequest('body/limit must be >= 1');
  if (!Number.isInteger(offset) || offset < 0) throw ERRORS.invalidRequest('body/offset must be >= 0');
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  const order = sortBy.order === 'desc' ? 'desc' : 'asc';
  const levels = prefix === '' ? 1 : prefix.split('/').length;

  // Like hosted Storage, an unknown bucket simply lists nothing.
  const { rows } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query(
      `with visible as (
         select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, o.path_tokens
           from storage.objects o
          where o.bucket_id = $1 and o.name ilike $2 escape '\\'
       ), entries as (
         select 0 as kind, v.path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                row_number() over (order by v.path_tokens[$3] ${order}) as position
           from visible v
          where array_length(v.path_tokens, 1) <> $3
          group by v.path_tokens[$3]
         union all
         select 1, v.path_tokens[$3], v.id, v.updated_at, v.created_at, v.last_accessed_at, v.metadata,
                row_number() over (order by v.${column} ${order}, v.name ${order})
           from visible v
          where array_length(v.path_tokens, 1) = $3
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata
         from entries order by kind, position limit $4 offset $5`,
      [bucketId, `${likeEscape(prefix)}${likeEscape(search)}%`, levels, limit, offset],
    ),
  );
  return json(rows);
}

/** DELETE /object/{bucket} `{ prefixes }`: removes those of the named objects the caller may delete; returns them. */
export async function removeObjects(ctx: StorageContext, req: StorageRequest, bucketId: string): Promise<Reply> {
  const caller = await req.caller();
  const body = await req.body();
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string')) {
    throw ERRORS.invalidRequest("body must have required property 'prefixes'");
  }
  if (prefixes.length > 1000) throw ERRORS.invalidRequest('body/prefixes must NOT have more than 1000 items');
  const { rows } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, prefixes],
    ),
  );
  await Promise.all(rows.map((r) => ctx.disk.remove(bucketId, r.name)));
  return json(rows);
}

/** DELETE /object/{bucket}/{name}. */
export async function removeObject(
  ctx: StorageContext,
  req: StorageRequest,
  bucketId: string,
  name: string,
): Promise<Reply> {
  mustBeValidKey(name);
  const caller = await req.caller();
  // As hosted Storage's deleteObject: a missing object is "not found"; one the
  // caller's policies do not let them delete is "access denied".
  await findObject(ctx.db.admin, bucketId, name);
  const { rowCount } = await ctx.db.asCaller(requestContext(req, caller), (tx) =>
    tx.query('delete from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]),
  );
  if (!rowCount) throw ERRORS.accessDenied();
  await ctx.disk.remove(bucketId, name);
  return json({ message: 'Successfully deleted' });
}

interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function transferBody(req: StorageRequest): Promise<Transfer & { body: Record<string, unknown> }> {
  const body = await req.body();
  const bucketId = requiredString(body, 'bucketId');
  const sourceKey = requiredString(body, 'sourceKey');
  const destinationKey = requiredString(body, 'destinationKey');
  const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  mustBeValidKey(sourceKey);
  mustBeValidKey(destinationKey);
  return { bucketId, sourceKey, destinationBucket, destinationKey, body };
}

/**
 * POST /object/move: as hosted Storage, the rename is first tried as the
 * caller and rolled back, so their UPDATE policy must allow both the old and
 * the new name (SELECT too, to find it); then Storage renames the row as itself.
 */
export async function moveObject(ctx: StorageContext, req: StorageRequest): Promise<Reply> {
  const caller = await req.caller();
  const t = await transferBody(req);
  if (t.destinationBucket !== t.bucketId) await findBucket(ctx.db.admin, t.destinationBucket);
  const rc = requestContext(req, caller);
  const rename = async (db: Queryable) => {
    const { rowCount } = await db.query(
      `update storage.objects
          set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7,
              updated_at = now(), last_accessed_at = now()
        where bucket_id = $1 and name = $2`,
      [
        t.bucketId,
        t.sourceKey,
        t.destinationBucket,
        t.destinationKey,
        randomUUID(),
        isUuid(caller.sub) ? caller.sub : null,
        caller.sub ?? null,
      ],
    );
    if (!rowCount) throw ERRORS.noSuchKey();
  };
  await ctx.db.asCaller(rc, rename, { rollback: true });
  let moved = false;
  try {
    const id = await ctx.db.asCaller(rc, async (tx) => {
      await tx.asOwner(() => rename(tx));
      const objectId = await idOf(tx, t.destinationBucket, t.destinationKey);
      await ctx.disk.move(t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey);
      moved = true;
      return objectId;
    });
    return json({ message: 'Successfully moved', Id: id, Key: t.destinationKey });
  } catch (error) {
    if (moved) await ctx.disk.move(t.destinationBucket, t.destinationKey, t.bucketId, t.sourceKey).catch(() => undefined);
    throw error;
  }
}

/**
 * POST /object/copy: the caller must be able to read the source (SELECT) and
 * create the destination (INSERT; with `x-upsert: true` also SELECT + UPDATE),
 * tried as the caller and rolled back; then, as hosted Storage does, the copy
 * is written as Storage itself.
 */
export async function copyObject(ctx: StorageContext, req: StorageRequest): Promise<Reply> {
  const caller = await req.caller();
  const t = await transferBody(req);
  const upsert = req.header('x-upsert') === 'true';
  const rc = requestContext(req, caller);
  const source = await ctx.db.asCaller(rc, (tx) => findObject(tx, t.bucketId, t.sourceKey));
  const destinationBucket = await findBucket(ctx.db.admin, t.destinationBucket);
  const override = (t.body.metadata ?? {}) as { cacheControl?: unknown; mimetype?: unknown };
  const copyMetadata = t.body.copyMetadata !== false;
  const metadata = {
    ...(source.metadata ?? {}),
    ...(!copyMetadata && typeof override.cacheControl === 'string' ? { cacheControl: override.cacheControl } : {}),
    ...(!copyMetadata && typeof override.mimetype === 'string' ? { mimetype: override.mimetype } : {}),
    lastModified: new Date().toISOString(),
  } as ObjectMetadata;
  const encoded = req.header('x-metadata');
  const userMetadata = copyMetadata
    ? source.user_metadata
    : encoded
      ? parseJsonObject(Buffer.from(encoded, 'base64').toString('utf8'))
      : null;

  const copy = (): NewObject => ({
    id: randomUUID(),
    bucket: t.destinationBucket,
    name: t.destinationKey,
    owner: caller.sub,
    metadata,
    userMetadata,
    version: randomUUID(),
  });
  const staged = await ctx.disk.stageCopy(t.bucketId, t.sourceKey);
  try {
    // A copy may name another type, or land in a bucket that takes other types:
    // its type is checked against that bucket and its bytes as an upload's is
    // (hosted Storage checks neither; the database's trigger refuses the row there).
    mustMatchContent(
      mustBeAllowedMimeType(metadata.mimetype ?? 'application/octet-stream', destinationBucket.allowed_mime_types),
      await readFile(staged),
    );
    await ctx.db.asCaller(rc, (tx) => writeObjectRow(tx, copy(), upsert), { rollback: true });
    const destination = await ctx.db.asCaller(rc, async (tx) => {
      const row = await tx.asOwner(async () => {
        await writeObjectRow(tx, copy(), true);
        return findObject(tx, t.destinationBucket, t.destinationKey);
      });
      await ctx.disk.commit(staged, t.destinationBucket, t.destinationKey);
      return row;
    });
    return json({ Id: destination.id, Key: `${t.destinationBucket}/${t.destinationKey}`, ...destination });
  } finally {
    await ctx.disk.discard(staged);
  }
}
