import type { AccordClient } from '../client';
import { storageKeyName, uploadToBucket, type UploadTracking } from '../storage-upload';

/** The private bucket of investor documents (decision 060). */
export const INVESTOR_BUCKET = 'investor_documents';

/** What the bucket accepts (its own settings enforce it), with the words a person reads. */
export const INVESTOR_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'image/png': 'PNG',
};
export const INVESTOR_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** What the file picker offers. */
export const INVESTOR_FILE_ACCEPT = `.pdf,.docx,.xlsx,.png,${Object.keys(INVESTOR_FILE_TYPES).join(',')}`;

/** Why a file cannot be uploaded, in words, or null. The bucket checks again: the browser is never trusted. */
export function investorFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(file.type in INVESTOR_FILE_TYPES)) return `${file.name} is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.`;
  if (file.size === 0) return `${file.name} is empty. Choose the file again.`;
  if (file.size > INVESTOR_FILE_MAX_BYTES) return `${file.name} is larger than 50 MB. Choose a smaller file.`;
  return null;
}

/**
 * Uploads a file as a new version of a document, at
 * `<document id>/<new version id>/<name>`, and returns the object name for
 * register_investor_document_version. Investors see nothing of it until then.
 */
export async function uploadInvestorFile(
  client: AccordClient,
  documentId: string,
  file: File,
  tracking: UploadTracking = {},
): Promise<string> {
  return uploadToBucket(client, {
    ...tracking,
    // The same file sent again for the same document in this tab resumes.
    scope: documentId,
    bucket: INVESTOR_BUCKET,
    path: `${documentId}/${crypto.randomUUID()}/${storageKeyName(file.name)}`,
    file,
    refusals: {
      tooLarge: 'The file is larger than 50 MB. Choose a smaller file.',
      wrongType: 'Choose a PDF, Word (.docx), Excel (.xlsx) or PNG file.',
      forbidden: 'Only the network’s administrators can upload investor documents.',
    },
  });
}
