import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { toFunctionError, type FunctionsErrorLike } from '../function-error';

/** What the invite-admin Edge Function answers on success. */
export interface AdminInvitationSent {
  invitationId: string;
  email: string;
  expiresAt: string;
}

/**
 * Invites `email` to become a system administrator: the invite-admin Edge
 * Function creates the invitation as the signed-in caller and e-mails the link.
 * Inviting the same address again is "resend": a new link, the old one revoked.
 */
export async function inviteAdmin(client: AccordClient, email: string): Promise<AdminInvitationSent> {
  const { data, error } = await client.functions.invoke<AdminInvitationSent>('invite-admin', { body: { email } });
  if (error) throw await toFunctionError(error as FunctionsErrorLike);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
