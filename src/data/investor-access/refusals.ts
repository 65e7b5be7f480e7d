import { DataError, toDataError } from '../errors';

/** The grant RPCs' and the grant-access function's named refusals, as the administrator reads them. */
const MESSAGES: Record<string, string> = {
  level_required: 'Choose lite or data room.',
  expiry_in_past: 'Choose an expiry date in the future, or none.',
  reason_required: 'Write the reason the requester will read.',
  reason_too_long: 'A reason can be at most 2,000 characters.',
  affiliation_too_long: 'An affiliation can be at most 200 characters.',
  request_not_found: 'This request no longer exists. Reload the page.',
  request_already_decided: 'This request has already been decided. Reload the page to see how.',
  investor_not_found: 'This person no longer has investor access. Reload the page.',
  stakeholder_not_found: 'This person is no longer a stakeholder. Reload the page.',
  already_stakeholder: 'This person is already a stakeholder.',
  not_allowed: 'Only system administrators grant access.',
};

/** A refusal as a sentence (DataError), keeping the database's code. */
export function accessRefusal(error: { message: string }): DataError {
  const message = MESSAGES[error.message];
  if (message) return new DataError(message, { code: error.message, cause: error });
  return toDataError(error);
}
