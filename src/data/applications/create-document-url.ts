import type { AccordClient } from '../client';
import { DataError } from '../errors';

/** How long a reviewer's link to a private document works. */
export const DOCUMENT_URL_SECONDS = 60;

/** A short-lived signed URL to a private application document: the only way to open one. */
export async function createDocumentUrl(client: AccordClient, path: string): Promise<string> {
  const { data, error } = await client.storage.from('application_documents').createSignedUrl(path, DOCUMENT_URL_SECONDS);
  if (error || !data) throw new DataError('The document could not be opened. It may have been removed.', { cause: error });
  return data.signedUrl;
}
