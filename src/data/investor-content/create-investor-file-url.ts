import type { AccordClient } from '../client';
import { toDataError } from '../errors';
import { INVESTOR_BUCKET } from './investor-file';

/** How long the back office's download link works. */
const URL_SECONDS = 60;

/**
 * The back office's own download of any version (RLS lets system
 * administrators read every object): a signed URL that saves the file under
 * its name. Investors open documents through the data room's stamping
 * function instead, which records the access.
 */
export async function createInvestorFileUrl(client: AccordClient, storagePath: string, fileName: string): Promise<string> {
  const { data, error } = await client.storage.from(INVESTOR_BUCKET).createSignedUrl(storagePath, URL_SECONDS, { download: fileName });
  if (error) throw toDataError({ message: error.message });
  return data.signedUrl;
}
