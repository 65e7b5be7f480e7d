import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/**
 * accept_tenant_invitation's refusals (decision 030), as `error` codes:
 * `not_authenticated`, `invalid_token`, `revoked`, `already_used`, `expired`,
 * `email_mismatch`, `email_not_confirmed`, `already_member`,
 * `already_in_organization`, `organization_suspended`, `organization_revoked`.
 */
export interface AcceptTenantInvitationResult {
  success: boolean;
  message: string | null;
  error: string | null;
  organizationId: string | null;
  organizationName: string | null;
}

/**
 * Makes the signed-in person a member of the organisation the invitation is
 * for, if the token is theirs and still good. `organizationId` is the link's
 * `org_id`: the database refuses a token for another organisation. Expected
 * refusals come back as data (`error` set); only a failed request, or an
 * answer that is not the documented shape, throws.
 */
export async function acceptTenantInvitation(
  client: AccordClient,
  token: string,
  organizationId: string,
): Promise<AcceptTenantInvitationResult> {
  const { data, error } = await client.rpc('accept_tenant_invitation', { p_token: token, p_organization_id: organizationId });
  if (error) throw toDataError(error);
  const answer = data as Record<string, unknown> | null;
  if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean') {
    throw new DataError('The invitation service gave an answer this app does not understand.');
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    success: answer.success,
    message: text(answer.message),
    error: text(answer.error),
    organizationId: text(answer.organization_id),
    organizationName: text(answer.organization_name),
  };
}
