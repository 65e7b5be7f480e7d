import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { RESOURCE_BUCKET, RESOURCE_URL_SECONDS } from './upload-resource-file';

/** A short-lived signed URL that downloads the file under its own name: the only way to open one. */
export async function createResourceUrl(client: AccordClient, objectPath: string, fileName: string): Promise<string> {
  const { data, error } = await client.storage.from(RESOURCE_BUCKET).createSignedUrl(objectPath, RESOURCE_URL_SECONDS, { download: fileName });
  if (error || !data) throw new DataError('The file could not be opened. It may have been withdrawn; reload the page.', { cause: error });
  return data.signedUrl;
}
