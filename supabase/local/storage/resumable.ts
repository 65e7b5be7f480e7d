import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type http from 'node:http';
import { join } from 'node:path';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { StorageContext } from './context.ts';
import { partialFileName } from './resumable-names.ts';
import { ERRORS, StorageError } from './errors.ts';
import { completeUpload, findBucket, mayUpload, parseJsonObject, uploadLimit } from './objects.ts';
import type { Caller } from './tokens.ts';
import { mustBeAllowedMimeType, mustBeValidKey } from './validation.ts';

/**
 * Resumable uploads (the TUS protocol) at /upload/resumable, as hosted
 * Storage serves them (src/http/routes/tus in supabase/storage): the same
 * maintained server library (@tus/server) with its file store keeping the
 * partial uploads, and the same hooks around it: every request but OPTIONS
 * and HEAD asks the caller's policies (canUpload), creating one checks the
 * bucket's size and type limits, and the last PATCH completes the upload
 * through the very path a plain upload takes (objects.ts completeUpload:
 * signature check, the row written as Storage, triggers, the bytes moved into
 * place). Errors answer with their semantic status and message as text, as
 * hosted's onResponseError does. docs/local-stack.md says how it maps.
 */

export const RESUMABLE_PATH = '/upload/resumable';

/** What the storage server learnt about a request before handing it to the TUS server. */
export interface ResumableRequest {
  method: string;
  path: string;
  caller(): Promise<Caller>;
  upsert: boolean;
}

export interface Resumable {
  handle(req: http.IncomingMessage, res: http.ServerResponse, context: ResumableRequest): Promise<void>;
}

interface UploadId {
  bucket: string;
  name: string;
  version: string;
}

/**
 * Hosted Storage's upload id, `<bucket>/<object name>/<version>`, sent in the
 * upload's URL as base64url, so an object name with slashes stays one segment.
 */
function encodeId(id: UploadId): string {
  return Buffer.from(`${id.bucket}/${id.name}/${id.version}`, 'utf8').toString('base64url');
}

function decodeId(encoded: string): UploadId {
  const parts = Buffer.from(encoded, 'base64url').toString('utf8').split('/');
  if (parts.length < 3) throw ERRORS.invalidParameter('uploadId', 'Invalid upload id');
  const bucket = parts[0];
  const version = parts[parts.length - 1];
  const name = parts.slice(1, -1).join('/');
  mustBeValidKey(name);
  return { bucket, name, version };
}

type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

const nodeRequest = (req: TusRequest): http.IncomingMessage | undefined =>
  (req as unknown as { runtime?: { node?: { req: http.IncomingMessage } } }).runtime?.node?.req;

/** Hosted Storage keeps a resumable upload's URL usable for a day. */
const EXPIRY = 24 * 60 * 60 * 1000;

export function createResumable(ctx: StorageContext, dataDir: string, publicUrl: string): Resumable {
  const directory = join(dataDir, 'storage-resumable');
  // An upload's id names its bucket, its object's whole key and a version (as
  // hosted's does), so for a deep key (a message attachment's
  // <organisation>/<conversation>/<uuid>/<name>) it is longer than a file name
  // may be (255 bytes): ENAMETOOLONG. Its partial file and record are named by
  // the id's hash instead. Hosted keeps them in S3, whose keys are longer.
  const fileNameOf = partialFileName;
  const records = new FileConfigstore(directory);
  const datastore = new FileStore({
    directory,
    expirationPeriodInMilliseconds: EXPIRY,
    configstore: {
      get: (id) => records.get(fileNameOf(id)),
      set: (id, upload) => records.set(fileNameOf(id), upload),
      delete: (id) => records.delete(fileNameOf(id)),
    },
  });
  // FileStore names the data file by its private resolve(id), and only there.
  const store = datastore as unknown as { resolve(id: string): string };
  const resolveFile = store.resolve.bind(datastore);
  store.resolve = (id) => resolveFile(fileNameOf(id));
  const contexts = new WeakMap<http.IncomingMessage, ResumableRequest>();
  const contextOf = (req: TusRequest): ResumableRequest => {
    const node = nodeRequest(req);
    const context = node && contexts.get(node);
    if (!context) throw ERRORS.internal('The resumable upload lost its request');
    return context;
  };
  const requestContext = (context: ResumableRequest, caller: Caller) => ({
    caller,
    method: context.method,
    path: context.path,
  });

  const server = new Server({
    path: RESUMABLE_PATH,
    datastore,
    // A finished upload is an object now: removing it is a DELETE of the object.
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ['Authorization', 'X-Upsert', 'Upload-Expires', 'ApiKey', 'x-signature'],
    namingFunction: (_req, metadata) => {
      const bucket = metadata?.bucketName;
      const name = metadata?.objectName;
      if (!bucket) throw ERRORS.invalidRequest('Upload-Metadata must have bucketName');
      if (!name) throw ERRORS.invalidRequest('Upload-Metadata must have objectName');
      mustBeValidKey(name);
      return encodeId({ bucket, name, version: randomUUID() });
    },
    // As hosted: the URL the client came through (the gateway's host and prefix), else the public one.
    generateUrl: (req, { id }) => {
      const host = req.headers.get('x-forwarded-host');
      const prefix = req.headers.get('x-forwarded-prefix') ?? '';
      const base = host ? `${req.headers.get('x-forwarded-proto') ?? 'http'}://${host}${prefix.replace(/\/+$/, '')}` : publicUrl;
      return `${base}${RESUMABLE_PATH}/${id}`;
    },
    getFileIdFromRequest: (req) => {
      const last = /\/([^/]+)\/?$/.exec(new URL(req.url).pathname)?.[1];
      return last && last !== 'resumable' ? last : undefined;
    },
    maxSize: async (_req, id) => {
      if (!id) return ctx.fileSizeLimit;
      return uploadLimit(ctx, await findBucket(ctx.db.admin, decodeId(id).bucket));
    },
    onIncomingRequest: async (req, id) => {
      const context = contextOf(req);
      // Nobody without a valid JWT learns anything of an upload, not even its offset.
      const caller = await context.caller();
      if (req.method === 'OPTIONS' || req.method === 'HEAD') return;
      const { bucket, name } = decodeId(id);
      await findBucket(ctx.db.admin, bucket);
      await mayUpload(ctx, requestContext(context, caller), bucket, name, caller.sub, context.upsert);
    },
    onUploadCreate: async (_req, upload) => {
      const bucket = await findBucket(ctx.db.admin, decodeId(upload.id).bucket);
      const metadata = { ...upload.metadata };
      // As hosted: cacheControl is sent in seconds and stored as a Cache-Control value.
      metadata.cacheControl = /^-?\d+$/.test(metadata.cacheControl ?? '') ? `max-age=${metadata.cacheControl}` : 'no-cache';
      metadata.contentType ||= 'application/octet-stream';
      // The type is refused now, before any byte is sent; the bytes' signature at the end.
      mustBeAllowedMimeType(metadata.contentType, bucket.allowed_mime_types);
      return { metadata };
    },
    onUploadFinish: async (req, upload) => {
      const context = contextOf(req);
      const caller = await context.caller();
      const { bucket: bucketId, name } = decodeId(upload.id);
      const bucket = await findBucket(ctx.db.admin, bucketId);
      const path = store.resolve(upload.id);
      try {
        await completeUpload(
          ctx,
          requestContext(context, caller),
          bucket,
          name,
          caller.sub,
          {
            bytes: await readFile(path),
            mimeType: upload.metadata?.contentType ?? 'application/octet-stream',
            cacheControl: upload.metadata?.cacheControl ?? 'no-cache',
            userMetadata: parseJsonObject(upload.metadata?.metadata ?? undefined),
          },
          true,
        );
      } finally {
        // Done or refused, the partial upload is over: its bytes are the object's now, or nobody's.
        await datastore.remove(upload.id).catch(() => rm(path, { force: true }));
      }
      return { headers: { 'Tus-Complete': '1' } };
    },
    onResponseError: (_req, error) => {
      if (error instanceof StorageError) return { status_code: error.statusCode, body: error.message };
      return undefined;
    },
  });

  return {
    async handle(req, res, context) {
      contexts.set(req, context);
      await server.handle(req, res);
    },
  };
}
