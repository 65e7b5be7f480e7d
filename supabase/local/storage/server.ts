import { mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DevKeys } from '../config.ts';
import * as buckets from './buckets.ts';
import type { StorageContext, StorageRequest } from './context.ts';
import { connect } from './db.ts';
import { createDisk } from './disk.ts';
import { ERRORS, StorageError } from './errors.ts';
import { readBody, readJson, type Reply } from './http.ts';
import * as objects from './objects.ts';
import { createResumable, RESUMABLE_PATH } from './resumable.ts';
import { createTokenService, type Caller } from './tokens.ts';
import { httpService, type Supervisable } from '../supervisor.ts';

/**
 * The local stand-in for Supabase Storage: the HTTP API supabase-js's storage
 * client speaks, objects' rows in the real storage.objects table with access
 * decided by its RLS policies, and the bytes as files under the profile's data
 * directory. It sits behind the gateway at /storage/v1 (docs/local-stack.md).
 */
export interface StorageOptions {
  port: number;
  /** As supabase_storage_admin, the owner of the storage schema. */
  dbUrl: string;
  /** The profile's data directory; objects go to `<dataDir>/storage/<bucket>/<name>`. */
  dataDir: string;
  keys: DevKeys;
  /** This service's public URL (e.g. http://localhost:54321/storage/v1): the issuer of its signed URLs. */
  publicUrl: string;
  /** The project-wide upload limit in bytes (config.toml `[storage] file_size_limit`); default 50 MiB. */
  fileSizeLimit?: number;
  /** Throw away every stored file first (the database was just created, so no row refers to them). */
  emptyOnStart?: boolean;
  log?: (message: string) => void;
}

export interface RunningStorage extends Supervisable {
  /** The port actually listened on (useful with `port: 0`). */
  port: number;
  url: string;
}

type Handler = (req: StorageRequest, params: string[]) => Promise<Reply>;

interface Route {
  methods: string[];
  pattern: RegExp;
  handler: Handler;
}

const BUCKET = '([^/]+)';
const NAME = '(.+)';
const re = (path: string) => new RegExp(`^${path}$`);

function routes(ctx: StorageContext): Route[] {
  const r = (methods: string | string[], path: string, handler: Handler): Route => ({
    methods: typeof methods === 'string' ? [methods] : methods,
    pattern: re(path),
    handler,
  });
  const isHead = (req: StorageRequest) => req.method === 'HEAD';
  return [
    r('GET', '/status', async () => ({ kind: 'json', body: { status: 'ok' } })),

    r('GET', '/bucket/?', (req) => buckets.listBuckets(ctx, req)),
    r('POST', '/bucket/?', (req) => buckets.createBucket(ctx, req)),
    r('POST', `/bucket/${BUCKET}/empty/?`, (req, [id]) => buckets.emptyBucket(ctx, req, id)),
    r('GET', `/bucket/${BUCKET}/?`, (req, [id]) => buckets.getBucket(ctx, req, id)),
    r('PUT', `/bucket/${BUCKET}/?`, (req, [id]) => buckets.updateBucket(ctx, req, id)),
    r('DELETE', `/bucket/${BUCKET}/?`, (req, [id]) => buckets.deleteBucket(ctx, req, id)),

    r('POST', `/object/list/${BUCKET}/?`, (req, [b]) => objects.listObjects(ctx, req, b)),
    r('POST', '/object/move', (req) => objects.moveObject(ctx, req)),
    r('POST', '/object/copy', (req) => objects.copyObject(ctx, req)),
    r('POST', `/object/sign/${BUCKET}/?`, (req, [b]) => objects.signObjectUrls(ctx, req, b)),
    r('POST', `/object/sign/${BUCKET}/${NAME}`, (req, [b, n]) => objects.signObjectUrl(ctx, req, b, n)),
    r(['GET', 'HEAD'], `/object/sign/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.getSignedObject(ctx, req, b, n, isHead(req)),
    ),
    r('POST', `/object/upload/sign/${BUCKET}/${NAME}`, (req, [b, n]) => objects.createSignedUploadUrl(ctx, req, b, n)),
    r('PUT', `/object/upload/sign/${BUCKET}/${NAME}`, (req, [b, n]) => objects.uploadToSignedUrl(ctx, req, b, n)),
    r(['GET', 'HEAD'], `/object/public/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.getObject(ctx, req, b, n, 'public', isHead(req)),
    ),
    r(['GET', 'HEAD'], `/object/authenticated/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.getObject(ctx, req, b, n, 'authenticated', isHead(req)),
    ),
    r('GET', `/object/info/public/${BUCKET}/${NAME}`, (req, [b, n]) => objects.getObjectInfo(ctx, req, b, n, 'public')),
    r('GET', `/object/info/authenticated/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.getObjectInfo(ctx, req, b, n, 'authenticated'),
    ),
    r('GET', `/object/info/${BUCKET}/${NAME}`, (req, [b, n]) => objects.getObjectInfo(ctx, req, b, n, 'object')),
    r('DELETE', `/object/${BUCKET}/?`, (req, [b]) => objects.removeObjects(ctx, req, b)),
    r(['GET', 'HEAD'], `/object/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.getObject(ctx, req, b, n, 'object', isHead(req)),
    ),
    r('POST', `/object/${BUCKET}/${NAME}`, (req, [b, n]) =>
      objects.uploadObject(ctx, req, b, n, { upsert: req.header('x-upsert') === 'true' }),
    ),
    r('PUT', `/object/${BUCKET}/${NAME}`, (req, [b, n]) => objects.uploadObject(ctx, req, b, n, { upsert: true })),
    r('DELETE', `/object/${BUCKET}/${NAME}`, (req, [b, n]) => objects.removeObject(ctx, req, b, n)),

    // Image transformations are a hosted (Pro plan) feature this stand-in does not have.
    r(['GET', 'HEAD', 'POST'], '/render/.*', async () => {
      throw ERRORS.notSupported('image transformation');
    }),
  ];
}

const BEARER = /^Bearer\s+/i;

/**
 * Sent with every answer, files above all: a browser keeps to the declared
 * Content-Type instead of guessing one from the bytes, so a file served as an
 * image is never run as a page on the API's origin (decision 066). Hosted
 * Storage does not send it.
 */
const EVERY_ANSWER = { 'x-content-type-options': 'nosniff' };

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw ERRORS.invalidKey(part);
  }
}

export async function startStorage(options: StorageOptions): Promise<RunningStorage> {
  const log = options.log ?? (() => undefined);
  if (options.emptyOnStart) {
    await rm(join(options.dataDir, 'storage'), { recursive: true, force: true });
  }
  await rm(join(options.dataDir, 'storage-staging'), { recursive: true, force: true });
  // Partial resumable uploads outlive a restart, as on hosted, unless the database was just made.
  if (options.emptyOnStart) await rm(join(options.dataDir, 'storage-resumable'), { recursive: true, force: true });
  await mkdir(join(options.dataDir, 'storage'), { recursive: true });

  const db = connect(options.dbUrl, log);
  const ctx: StorageContext = {
    db,
    disk: createDisk(options.dataDir),
    tokens: await createTokenService(options.keys, options.publicUrl.replace(/\/+$/, '')),
    fileSizeLimit: options.fileSizeLimit ?? 50 * 1024 * 1024,
    log,
  };
  const table = routes(ctx);
  const resumable = createResumable(ctx, options.dataDir, options.publicUrl.replace(/\/+$/, ''));

  /** The caller of a request, verified once and only when a handler asks. */
  const callerOf = (req: http.IncomingMessage) => {
    const jwt = (req.headers.authorization ?? '').replace(BEARER, '');
    let verified: Promise<Caller> | undefined;
    return { jwt, caller: () => (verified ??= ctx.tokens.verifyCaller(jwt)) };
  };

  async function handle(req: http.IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://storage.local');
    const method = req.method ?? 'GET';
    const pathname = url.pathname.replace(/\/{2,}/g, '/');
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of table) {
      if (!candidate.methods.includes(method)) continue;
      match = candidate.pattern.exec(pathname);
      if (match) {
        route = candidate;
        break;
      }
    }
    if (!route || !match) throw ERRORS.notFound(`Route ${method}:${pathname} not found`);

    const { jwt, caller } = callerOf(req);
    let body: Promise<Record<string, unknown>> | undefined;
    const request: StorageRequest = {
      method,
      path: pathname,
      query: url.searchParams,
      raw: req,
      header: (name) => {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
      caller,
      optionalCaller: () => (jwt ? caller().catch(() => undefined) : Promise.resolve(undefined)),
      body: () => (body ??= readJson(req)),
    };
    return route.handler(request, match.slice(1).map(decode));
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = await handle(req);
    } catch (error) {
      const known = error instanceof StorageError ? error : undefined;
      if (!known || known.statusCode >= 500) {
        log(`storage: ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`);
      }
      const e = known ?? ERRORS.internal();
      // Unknown routes answer 404 as Fastify does; every other error as hosted Storage (400/500).
      const status = e.code === 'NotFound' ? 404 : e.httpStatus;
      reply = { kind: 'json', status, body: e.render() };
      // A refused upload may still be arriving: take it in (and drop it) before answering, so the
      // client and the gateway see an answer rather than a connection closed under their feet.
      await readBody(req, 0).catch(() => undefined);
    }
    if (res.headersSent) return;
    if (reply.kind === 'json') {
      const text = JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json; charset=utf-8',
        ...(req.method === 'HEAD' ? {} : { 'content-length': String(Buffer.byteLength(text)) }),
        ...reply.headers,
        ...EVERY_ANSWER,
      });
      res.end(req.method === 'HEAD' ? undefined : text);
      return;
    }
    res.writeHead(reply.status, { ...reply.headers, ...EVERY_ANSWER });
    if (!reply.open) {
      res.end();
      return;
    }
    await pipeline(reply.open(), res).catch((error: unknown) => {
      log(`storage: sending ${req.url} failed: ${String(error)}`);
      res.destroy();
    });
  }

  /** TUS requests (GET is no part of it: an upload's bytes are read as an object once it is one). */
  const isResumable = (req: http.IncomingMessage) => {
    const pathname = new URL(req.url ?? '/', 'http://storage.local').pathname.replace(/\/{2,}/g, '/');
    return (
      req.method !== 'GET' && (pathname === RESUMABLE_PATH || pathname.startsWith(`${RESUMABLE_PATH}/`))
    );
  };

  const server = http.createServer((req, res) => {
    if (isResumable(req)) {
      const { caller } = callerOf(req);
      const context = {
        method: req.method ?? 'POST',
        path: new URL(req.url ?? '/', 'http://storage.local').pathname,
        caller,
        upsert: req.headers['x-upsert'] === 'true',
      };
      resumable.handle(req, res, context).catch((error: unknown) => {
        log(`storage: resumable ${req.method} ${req.url} failed: ${String(error)}`);
        res.destroy();
      });
      return;
    }
    respond(req, res).catch((error: unknown) => {
      log(`storage: could not answer ${req.method} ${req.url}: ${String(error)}`);
      res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.keepAliveTimeout = 5000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await db.end().catch(() => undefined);
    throw new Error(`Storage could not listen on port ${options.port}: ${(error as Error).message}`);
  }
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    ...httpService(server, () => db.end()),
  };
}
