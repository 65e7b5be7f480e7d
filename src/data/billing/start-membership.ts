import type { AccordClient } from '../client';
import { isInvoiceStateKey, isRenewalsKey } from './keys';
import { billingError } from './refusals';

/** Starts an organisation's membership on a plan from a day (its first period is priced then). */
export async function startMembership(client: AccordClient, start: { organizationId: string; planId: string; startOn: string }): Promise<void> {
  const { error } = await client.rpc('admin_start_membership', { p_organization_id: start.organizationId, p_plan_id: start.planId, p_start: start.startOn });
  if (error) throw billingError(error);
}

export const startMembershipChanges = [isInvoiceStateKey, isRenewalsKey];
