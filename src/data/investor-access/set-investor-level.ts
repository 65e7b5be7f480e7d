import type { AccordClient } from '../client';
import { isInvestorAccessKey } from './keys';
import type { InvestorLevel } from './list-investors';
import { accessRefusal } from './refusals';

/** Changes an investor's level; the database checks the caller and records it. */
export async function setInvestorLevel(client: AccordClient, { userId, level }: { userId: string; level: InvestorLevel }): Promise<void> {
  const { error } = await client.rpc('set_investor_level', { p_user_id: userId, p_level: level });
  if (error) throw accessRefusal(error);
}

/** What it changes: the lists of both access pages, which share one key prefix (decision 059). */
export const setInvestorLevelChanges = [isInvestorAccessKey];
