import { parse } from 'content-type';
import { contentMismatch, hasSignature } from './content-sniffing.ts';
import { ERRORS } from './errors.ts';

/**
 * The checks hosted Storage makes on names and limits (src/storage/limits.ts,
 * src/storage/uploader.ts), plus what keeping objects as files on disk needs.
 */

// S3-safe characters, as hosted Storage's isValidKey allows them.
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]+$/;

/** An object name: S3-safe characters, and no empty, `.` or `..` segment (they would escape or alias paths on disk). */
export function mustBeValidKey(key: string): void {
  const segments = key.split('/');
  if (!key || key.length > 1024 || !KEY_CHARS.test(key) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw ERRORS.invalidKey(key);
  }
}

export function mustBeValidBucketName(name: string): void {
  if (!name || name.length > 100 || !BUCKET_NAME.test(name) || name === '.' || name === '..' || name !== name.trim()) {
    throw ERRORS.invalidBucketName();
  }
}

// Decimal units, as hosted Storage's parseFileSizeToBytes reads them ("1KB" is 1000 bytes).
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** A bucket's file_size_limit as the API accepts it: bytes, or "20MB" / "30KB" / "3B" (decimal units). */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const m = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value.trim()) : null;
  if (!m) throw ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  return Math.round(Number(m[1]) * UNITS[m[2].toLowerCase()]);
}

/**
 * The declared type when it is exactly one media type as RFC 7231 writes it
 * (`type/subtype`, tokens only, lower case, no parameters, nothing around it),
 * read by jshttp's content-type parser; otherwise undefined. Nothing looser is
 * safe to store and send back as Content-Type: Chromium reads a header such
 * as `image/png/,text/html` as a list and renders the last type it
 * understands (decision 066).
 */
export function strictMediaType(declared: string): string | undefined {
  try {
    const { type, parameters } = parse(declared);
    return type === declared && Object.keys(parameters).length === 0 ? type : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A declared type that is one strict media type and, when the bucket lists
 * types, one of them: `image/*` allows any image, as in hosted Storage's
 * validateMimeType, which compares only the first two `/`-separated parts and
 * so would let `image/png/,text/html` through. Returns the type.
 */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null): string {
  const type = strictMediaType(mimeType);
  if (!type) throw ERRORS.invalidMimeType(mimeType);
  if (!allowed || allowed.length === 0) return type;
  const [major] = type.split('/');
  if (allowed.includes(type) || allowed.includes(`${major}/*`)) return type;
  throw ERRORS.invalidMimeType(mimeType);
}

/** Bytes that carry the signature of `mimeType` (a strict type); a type the stand-in cannot check is refused. */
export function mustMatchContent(mimeType: string, bytes: Uint8Array): void {
  if (!hasSignature(mimeType)) throw ERRORS.invalidMimeType(mimeType);
  const mismatch = contentMismatch(mimeType, bytes);
  if (mismatch) throw ERRORS.contentMismatch(mimeType, mismatch);
}
