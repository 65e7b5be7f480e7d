import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

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

interface StorageErrorLike {
  message?: string;
  statusCode?: string;
  status?: number;
  name?: string;
}

/** Storage's refusals in words a person can act on (it answers 400 with the real status in statusCode). */
function toUploadError(error: StorageErrorLike, kind: ApplicationFileKind): DataError {
  const status = Number(error.statusCode ?? error.status ?? 0);
  const message = error.message ?? '';
  if (error.name === 'StorageUnknownError' || message === 'Failed to fetch') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  if (status === 413 || /size/i.test(message)) {
    return new DataError(kind === 'proof' ? 'The file is larger than 10 MB. Upload a smaller file.' : 'The logo is larger than 1 MB. Upload a smaller image.', {
      status,
      cause: error,
    });
  }
  if (/content does not match/i.test(message)) {
    return new DataError('This file’s content is not what its name says (for example a renamed file). Upload the original PDF, PNG or JPEG.', {
      status,
      cause: error,
    });
  }
  if (status === 415 || /mime|type/i.test(message)) {
    return new DataError(kind === 'proof' ? 'Upload a PDF, PNG or JPEG file.' : 'Upload the logo as a PNG or JPEG image.', { status, cause: error });
  }
  if (status === 403) return new DataError('You can no longer upload to this application. Reload the page and try again.', { status, cause: error });
  if (status === 409) return new DataError('A file with this name is already there. Choose the file again.', { status, cause: error });
  return new DataError(message || UNEXPECTED_MESSAGE, { status, cause: error });
}

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
  { kind, file, folderId }: { kind: ApplicationFileKind; file: File; folderId: string },
): Promise<StoredFile> {
  const extension = EXTENSIONS[file.type] ?? 'bin';
  const path = `${folderId}/${BASE_NAMES[kind]}-${crypto.randomUUID()}.${extension}`;
  const { error } = await client.storage.from(FILE_BUCKETS[kind]).upload(path, file, { contentType: file.type });
  if (error) throw toUploadError(error as StorageErrorLike, kind);
  return { path, name: file.name, size: file.size, type: file.type };
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

/** The public address of a logo in brand_assets (no signing: the bucket is public). */
export function logoUrl(client: AccordClient, path: string): string {
  return client.storage.from('brand_assets').getPublicUrl(path).data.publicUrl;
}
