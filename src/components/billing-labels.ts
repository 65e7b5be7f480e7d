import type { StatusMap } from './status-badge';
import type { PaymentMethod } from '../data/billing/record-payment';
import type { InvoiceSummary, PaymentStatus } from '../data/billing/types';

/** A document's payment state in words; overdue is derived from the due date, as the database derives it. */
export type DocumentState = PaymentStatus | 'overdue' | 'draft' | 'credit_note';

export const DOCUMENT_STATE: StatusMap<DocumentState> = {
  draft: { label: 'Draft', palette: 'gray' },
  unpaid: { label: 'Unpaid', palette: 'blue' },
  partly_paid: { label: 'Partly paid', palette: 'blue' },
  overdue: { label: 'Overdue', palette: 'red' },
  paid: { label: 'Paid', palette: 'green' },
  refunded: { label: 'Refunded', palette: 'purple' },
  credited: { label: 'Credited', palette: 'gray' },
  credit_note: { label: 'Credit note', palette: 'purple' },
};

export function documentState(invoice: Pick<InvoiceSummary, 'status' | 'kind' | 'paymentStatus' | 'overdue'>): DocumentState {
  if (invoice.status === 'draft') return 'draft';
  if (invoice.kind === 'credit_note') return 'credit_note';
  if (invoice.overdue) return 'overdue';
  return invoice.paymentStatus ?? 'unpaid';
}

export const KIND_LABEL = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

export const PERIOD_WORD = { month: 'a month', year: 'a year' } as const;

/** How money came, in words (the record-payment form's choices and the payments' lists). */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  other: 'Another way',
};
