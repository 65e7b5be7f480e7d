import type http from 'node:http';
import { ERRORS } from './errors.ts';

/**
 * Reading request bodies without trusting their size, and the reply shapes the
 * handlers return (the server writes them, as in the auth stand-in).
 */
export interface BodyRead {
  bytes: Buffer;
  /** True when the body was longer than the limit; `bytes` then holds only the first `limit + 1` bytes. */
  truncated: boolean;
}

/** Past this the connection is dropped instead of drained. */
const DRAIN_LIMIT = 256 * 1024 * 1024;

/**
 * Reads at most `limit` bytes and drains (and discards) the rest, so an
 * oversized upload still gets a proper error response instead of a reset
 * connection half-way through the client's send.
 */
export async function readBody(req: http.IncomingMessage, limit: number): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > DRAIN_LIMIT) {
      req.destroy();
      break;
    }
    if (kept <= limit) {
      const take = buf.subarray(0, Math.min(buf.length, limit + 1 - kept));
      chunks.push(take);
      kept += take.length;
    }
  }
  return { bytes: Buffer.concat(chunks), truncated: total > limit };
}

const JSON_LIMIT = 1024 * 1024;

export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const { bytes, truncated } = await readBody(req, JSON_LIMIT);
  if (truncated) throw ERRORS.invalidRequest('Request body is too large');
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw ERRORS.invalidRequest('Body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw ERRORS.invalidRequest('body must be object');
  }
  return value as Record<string, unknown>;
}

export type Reply =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | {
      kind: 'file';
      status: number;
      headers: Record<string, string>;
      /** Absent for HEAD. */
      open?: () => NodeJS.ReadableStream;
    };

export const json = (body: unknown, headers?: Record<string, string>): Reply => ({ kind: 'json', body, headers });
