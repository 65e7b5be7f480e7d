import type { AccordClient } from '../client';
import type { UploadTracking } from '../storage-upload';
import { addInvestorDocumentVersion } from './add-investor-document-version';
import type { InvestorLevel } from './list-investor-library';
import { toInvestorContentError } from './refusals';

export interface NewInvestorDocument {
  folderId: string;
  title: string;
  description: string;
  level: InvestorLevel;
  file: File;
  /** Follows the file's upload (progress, pause, cancel). */
  tracking?: UploadTracking;
}

/**
 * System administrators: records the document, uploads its file and registers
 * it as version 1. If the file does not make it, the empty document is
 * removed again so the list holds no document without a file; the upload's
 * own refusal is what the person reads.
 */
export async function createInvestorDocument(client: AccordClient, input: NewInvestorDocument): Promise<string> {
  const { data: documentId, error } = await client.rpc('create_investor_document', {
    p_folder_id: input.folderId,
    p_title: input.title,
    p_description: input.description,
    p_level: input.level,
  });
  if (error) throw toInvestorContentError(error);
  try {
    await addInvestorDocumentVersion(client, { documentId, file: input.file, tracking: input.tracking });
  } catch (failure) {
    await client.rpc('delete_investor_document', { p_document_id: documentId });
    throw failure;
  }
  return documentId;
}
