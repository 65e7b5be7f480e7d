import type { AccordClient } from '../client';
import type { ChangeRequest } from './get-organization-details';
import { toDetailsError } from './refusals';

/** The registered facts as request_organization_change takes them (decision 024). */
export interface RegisteredFacts {
  name: string;
  legal_name: string;
  registration_number: string;
  country: string;
  website: string;
}

/** Asks a system administrator to change registered facts; the registry keeps the approved values until then. */
export async function requestOrganizationChange(
  client: AccordClient,
  organizationId: string,
  changes: Partial<RegisteredFacts>,
  reason: string,
): Promise<ChangeRequest> {
  const { data, error } = await client.rpc('request_organization_change', {
    p_organization_id: organizationId,
    p_changes: changes,
    p_reason: reason,
  });
  if (error) throw toDetailsError(error);
  return data as ChangeRequest;
}
