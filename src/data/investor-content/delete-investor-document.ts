import type { AccordClient } from '../client';
import { INVESTOR_BUCKET } from './investor-file';
import { toInvestorContentError } from './refusals';

/**
 * System administrators: deletes the document and its versions in the
 * database, then its files through the Storage API (SQL may not delete
 * storage objects on hosted Supabase). Returns how many files were left
 * behind if Storage failed: the document is gone either way, and the files
 * are unreachable to investors (no version names them).
 */
export async function deleteInvestorDocument(client: AccordClient, documentId: string): Promise<number> {
  const { data: paths, error } = await client.rpc('delete_investor_document', { p_document_id: documentId });
  if (error) throw toInvestorContentError(error);
  if (paths.length === 0) return 0;
  const removed = await client.storage.from(INVESTOR_BUCKET).remove(paths);
  return removed.error ? paths.length : paths.length - (removed.data?.length ?? 0);
}
