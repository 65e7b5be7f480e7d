import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * Whether the user holds the stakeholder grant. RLS lets a person read their
 * own row of stakeholders, so no RPC is needed; another person's row is
 * invisible rather than refused, so this only ever answers about the caller.
 */
export async function isStakeholder(client: AccordClient, userId: string): Promise<boolean> {
  const { data, error } = await client.from('stakeholders').select('user_id').eq('user_id', userId).maybeSingle();
  if (error) throw toDataError(error);
  return data !== null;
}
