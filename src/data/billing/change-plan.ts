import type { AccordClient } from '../client';
import { isInvoiceStateKey, isRenewalsKey } from './keys';
import { billingError } from './refusals';

export type PlanChangeEffective = 'next_period' | 'now';

/**
 * Changes an organisation's plan at the next period, or now with the preview's
 * token: the database refuses (plan_change_preview_stale) when the amounts
 * are no longer those the administrator saw.
 */
export async function changePlan(
  client: AccordClient,
  change: { organizationId: string; planId: string; effective: PlanChangeEffective; previewToken: string | null },
): Promise<void> {
  const { error } = await client.rpc('admin_change_plan', {
    p_organization_id: change.organizationId,
    p_plan_id: change.planId,
    p_effective: change.effective,
    // The generated types cannot say the token may be null (a change at the next period needs none).
    p_preview_token: change.previewToken as string,
  });
  if (error) throw billingError(error);
}

/** What it changes: the organisation's panel, the invoices (a credit note and a new invoice) and the renewals. */
export const changePlanChanges = [isInvoiceStateKey, isRenewalsKey];
