import type { AccordClient } from '../client';
import type { InvestorLevel } from './list-investor-library';
import { toInvestorContentError } from './refusals';

export interface InvestorDocumentDetails {
  documentId: string;
  folderId: string;
  title: string;
  description: string;
  level: InvestorLevel;
}

/** System administrators: changes a document's folder, title, description or level. */
export async function updateInvestorDocument(client: AccordClient, input: InvestorDocumentDetails): Promise<void> {
  const { error } = await client.rpc('update_investor_document', {
    p_document_id: input.documentId,
    p_folder_id: input.folderId,
    p_title: input.title,
    p_description: input.description,
    p_level: input.level,
  });
  if (error) throw toInvestorContentError(error);
}
