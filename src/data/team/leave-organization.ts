import type { AccordClient } from '../client';
import { toTeamError } from './refusals';

/** The signed-in person leaves their organisation; the last admin cannot (last_admin). */
export async function leaveOrganization(client: AccordClient, organizationId: string): Promise<void> {
  const { error } = await client.rpc('leave_organization', { p_organization_id: organizationId });
  if (error) throw toTeamError(error);
}
