import type { AccordClient } from '../client';
import type { Enums } from '../database.types';
import { toDataError } from '../errors';

export type InvestorAccessLevel = Enums<'investor_access_level'>;

/** The user's investor access level, or null. Read from their own investor_access row (RLS: own row only). */
export async function getInvestorLevel(client: AccordClient, userId: string): Promise<InvestorAccessLevel | null> {
  const { data, error } = await client.from('investor_access').select('level').eq('user_id', userId).maybeSingle();
  if (error) throw toDataError(error);
  return data?.level ?? null;
}
