/**
 * What an upload is asked to do and how it reports back, shared by the plain
 * and the resumable path of the upload helper (storage-upload.ts).
 */
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

export interface StorageErrorLike {
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

export interface UploadProgress {
  sent: number;
  total: number;
}

/** What a person can do with an upload under way. */
export interface UploadHandle {
  pause(): void;
  resume(): void;
  /** Stops it and removes what was sent; the upload then rejects with UploadCancelled. */
  cancel(): Promise<void>;
}

/** Thrown by an upload the person cancelled: nothing to show, nothing was kept. */
export class UploadCancelled extends Error {
  override readonly name = 'UploadCancelled';
  constructor() {
    super('The upload was cancelled.');
  }
}

/** How a caller follows an upload: its progress, and the controls once it started. */
export interface UploadTracking {
  onProgress?: (progress: UploadProgress) => void;
  onStart?: (handle: UploadHandle) => void;
}

export interface UploadRequest extends UploadTracking {
  bucket: string;
  path: string;
  file: File;
  refusals: UploadRefusals;
  /**
   * What makes two uploads of the same file the same upload (e.g. the document
   * it becomes a version of): a large file sent again for the same scope in
   * this tab, after a failure or a reload, resumes instead of starting over.
   */
  scope?: string;
}

