import type { AccordClient } from '../client';
import { toTeamError } from './refusals';

/** Withdraws an open invitation: its link stops working. Revoking twice is harmless. */
export async function revokeTenantInvitation(client: AccordClient, invitationId: string): Promise<void> {
  const { error } = await client.rpc('revoke_tenant_invitation', { p_invitation_id: invitationId });
  if (error) throw toTeamError(error);
}
