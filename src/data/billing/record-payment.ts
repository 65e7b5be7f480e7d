import type { AccordClient } from '../client';
import { isInvoiceStateKey } from './keys';
import { billingError } from './refusals';

export type PaymentMethod = 'bank_transfer' | 'card' | 'other';

export interface PaymentDraft {
  organizationId: string;
  amountMinor: number;
  currency: string;
  /** YYYY-MM-DD. */
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  /** Null: the database settles the oldest open invoices first. */
  allocations: { invoiceId: string; amountMinor: number }[] | null;
  /** One per form filled in, so a retried or doubled click records the payment once. */
  idempotencyKey: string;
}

/** Records money received (admin_record_payment); returns the payment's id. */
export async function recordPayment(client: AccordClient, payment: PaymentDraft): Promise<string> {
  const { data, error } = await client.rpc('admin_record_payment', {
    p_organization_id: payment.organizationId,
    p_amount_minor: payment.amountMinor,
    p_currency: payment.currency,
    p_received_on: payment.receivedOn,
    p_method: payment.method,
    p_reference: payment.reference.trim(),
    p_allocations: payment.allocations,
    p_idempotency_key: payment.idempotencyKey,
  });
  if (error) throw billingError(error);
  return data;
}

/** What it changes: every view of an invoice's balance and the totals. */
export const recordPaymentChanges = [isInvoiceStateKey];
