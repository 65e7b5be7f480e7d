import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/** accept_admin_invitation's answer (spec §3, §7); codes in docs/decisions/002-admin-invitation-result-codes.md. */
export interface AcceptAdminInvitationResult {
  success: boolean;
  message: string | null;
  error: string | null;
}

/**
 * Makes the signed-in person a system administrator if the token is theirs.
 * Expected refusals come back as data (`error` set); only a failed request, or
 * an answer that is not the documented shape, throws.
 */
export async function acceptAdminInvitation(client: AccordClient, token: string): Promise<AcceptAdminInvitationResult> {
  const { data, error } = await client.rpc('accept_admin_invitation', { p_token: token });
  if (error) throw toDataError(error);
  const answer = data as Partial<AcceptAdminInvitationResult> | null;
  if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean') {
    throw new DataError('The invitation service gave an answer this app does not understand.');
  }
  return {
    success: answer.success,
    message: typeof answer.message === 'string' ? answer.message : null,
    error: typeof answer.error === 'string' ? answer.error : null,
  };
}
