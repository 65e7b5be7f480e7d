import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

/** System administrators: deletes an empty folder (the database refuses one with documents). */
export async function deleteInvestorFolder(client: AccordClient, folderId: string): Promise<void> {
  const { error } = await client.rpc('delete_investor_folder', { p_folder_id: folderId });
  if (error) throw toInvestorContentError(error);
}
