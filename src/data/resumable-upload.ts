import type { DetailedError, PreviousUpload, Upload, UrlStorage } from 'tus-js-client';
import type { AccordClient } from './client';
import { UploadCancelled, toUploadError, type UploadRequest } from './upload-request';

/**
 * The resumable half of the upload helper (decision 082): TUS at Storage's
 * /upload/resumable with tus-js-client, loaded only when a large file is sent.
 * The upload's URL is kept in sessionStorage under the file's fingerprint, so
 * after a dropped connection, a failure or a reload of the page the same file
 * sent again for the same place continues where the server stopped.
 */

/** Hosted Storage takes resumable uploads in 6 MB chunks (Supabase's guide). */
export const CHUNK_BYTES = 6 * 1024 * 1024;

/** Retries of a request that got no answer or a server error, before the upload reports a failure. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

const KEY_PREFIX = 'accord-upload::';

/** tus-js-client's URL storage, kept in this tab's sessionStorage. */
const sessionUrlStorage: UrlStorage = {
  async findAllUploads() {
    return entries(KEY_PREFIX);
  },
  async findUploadsByFingerprint(fingerprint) {
    return entries(`${KEY_PREFIX}${fingerprint}::`);
  },
  async removeUpload(key) {
    sessionStorage.removeItem(key);
  },
  async addUpload(fingerprint, upload) {
    const key = `${KEY_PREFIX}${fingerprint}::${crypto.randomUUID()}`;
    sessionStorage.setItem(key, JSON.stringify(upload));
    return key;
  },
};

function entries(prefix: string): PreviousUpload[] {
  const found: PreviousUpload[] = [];
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const key = sessionStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      found.push({ ...(JSON.parse(sessionStorage.getItem(key) ?? '') as PreviousUpload), urlStorageKey: key });
    } catch {
      sessionStorage.removeItem(key);
    }
  }
  return found;
}

/** Where Storage and the project's key are (supabase-js keeps them on the client). */
function endpointOf(client: AccordClient): { endpoint: string; apikey: string } {
  const { storageUrl, supabaseKey } = client as unknown as { storageUrl: URL; supabaseKey: string };
  return { endpoint: `${String(storageUrl).replace(/\/+$/, '')}/upload/resumable`, apikey: supabaseKey };
}

const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? 0;

export async function resumableUpload(client: AccordClient, request: UploadRequest): Promise<string> {
  const { Upload: TusUpload } = await import('tus-js-client');
  const { bucket, path, file, refusals, scope, onProgress, onStart } = request;
  const { endpoint, apikey } = endpointOf(client);
  const fingerprint = [bucket, scope ?? '', file.name, file.type, file.size, file.lastModified].join(':');

  return new Promise<string>((resolve, reject) => {
    let objectName = path;
    let resumedUrl: string | undefined;
    let cancelled = false;
    let waitingForNetwork: (() => void) | undefined;
    const upload: Upload = new TusUpload(file, {
      endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      headers: { apikey, 'x-upsert': 'false' },
      metadata: { bucketName: bucket, objectName: path, contentType: file.type, cacheControl: '3600' },
      fingerprint: async () => fingerprint,
      urlStorage: sessionUrlStorage,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The session's token may have been refreshed since the last chunk.
      onBeforeRequest: async (req) => {
        const token = (await client.auth.getSession()).data.session?.access_token ?? apikey;
        req.setHeader('authorization', `Bearer ${token}`);
      },
      // Only what may pass by itself is retried: no answer, a server error, or the offset moved under us.
      onShouldRetry: (error) => {
        const status = statusOf(error);
        if (!navigator.onLine) return false;
        return status === 0 || status >= 500 || status === 423 || (status === 409 && error.originalRequest?.getMethod() === 'PATCH');
      },
      // An earlier upload the server no longer has starts again under this call's name.
      onUploadUrlAvailable: () => {
        if (upload.url !== resumedUrl) objectName = path;
      },
      onProgress: (sent, total) => onProgress?.({ sent, total }),
      onSuccess: () => resolve(objectName),
      onError: (error) => {
        if (cancelled) return;
        const status = statusOf(error);
        if (status === 0 && !navigator.onLine) {
          // Offline: carry on from the server's offset as soon as the connection is back.
          waitingForNetwork = () => {
            waitingForNetwork = undefined;
            upload.start();
          };
          window.addEventListener('online', waitingForNetwork, { once: true });
          return;
        }
        const body = (error as DetailedError).originalResponse?.getBody() ?? '';
        reject(toUploadError(status === 0 ? { name: 'StorageUnknownError', message: 'Failed to fetch' } : { statusCode: String(status), message: body.trim() }, refusals));
      },
    });

    onStart?.({
      pause: () => void upload.abort(false),
      resume: () => upload.start(),
      cancel: async () => {
        cancelled = true;
        if (waitingForNetwork) window.removeEventListener('online', waitingForNetwork);
        // Terminates the upload on the server and forgets its URL: nothing is left behind.
        await upload.abort(true).catch(() => undefined);
        reject(new UploadCancelled());
      },
    });

    void upload.findPreviousUploads().then((previous) => {
      const earlier = previous.find((p) => p.metadata?.bucketName === bucket && p.metadata.objectName);
      if (earlier) {
        objectName = earlier.metadata.objectName;
        resumedUrl = earlier.uploadUrl ?? undefined;
        upload.resumeFromPreviousUpload(earlier);
      }
      if (!cancelled) upload.start();
    }, reject);
  });
}
