/**
 * The document the database's invoice_document(invoice_id) returns: everything
 * an invoice or credit note prints (VAT Directive 2006/112/EC art. 226), as
 * stored when it was issued. The PDF renderer (supabase/functions/invoice-pdf)
 * prints it and nothing else: it computes no amount, it formats them.
 * Import-free, so the app can read the same shape.
 */

export interface InvoiceParty {
  name: string;
  addressLines: string[];
  /** ISO 3166 alpha-2. */
  country: string;
  vatId: string | null;
  email?: string | null;
}

export interface InvoiceSeller extends InvoiceParty {
  /** Null until the network's seller settings hold one. */
  iban: string | null;
  bic: string | null;
}

export interface InvoiceBuyer extends InvoiceParty {
  poReference: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmountMinor: number;
  amountMinor: number;
  vatRateBp: number;
}

export interface VatBreakdownRow {
  rateBp: number;
  taxableMinor: number;
  vatMinor: number;
}

export interface InvoiceDocument {
  id: string;
  kind: 'invoice' | 'credit_note';
  /** Absent on a draft (numbers are assigned at issue). */
  status?: 'draft' | 'issued';
  number: string | null;
  /** ISO dates (YYYY-MM-DD); a draft may have none yet. */
  issueDate: string | null;
  dueDate: string | null;
  periodStart: string | null;
  /** Inclusive, for printing. */
  periodEnd: string | null;
  currency: string;
  reverseCharge: boolean;
  vatNote: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  vatBreakdown: VatBreakdownRow[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  /** On a credit note: the invoice it corrects and why. */
  credits: { invoiceNumber: string; reason: string } | null;
  payment: { rfReference: string | null; iban: string | null; bic: string | null; beneficiary: string; termsDays: number } | null;
}

/** A draft: no number yet, or said so. It prints as "Draft — not a valid invoice". */
export function isDraft(document: InvoiceDocument): boolean {
  return document.status === 'draft' || document.number === null;
}

/** `ACC-2026-000042.pdf`, `draft-<id>.pdf`: the name the download is saved under. */
export function invoiceFileName(document: InvoiceDocument): string {
  return isDraft(document) ? `draft-${document.id}.pdf` : `${document.number}.pdf`;
}
