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
 * Hosted Storage's allowed_mime_types check: type and subtype compared as
 * written (so parameters such as `;charset=…` make a type differ), `image/*`
 * allowing any image.
 */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype] = mimeType.split('/');
  if (subtype === undefined) throw ERRORS.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimeType);
}
