import type { AccordClient } from '../client';
import { isInvoiceStateKey } from './keys';
import { billingError } from './refusals';

/** Issues a credit note for an invoice: the whole of what it still holds (amount null) or part of it, with the reason printed on it. */
export async function createCreditNote(client: AccordClient, credit: { invoiceId: string; amountMinor: number | null; reason: string }): Promise<void> {
  const { error } = await client.rpc('admin_create_credit_note', {
    p_invoice_id: credit.invoiceId,
    // The generated types cannot say a full credit passes null.
    p_amount_minor: credit.amountMinor as number,
    p_reason: credit.reason.trim(),
  });
  if (error) throw billingError(error);
}

export const createCreditNoteChanges = [isInvoiceStateKey];
