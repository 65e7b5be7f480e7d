import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

/** System administrators: a new folder, placed last. */
export async function createInvestorFolder(client: AccordClient, name: string): Promise<string> {
  const { data, error } = await client.rpc('create_investor_folder', { p_name: name });
  if (error) throw toInvestorContentError(error);
  return data;
}
