import type http from 'node:http';
import { isIP } from 'node:net';
import { ApiError, badRequest } from './errors.ts';

/**
 * What a handler sees of a request, and what it returns. Handlers never touch
 * the Node response: they return a `Reply`, which keeps them small and lets the
 * server write every response (and every error) the same way.
 */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The client's address as GoTrue reads it: first valid X-Forwarded-For entry, else the peer. */
  ip: string;
  userAgent: string | undefined;
  /** Path parameters of the matched route, e.g. `id` in /admin/users/:id. */
  params: Record<string, string>;
  /** The JSON body as an object; 400 bad_json when it is not one. */
  body(): Record<string, unknown>;
  header(name: string): string | undefined;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string; status?: 302 | 303 }
  | { kind: 'empty'; status: number };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  kind: 'json',
  status,
  body,
  headers,
});
/** GoTrue answers /verify with 303 See Other. */
export const redirect = (location: string): Reply => ({ kind: 'redirect', location });
export const noContent = (): Reply => ({ kind: 'empty', status: 204 });

const MAX_BODY_BYTES = 1024 * 1024;

export async function readRawBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'request_too_large', 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function clientIp(req: http.IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  for (const candidate of list.map((s) => s.trim())) {
    if (candidate && isIP(candidate)) return normaliseIp(candidate);
  }
  return normaliseIp(req.socket.remoteAddress ?? '');
}

function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function parseJsonBody(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
  }
  return value as Record<string, unknown>;
}

function wrongType(key: string, expected: string): ApiError {
  return badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be ${expected}`);
}

/** Reads an optional string field; JSON null counts as absent, as Go's decoder treats it. */
export function optString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(key, 'a string');
  return value;
}

export function optBoolean(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(key, 'a boolean');
  return value;
}

export function optObject(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(key, 'an object');
  return value as Record<string, unknown>;
}
