import type { AccordClient } from '../client';
import { storageKeyName, uploadToBucket, type UploadTracking } from '../storage-upload';

/** The private bucket of resource files (decision 054). */
export const RESOURCE_BUCKET = 'member_resources';

/** What Storage accepts there (the bucket's own settings enforce it), with the words a person reads. */
export const RESOURCE_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'image/png': 'PNG',
};
export const RESOURCE_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What the file picker offers. */
export const RESOURCE_FILE_ACCEPT = `.pdf,.docx,.xlsx,.png,${Object.keys(RESOURCE_FILE_TYPES).join(',')}`;

/** How long a download link works. */
export const RESOURCE_URL_SECONDS = 60;

/** Why a file cannot be uploaded, in words, or null. The bucket checks again: the browser is never trusted. */
export function resourceFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(file.type in RESOURCE_FILE_TYPES)) return `${file.name} is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.`;
  if (file.size === 0) return `${file.name} is empty. Choose the file again.`;
  if (file.size > RESOURCE_FILE_MAX_BYTES) return `${file.name} is larger than 20 MB. Choose a smaller file.`;
  return null;
}



/**
 * Uploads a file under a folder of its own (`<uuid>/<name>`), keeping its
 * name; pass the returned path to createResource or addResourceVersion.
 * Members see nothing of it until then, and only once it is published.
 */
export async function uploadResourceFile(client: AccordClient, file: File, tracking: UploadTracking = {}): Promise<string> {
  return uploadToBucket(client, {
    ...tracking,
    scope: 'resources',
    bucket: RESOURCE_BUCKET,
    path: `${crypto.randomUUID()}/${storageKeyName(file.name)}`,
    file,
    refusals: {
      tooLarge: 'The file is larger than 20 MB. Choose a smaller file.',
      wrongType: 'Choose a PDF, Word (.docx), Excel (.xlsx) or PNG file.',
      forbidden: 'Only the network’s administrators can upload resources.',
    },
  });
}
