import type { AccordClient } from './client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from './errors';

/** What each bucket's uploader says when Storage refuses, in words a person can act on. */
export interface UploadRefusals {
  /** 413: over the bucket's size limit. */
  tooLarge: string;
  /** 415: a type the bucket does not accept. */
  wrongType: string;
  /** 403: the policies refuse this person or this folder. */
  forbidden: string;
  /** Storage found the content is not what the name says (a renamed file). */
  contentMismatch?: string;
  /** 409: something is already stored under that key. */
  exists?: string;
}

interface StorageErrorLike {
  message?: string;
  statusCode?: string;
  status?: number;
  name?: string;
}

/** Storage's refusal as a named error (it answers 400 with the real status in statusCode). */
export function toUploadError(error: StorageErrorLike, refusals: UploadRefusals): DataError {
  const status = Number(error.statusCode ?? error.status ?? 0);
  const message = error.message ?? '';
  const said = (text: string) => new DataError(text, { status, cause: error });
  if (error.name === 'StorageUnknownError' || message === 'Failed to fetch') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  if (status === 413 || /size/i.test(message)) return said(refusals.tooLarge);
  if (refusals.contentMismatch && /content does not match/i.test(message)) return said(refusals.contentMismatch);
  if (status === 415 || /mime|type/i.test(message)) return said(refusals.wrongType);
  if (status === 403) return said(refusals.forbidden);
  if (status === 409 && refusals.exists) return said(refusals.exists);
  return new DataError(message || UNEXPECTED_MESSAGE, { status, cause: error });
}

/** A file's name as a Storage key segment: hosted Storage accepts letters, digits, dot, dash and underscore. */
export function storageKeyName(fileName: string): string {
  return fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-150) || 'file';
}

/** Uploads `file` to `bucket` at `path` (never over an existing object), or throws the refusal in words. */
export async function uploadToBucket(
  client: AccordClient,
  { bucket, path, file, refusals }: { bucket: string; path: string; file: File; refusals: UploadRefusals },
): Promise<string> {
  const { error } = await client.storage.from(bucket).upload(path, file, { contentType: file.type });
  if (error) throw toUploadError(error as StorageErrorLike, refusals);
  return path;
}
