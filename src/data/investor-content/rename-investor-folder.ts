import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

/** System administrators: renames a folder. */
export async function renameInvestorFolder(client: AccordClient, { folderId, name }: { folderId: string; name: string }): Promise<void> {
  const { error } = await client.rpc('rename_investor_folder', { p_folder_id: folderId, p_name: name });
  if (error) throw toInvestorContentError(error);
}
