import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/** revoke_admin_invitation's refusals (docs/decisions/013-admin-invitation-delivery.md), in words. */
const REFUSALS: Record<string, string> = {
  invitation_used: 'This invitation has already been accepted, so it can no longer be revoked.',
  invitation_not_found: 'This invitation no longer exists. Refresh the list.',
};

/** Withdraws an open invitation: its link stops working. Revoking twice is harmless. */
export async function revokeAdminInvitation(client: AccordClient, invitationId: string): Promise<void> {
  const { error } = await client.rpc('revoke_admin_invitation', { p_invitation_id: invitationId });
  if (!error) return;
  const refusal = REFUSALS[error.message];
  throw refusal ? new DataError(refusal, { code: error.message, cause: error }) : toDataError(error);
}
