import type { AccordClient } from '../client';
import { UploadCancelled, type UploadTracking } from '../storage-upload';
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
  /**
   * The document an earlier attempt recorded and whose file did not make it:
   * Retry sends the file into it again, so a large file resumes where the
   * server stopped (the upload's fingerprint is scoped to the document).
   */
  documentId?: string;
  /** Told the document a Retry would send the file into, as soon as it is recorded; null once Cancel removed it. */
  onRecorded?: (documentId: string | null) => void;
}

/**
 * System administrators: records the document, uploads its file and registers
 * it as version 1. If the upload fails, the empty document stays for a Retry
 * (investors see nothing of a document without a version) and the upload's
 * own refusal is what the person reads; Cancel removes it again, so the list
 * holds no document without a file. discardInvestorDocument removes one a
 * person gave up on.
 */
export async function createInvestorDocument(client: AccordClient, input: NewInvestorDocument): Promise<string> {
  const documentId = input.documentId ?? (await recordDocument(client, input));
  input.onRecorded?.(documentId);
  try {
    await addInvestorDocumentVersion(client, { documentId, file: input.file, tracking: input.tracking });
  } catch (failure) {
    if (failure instanceof UploadCancelled) {
      await discardInvestorDocument(client, documentId);
      input.onRecorded?.(null);
    }
    throw failure;
  }
  return documentId;
}

async function recordDocument(client: AccordClient, input: NewInvestorDocument): Promise<string> {
  const { data, error } = await client.rpc('create_investor_document', {
    p_folder_id: input.folderId,
    p_title: input.title,
    p_description: input.description,
    p_level: input.level,
  });
  if (error) throw toInvestorContentError(error);
  return data;
}

/** Removes a document recorded for an upload that never made it (it has no version, so no file to remove). */
export async function discardInvestorDocument(client: AccordClient, documentId: string): Promise<void> {
  await client.rpc('delete_investor_document', { p_document_id: documentId });
}
