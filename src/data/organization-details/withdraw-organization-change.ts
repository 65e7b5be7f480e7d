import type { AccordClient } from '../client';
import { toDetailsError } from './refusals';

/** Withdraws the organisation's pending change request. */
export async function withdrawOrganizationChange(client: AccordClient, requestId: string): Promise<void> {
  const { error } = await client.rpc('withdraw_organization_change', { p_request_id: requestId });
  if (error) throw toDetailsError(error);
}
