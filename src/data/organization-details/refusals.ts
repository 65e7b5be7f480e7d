import { DataError, toDataError } from '../errors';

/**
 * The database's named refusals for the organisation-details page, as
 * DataErrors: a refused field keeps its server code and `{field: code}` in
 * `details` for the page to say at the field (features/member/organization-details-form.ts).
 */
const SENTENCES: Record<string, string> = {
  not_organization_admin: 'Only your organisation’s admins can change its details.',
  change_request_open: 'Your organisation already has a change waiting for a decision. Withdraw it before asking for another.',
  no_changes: 'These are already your organisation’s registered details. Change at least one before sending the request.',
  change_request_not_found: 'This change request could not be found. Reload the page.',
  change_request_closed: 'This change request has already been decided or withdrawn. Reload the page.',
  reason_required: 'Say why the details should change.',
  reason_required_too_long: 'The reason must be 2,000 characters or fewer.',
  invalid_change_request: 'Some details need correcting. Check the fields marked below.',
  invalid_organization_profile: 'Some details need correcting. Check the fields marked below.',
};

export function toDetailsError(error: { message?: string; code?: string; details?: string | null }): DataError {
  const code = error.message ?? '';
  const sentence = SENTENCES[code];
  if (sentence) return new DataError(sentence, { code, details: error.details ?? undefined, cause: error });
  return toDataError(error);
}
