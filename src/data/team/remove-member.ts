import type { AccordClient } from '../client';
import { toTeamError } from './refusals';

/** Takes someone out of the organisation; the database refuses to remove the last admin (last_admin). */
export async function removeMember(client: AccordClient, organizationId: string, userId: string): Promise<void> {
  const { error } = await client.rpc('remove_organization_member', { p_organization_id: organizationId, p_user_id: userId });
  if (error) throw toTeamError(error);
}
