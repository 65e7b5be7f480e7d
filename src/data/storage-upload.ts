import type { AccordClient } from './client';
import { toUploadError, UploadCancelled, type StorageErrorLike, type UploadRequest } from './upload-request';

export {
  toUploadError,
  UploadCancelled,
  type UploadHandle,
  type UploadProgress,
  type UploadRefusals,
  type UploadRequest,
  type UploadTracking,
} from './upload-request';

/** A file's name as a Storage key segment: hosted Storage accepts letters, digits, dot, dash and underscore. */
export function storageKeyName(fileName: string): string {
  return fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-150) || 'file';
}

/** At or under this a file goes in one plain request; above it, resumably in chunks (decision 082). */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024;

/**
 * Uploads `file` to `bucket` at `path` (never over an existing object) and
 * returns where it was stored, or throws the refusal in words. Every upload in
 * the app goes through here: a plain request at or under
 * RESUMABLE_THRESHOLD, TUS above it, with progress either way. A resumed
 * upload returns the path it was started under.
 */
export async function uploadToBucket(client: AccordClient, request: UploadRequest): Promise<string> {
  const { bucket, path, file, refusals, onProgress, onStart } = request;
  if (file.size > RESUMABLE_THRESHOLD) {
    const { resumableUpload } = await import('./resumable-upload');
    return resumableUpload(client, request);
  }
  const controller = new AbortController();
  onStart?.({
    pause: () => undefined,
    resume: () => undefined,
    cancel: async () => controller.abort(),
  });
  onProgress?.({ sent: 0, total: file.size });
  const { error } = await client.storage
    .from(bucket)
    .upload(path, file, { contentType: file.type })
    .catch((cause: unknown) => ({ error: cause as StorageErrorLike }));
  if (controller.signal.aborted) {
    // A small file may have landed before Cancel took effect: then it goes too.
    if (!error) await client.storage.from(bucket).remove([path]);
    throw new UploadCancelled();
  }
  if (error) throw toUploadError(error as StorageErrorLike, refusals);
  onProgress?.({ sent: file.size, total: file.size });
  return path;
}
