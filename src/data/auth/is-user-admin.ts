import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** Whether the user is a system administrator (spec §6: the is_user_admin check). */
export async function isUserAdmin(client: AccordClient, userId: string): Promise<boolean> {
  const { data, error } = await client.rpc('is_user_admin', { user_uuid: userId });
  if (error) throw toDataError(error);
  return data === true;
}
