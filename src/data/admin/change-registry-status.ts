import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

export type RegistryStatusChoice = 'active' | 'suspended' | 'revoked';

/** change_registry_status's named errors, as a system administrator reads them. */
const MESSAGES: Record<string, string> = {
  status_required: 'Choose the new status.',
  not_in_registry: 'This organisation is not in the registry yet: only an approved organisation can be suspended, revoked or reinstated.',
  registry_revoked: 'This organisation was revoked. A revoked organisation cannot be reinstated or suspended; it has to apply again.',
  status_unchanged: 'The organisation already has this status on that date.',
  reason_required: 'Give the reason: it is kept in the registry history and the activity log.',
  reason_required_too_long: 'Give a reason of at most 2,000 characters.',
  effective_date_in_future: 'The date cannot be in the future: choose today or an earlier day.',
  effective_date_before_current: 'The date cannot be before the current status took effect: choose a later day.',
};

/**
 * Suspends, revokes or reinstates (active) an organisation from a date, with
 * the reason; the database writes the registry history and the activity log.
 * System administrators only.
 */
export async function changeRegistryStatus(
  client: AccordClient,
  change: { organizationId: string; status: RegistryStatusChoice; reason: string; effectiveFrom: string },
): Promise<void> {
  // A day (YYYY-MM-DD) in UTC, as the registry counts days. Today means now:
  // its midnight may be before the current status took effect (approved this morning).
  const day = change.effectiveFrom.slice(0, 10);
  const effective = day === new Date().toISOString().slice(0, 10) ? new Date().toISOString() : `${day}T00:00:00Z`;
  const { error } = await client.rpc('change_registry_status', {
    p_organization_id: change.organizationId,
    p_status: change.status,
    p_reason: change.reason,
    p_effective_from: effective,
  });
  if (error) {
    const message = MESSAGES[error.message];
    if (message) throw new DataError(message, { code: error.message, cause: error });
    throw toDataError(error);
  }
}
