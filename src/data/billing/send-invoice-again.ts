import type { AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

/** Tells the organisation's admins about an issued invoice again (notification and e-mail). */
export async function sendInvoiceAgain(client: AccordClient, invoiceId: string): Promise<void> {
  const { error } = await client.rpc('admin_send_invoice_again', { p_invoice_id: invoiceId });
  if (error) throw billingError(error);
}

/** What it changes: the invoice's history. */
export const sendInvoiceAgainChanges = (invoiceId: string) => [billingKeys.invoice(invoiceId)];
