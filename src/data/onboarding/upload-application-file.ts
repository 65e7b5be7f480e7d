import type { AccordClient } from '../client';
import { uploadToBucket, type UploadRefusals, type UploadTracking } from '../storage-upload';

export type ApplicationFileKind = 'proof' | 'logo';

/** Where each kind of file goes: proof of registration is private, the logo public (the registry shows it). */
export const FILE_BUCKETS: Record<ApplicationFileKind, 'application_documents' | 'brand_assets'> = {
  proof: 'application_documents',
  logo: 'brand_assets',
};

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

export interface StoredFile {
  path: string;
  name: string;
  size: number;
  type: string;
}



/** Storage's refusals of each kind of file, in words a person can act on. */
const REFUSALS: Record<ApplicationFileKind, UploadRefusals> = {
  proof: {
    tooLarge: 'The file is larger than 10 MB. Upload a smaller file.',
    wrongType: 'Upload a PDF, PNG or JPEG file.',
    forbidden: 'You can no longer upload to this application. Reload the page and try again.',
    contentMismatch: 'This file’s content is not what its name says (for example a renamed file). Upload the original PDF, PNG or JPEG.',
    exists: 'A file with this name is already there. Choose the file again.',
  },
  logo: {
    tooLarge: 'The logo is larger than 1 MB. Upload a smaller image.',
    wrongType: 'Upload the logo as a PNG or JPEG image.',
    forbidden: 'You can no longer upload to this application. Reload the page and try again.',
    contentMismatch: 'This file’s content is not what its name says (for example a renamed file). Upload the original PDF, PNG or JPEG.',
    exists: 'A file with this name is already there. Choose the file again.',
  },
};

/** How each kind of file is named; every upload adds a unique suffix. */
const BASE_NAMES: Record<ApplicationFileKind, string> = { proof: 'registration', logo: 'logo' };

/**
 * Uploads a file of an application into its organisation's folder under a name
 * of its own (`<folderId>/registration-<uuid>.pdf`, `<folderId>/logo-<uuid>.png`),
 * never over an earlier one: once submitted, documents are immutable (a
 * replacement is a new object, sent with the answer to a change request), and
 * a logo under a new name gets past every cache.
 */
export async function uploadApplicationFile(
  client: AccordClient,
  { kind, file, folderId, tracking }: { kind: ApplicationFileKind; file: File; folderId: string; tracking?: UploadTracking },
): Promise<StoredFile> {
  const extension = EXTENSIONS[file.type] ?? 'bin';
  const path = `${folderId}/${BASE_NAMES[kind]}-${crypto.randomUUID()}.${extension}`;
  const stored = await uploadToBucket(client, { ...tracking, scope: `${kind}:${folderId}`, bucket: FILE_BUCKETS[kind], path, file, refusals: REFUSALS[kind] });
  return { path: stored, name: file.name, size: file.size, type: file.type };
}

/**
 * Removes a draft's earlier upload that a new one replaced. Best effort: it is
 * only tidying (Storage allows it only in the draft's folder, before Submit),
 * so a failure is not the applicant's problem.
 */
export async function removeReplacedDraftFile(client: AccordClient, kind: ApplicationFileKind, path: string): Promise<void> {
  await client.storage
    .from(FILE_BUCKETS[kind])
    .remove([path])
    .catch(() => undefined);
}
