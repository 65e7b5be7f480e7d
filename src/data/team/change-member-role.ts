import type { AccordClient } from '../client';
import type { TeamRole } from './get-team-membership';
import { toTeamError } from './refusals';

/** Makes a member an admin or a plain member; the database refuses to demote the last admin (last_admin). */
export async function changeMemberRole(client: AccordClient, organizationId: string, userId: string, role: TeamRole): Promise<void> {
  const { error } = await client.rpc('change_organization_member_role', { p_organization_id: organizationId, p_user_id: userId, p_role: role });
  if (error) throw toTeamError(error);
}
