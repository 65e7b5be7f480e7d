import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/** approve_/decline_organization_change's named errors, as a system administrator reads them. */
const MESSAGES: Record<string, string> = {
  change_request_stale: "The organisation's registered facts changed since this request was made. Decline it and ask them to send a new one.",
  change_request_not_found: 'This request no longer exists.',
  change_request_closed: 'This request was already decided or withdrawn.',
  registry_conflict: 'Another organisation in the registry already has these facts (name, registration number or domain). Decline it with the reason.',
  invalid_change_request: 'The requested values are no longer valid (for example, the registration number is now taken). Decline it with the reason.',
  reason_required_too_long: 'Say why the request is declined, in at most 2,000 characters: the organisation sees the reason.',
  reason_required: 'Say why the request is declined: the organisation sees the reason.',
  reason_too_long: 'Keep the reason to 2,000 characters.',
};

function refusal(error: { message: string }): DataError {
  const message = MESSAGES[error.message];
  return message ? new DataError(message, { code: error.message, cause: error }) : toDataError(error);
}

/** Applies a registered-facts change to the organisation and the registry. System administrators only. */
export async function approveChangeRequest(client: AccordClient, requestId: string): Promise<void> {
  const { error } = await client.rpc('approve_organization_change', { p_request_id: requestId });
  if (error) throw refusal(error);
}

/** Refuses a registered-facts change with the reason the organisation will read. System administrators only. */
export async function declineChangeRequest(client: AccordClient, requestId: string, reason: string): Promise<void> {
  const { error } = await client.rpc('decline_organization_change', { p_request_id: requestId, p_reason: reason });
  if (error) throw refusal(error);
}
