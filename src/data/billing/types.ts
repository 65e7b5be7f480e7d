import type { Tables } from '../database.types';

/** A billing amount: integer minor units of an ISO 4217 currency (decision 069); pages format it, never compute it. */
export interface Money {
  minor: number;
  currency: string;
}

export type InvoiceKind = 'invoice' | 'credit_note';
export type InvoiceStatus = 'draft' | 'issued';
export type PaymentStatus = 'unpaid' | 'partly_paid' | 'paid' | 'refunded' | 'credited';

/** An invoice or credit note as the lists show it: the database's amounts and state, as stored. */
export interface InvoiceSummary {
  id: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: string | null;
  organizationId: string;
  organizationName: string;
  issueDate: string | null;
  dueDate: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  currency: string;
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  creditedMinor: number;
  paidMinor: number;
  balanceMinor: number;
  /** Null for drafts and credit notes. */
  paymentStatus: PaymentStatus | null;
  overdue: boolean;
  creditedInvoiceId: string | null;
  createdAt: string;
}

export type InvoiceRow = Tables<'invoices'>;

/** The invoices table's row as an InvoiceSummary; `today` (YYYY-MM-DD) decides overdue as the database does. */
export function toInvoiceSummary(row: InvoiceRow, organizationName: string, today: string): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind as InvoiceKind,
    status: row.status as InvoiceStatus,
    number: row.number,
    organizationId: row.organization_id,
    organizationName,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    currency: row.currency,
    subtotalMinor: row.subtotal_minor,
    vatMinor: row.vat_minor,
    totalMinor: row.total_minor,
    creditedMinor: row.credited_minor,
    paidMinor: row.paid_minor,
    balanceMinor: row.balance_minor,
    paymentStatus: row.payment_status as PaymentStatus | null,
    overdue: row.status === 'issued' && row.kind === 'invoice' && row.balance_minor > 0 && row.due_date !== null && row.due_date < today,
    creditedInvoiceId: row.credited_invoice_id,
    createdAt: row.created_at,
  };
}

/** The party snapshots an issued invoice keeps (invoices.seller / buyer; the document shape). */
export interface InvoiceParty {
  name: string;
  addressLines: string[];
  country: string | null;
  vatId: string | null;
  iban?: string | null;
  bic?: string | null;
  poReference?: string | null;
}

export function toParty(value: unknown): InvoiceParty | null {
  if (typeof value !== 'object' || value === null) return null;
  const party = value as Record<string, unknown>;
  const text = (name: string) => (typeof party[name] === 'string' ? (party[name] as string) : null);
  return {
    name: text('name') ?? '',
    addressLines: Array.isArray(party.addressLines) ? party.addressLines.filter((line): line is string => typeof line === 'string') : [],
    country: text('country'),
    vatId: text('vatId'),
    iban: text('iban'),
    bic: text('bic'),
    poReference: text('poReference'),
  };
}
