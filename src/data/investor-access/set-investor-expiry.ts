import type { AccordClient } from '../client';
import { isInvestorAccessKey } from './keys';
import { accessRefusal } from './refusals';

/** Sets, extends or clears (null) when an investor's access ends; the database refuses a past date. */
export async function setInvestorExpiry(client: AccordClient, { userId, expiresAt }: { userId: string; expiresAt: string | null }): Promise<void> {
  // The generated type says string; null (no expiry) is what the function takes for "none".
  const { error } = await client.rpc('set_investor_access_expiry', { p_user_id: userId, p_expires_at: expiresAt as string });
  if (error) throw accessRefusal(error);
}

/** What it changes: the lists of both access pages, which share one key prefix (decision 059). */
export const setInvestorExpiryChanges = [isInvestorAccessKey];
