import type { AccordClient } from '../client';
import { isInvoiceStateKey } from './keys';
import { billingError } from './refusals';

/** Issues a draft: the database numbers it, snapshots both parties, fixes its VAT and freezes it. */
export async function issueInvoice(client: AccordClient, invoiceId: string): Promise<void> {
  const { error } = await client.rpc('admin_issue_invoice', { p_invoice_id: invoiceId });
  if (error) throw billingError(error);
}

export const issueInvoiceChanges = [isInvoiceStateKey];
