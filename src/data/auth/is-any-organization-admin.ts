import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** Whether the user administers an organisation (spec §6: the is_any_organization_admin check). */
export async function isAnyOrganizationAdmin(client: AccordClient, userId: string): Promise<boolean> {
  const { data, error } = await client.rpc('is_any_organization_admin', { user_uuid: userId });
  if (error) throw toDataError(error);
  return data === true;
}
