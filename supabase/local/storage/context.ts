import type http from 'node:http';
import type { StorageDb, RequestContext } from './db.ts';
import type { Disk } from './disk.ts';
import type { Caller, TokenService } from './tokens.ts';

/** What every handler works with. */
export interface StorageContext {
  db: StorageDb;
  disk: Disk;
  tokens: TokenService;
  /** The project-wide upload limit in bytes (config.toml `[storage] file_size_limit`); buckets may only lower it. */
  fileSizeLimit: number;
  log: (message: string) => void;
}

/** A request as handlers see it; path parameters are already decoded. */
export interface StorageRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  raw: http.IncomingMessage;
  header(name: string): string | undefined;
  /** The verified caller; AccessDenied without a valid JWT. */
  caller(): Promise<Caller>;
  /** The caller when a valid JWT was sent, else undefined (routes that serve public buckets to anyone). */
  optionalCaller(): Promise<Caller | undefined>;
  /** The JSON object body ({} when empty). */
  body(): Promise<Record<string, unknown>>;
}

export function requestContext(req: StorageRequest, caller: Caller): RequestContext {
  return { caller, method: req.method, path: req.path };
}
