import type { AccordClient } from '../client';
import { isInvestorAccessKey } from './keys';
import { accessRefusal } from './refusals';

/** Changes a stakeholder's affiliation (empty = none); the database checks the caller and records it. */
export async function setStakeholderAffiliation(client: AccordClient, { userId, affiliation }: { userId: string; affiliation: string }): Promise<void> {
  const { error } = await client.rpc('set_stakeholder_affiliation', { p_user_id: userId, p_affiliation: affiliation });
  if (error) throw accessRefusal(error);
}

/** What it changes: the lists of both access pages, which share one key prefix (decision 059). */
export const setStakeholderAffiliationChanges = [isInvestorAccessKey];
