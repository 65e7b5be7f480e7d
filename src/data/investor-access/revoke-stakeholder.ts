import type { AccordClient } from '../client';
import { isInvestorAccessKey } from './keys';
import { accessRefusal } from './refusals';

/** Withdraws stakeholder access; the database checks the caller and records it. */
export async function revokeStakeholder(client: AccordClient, userId: string): Promise<void> {
  const { error } = await client.rpc('revoke_stakeholder', { p_user_id: userId });
  if (error) throw accessRefusal(error);
}

/** What it changes: the lists of both access pages, which share one key prefix (decision 059). */
export const revokeStakeholderChanges = [isInvestorAccessKey];
