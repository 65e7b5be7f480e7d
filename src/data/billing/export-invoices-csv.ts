import type { AccordClient } from '../client';
import { invoiceFilterArgs, type InvoiceCursor, type InvoiceFilters } from './list-invoices';
import { billingError } from './refusals';

/** At most this many rows in one export: an accountant's period, not the whole history at 1,000,000 invoices. */
export const EXPORT_LIMIT = 10_000;
const BATCH = 200;

/** A cell as the page's CSV writer takes it. */
export type ExportCell = string | number | null;

export const INVOICE_EXPORT_HEADER = [
  'Number',
  'Kind',
  'Status',
  'Organisation',
  'Issue date',
  'Due date',
  'Period start',
  'Period end',
  'Currency',
  'Net',
  'VAT',
  'Total',
  'Credited',
  'Paid',
  'Balance',
  'Payment status',
  'Overdue',
  'Credits invoice id',
  'Id',
];

/** Minor units as the decimal an accounting package reads ("1452.00"): integers only, no float. */
function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

async function batch(client: AccordClient, filters: InvoiceFilters, after: InvoiceCursor | null) {
  const { data, error } = await client.rpc('admin_list_invoices', {
    ...invoiceFilterArgs(filters),
    ...(after ? { p_after_created_at: after.createdAt, p_after_id: after.id } : {}),
    p_limit: BATCH,
  });
  if (error) throw billingError(error);
  return data;
}

/**
 * The filtered invoices as the accounting export's records (the page writes
 * them with the charts' RFC 4180, formula-safe buildCsv), read page by page
 * through admin_list_invoices, newest first, up to EXPORT_LIMIT rows.
 */
export async function exportInvoices(client: AccordClient, filters: InvoiceFilters): Promise<{ header: string[]; records: ExportCell[][]; truncated: boolean }> {
  const records: ExportCell[][] = [];
  let after: InvoiceCursor | null = null;
  for (;;) {
    const data = await batch(client, filters, after);
    for (const row of data) {
      records.push([
        row.number,
        row.kind === 'credit_note' ? 'Credit note' : 'Invoice',
        row.status,
        row.organization_name,
        row.issue_date,
        row.due_date,
        row.period_start,
        row.period_end,
        row.currency,
        decimal(row.subtotal_minor),
        decimal(row.vat_minor),
        decimal(row.total_minor),
        decimal(row.credited_minor),
        decimal(row.paid_minor),
        decimal(row.balance_minor),
        row.payment_status,
        row.overdue ? 'yes' : 'no',
        row.credited_invoice_id,
        row.id,
      ]);
    }
    const last = data[data.length - 1];
    if (data.length < BATCH || !last || records.length >= EXPORT_LIMIT) {
      const truncated = records.length >= EXPORT_LIMIT && data.length === BATCH;
      return { header: INVOICE_EXPORT_HEADER, records: records.slice(0, EXPORT_LIMIT), truncated };
    }
    after = { createdAt: last.created_at, id: last.id };
  }
}
