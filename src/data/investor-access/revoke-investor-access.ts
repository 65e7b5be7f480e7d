import type { AccordClient } from '../client';
import { accessRefusal } from './refusals';

/** Withdraws an investor's access; the database checks the caller and records it. */
export async function revokeInvestorAccess(client: AccordClient, userId: string): Promise<void> {
  const { error } = await client.rpc('revoke_investor_access', { p_user_id: userId });
  if (error) throw accessRefusal(error);
}
