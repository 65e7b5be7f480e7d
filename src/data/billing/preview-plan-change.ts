import type { AccordClient } from '../client';
import { billingError } from './refusals';

/** What applying a plan now would do, as admin_preview_plan_change computed it; previewToken binds the confirmation to these amounts. */
export interface PlanChangePreview {
  fromPlanName: string | null;
  toPlanName: string;
  effectiveOn: string;
  currentInvoiceNumber: string | null;
  currentInvoiceStatus: 'draft' | 'issued' | null;
  unusedDays: number;
  periodDays: number;
  creditMinor: number;
  creditCurrency: string | null;
  newPeriodStart: string;
  /** Exclusive. */
  newPeriodEnd: string;
  newSubtotalMinor: number;
  newVatMinor: number;
  newInvoiceMinor: number;
  newCurrency: string;
  previewToken: string;
}

export async function previewPlanChange(client: AccordClient, organizationId: string, planId: string): Promise<PlanChangePreview> {
  const { data, error } = await client.rpc('admin_preview_plan_change', { p_organization_id: organizationId, p_plan_id: planId });
  if (error) throw billingError(error);
  return data as unknown as PlanChangePreview;
}
