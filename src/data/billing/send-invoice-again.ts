import type { AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

/**
 * Tells the organisation's admins about an issued invoice again (notification
 * and e-mail) and mails the PDF to its billing e-mail, if it has one; how many
 * recipients.
 */
export async function sendInvoiceAgain(client: AccordClient, invoiceId: string): Promise<number> {
  const { data, error } = await client.rpc('admin_send_invoice_again', { p_invoice_id: invoiceId });
  if (error) throw billingError(error);
  return data ?? 0;
}

/** What it changes: the invoice's history. */
export const sendInvoiceAgainChanges = (invoiceId: string) => [billingKeys.invoice(invoiceId)];
