import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

/** System administrators: removes an investor update from the dashboard. */
export async function deleteInvestorUpdate(client: AccordClient, id: string): Promise<void> {
  const { error } = await client.rpc('delete_investor_update', { p_id: id });
  if (error) throw toInvestorContentError(error);
}
