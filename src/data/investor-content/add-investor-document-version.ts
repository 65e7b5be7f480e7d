import type { AccordClient } from '../client';
import type { UploadTracking } from '../storage-upload';
import { INVESTOR_BUCKET, uploadInvestorFile } from './investor-file';
import { toInvestorContentError } from './refusals';

export interface NewInvestorVersion {
  documentId: string;
  file: File;
  /** Follows the file's upload (progress, pause, cancel). */
  tracking?: UploadTracking;
}

/**
 * System administrators: uploads the file and makes it the document's next
 * (current) version; the older versions stay. An upload the database then
 * refuses is removed again (the storage policy lets an administrator remove
 * an object no version names).
 */
export async function addInvestorDocumentVersion(client: AccordClient, { documentId, file, tracking }: NewInvestorVersion): Promise<string> {
  const path = await uploadInvestorFile(client, documentId, file, tracking);
  const { data, error } = await client.rpc('register_investor_document_version', { p_document_id: documentId, p_storage_path: path });
  if (error) {
    await client.storage.from(INVESTOR_BUCKET).remove([path]);
    throw toInvestorContentError(error);
  }
  return data;
}
