import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

/** The private bucket of conversation files (decision 045). */
export const CONVERSATION_BUCKET = 'conversation_attachments';

/** What Storage accepts there (the bucket's own settings enforce it). */
export const CONVERSATION_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CONVERSATION_FILE_MAX_BYTES = 10 * 1024 * 1024;

interface StorageErrorLike {
  message?: string;
  statusCode?: string;
  status?: number;
  name?: string;
}

function toFileError(error: StorageErrorLike): DataError {
  const status = Number(error.statusCode ?? error.status ?? 0);
  const message = error.message ?? '';
  if (error.name === 'StorageUnknownError' || message === 'Failed to fetch') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  if (status === 413) return new DataError('The file is larger than 10 MB. Send a smaller file.', { status, cause: error });
  if (status === 415) return new DataError('Send a PDF, PNG or JPEG file.', { status, cause: error });
  if (status === 403) return new DataError('You can no longer add files to this conversation. It may have been closed.', { status, cause: error });
  return new DataError(message || UNEXPECTED_MESSAGE, { status, cause: error });
}

/**
 * Uploads a file into the conversation's folder under a folder of its own
 * (`<organization>/<conversation>/<uuid>/<name>`), keeping its name; pass the
 * returned path to postMessage. Nothing is sent until then.
 */
export async function uploadConversationFile(
  client: AccordClient,
  { organizationId, conversationId, file }: { organizationId: string; conversationId: string; file: File },
): Promise<string> {
  // Storage keys allow a limited character set: keep letters, digits, dot, dash and underscore.
  const name = file.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-150) || 'file';
  const path = `${organizationId}/${conversationId}/${crypto.randomUUID()}/${name}`;
  const { error } = await client.storage.from(CONVERSATION_BUCKET).upload(path, file, { contentType: file.type });
  if (error) throw toFileError(error as StorageErrorLike);
  return path;
}
