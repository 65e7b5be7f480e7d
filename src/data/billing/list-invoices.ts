import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';
import type { InvoiceKind, InvoiceStatus, InvoiceSummary, PaymentStatus } from './types';

/** /admin/invoices' filters, as the address holds them; all server-side (admin_list_invoices). */
export interface InvoiceFilters {
  status: InvoiceStatus | '';
  kind: InvoiceKind | '';
  paymentStatus: PaymentStatus | '';
  overdue: boolean;
  organizationId: string;
  /** YYYY-MM: invoices whose period starts in that month. */
  period: string;
  /** A number or its beginning. */
  number: string;
}

/** The last row of a page: where the next one starts (newest first by created_at, id). */
export interface InvoiceCursor {
  createdAt: string;
  id: string;
}

export interface InvoicePage {
  rows: InvoiceSummary[];
  /** Null on the last page. */
  next: InvoiceCursor | null;
}

function monthRange(period: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: `${next}-01` };
}

/** The filters as admin_list_invoices' arguments (the export takes the same). */
export function invoiceFilterArgs(filters: InvoiceFilters) {
  const range = monthRange(filters.period);
  return {
    ...(filters.status ? { p_status: filters.status } : {}),
    ...(filters.kind ? { p_kind: filters.kind } : {}),
    ...(filters.paymentStatus ? { p_payment_status: filters.paymentStatus } : {}),
    ...(filters.overdue ? { p_overdue: true } : {}),
    ...(filters.organizationId ? { p_organization_id: filters.organizationId } : {}),
    ...(range ? { p_period_from: range.from, p_period_to: range.to } : {}),
    ...(filters.number.trim() ? { p_number: filters.number.trim() } : {}),
  };
}

/** One page of invoices and credit notes, newest first, after `after`; one row more is asked for, to know whether a next page exists. */
export async function listInvoices(client: AccordClient, filters: InvoiceFilters, after: InvoiceCursor | null, pageSize: number): Promise<InvoicePage> {
  const { data, error } = await client.rpc('admin_list_invoices', {
    ...invoiceFilterArgs(filters),
    ...(after ? { p_after_created_at: after.createdAt, p_after_id: after.id } : {}),
    p_limit: pageSize + 1,
  });
  if (error) throw billingError(error);
  const rows: InvoiceSummary[] = data.map((row) => ({
    id: row.id,
    kind: row.kind as InvoiceKind,
    status: row.status as InvoiceStatus,
    number: row.number,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
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
    overdue: row.overdue,
    creditedInvoiceId: row.credited_invoice_id,
    createdAt: row.created_at,
  }));
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > pageSize && last ? { createdAt: last.createdAt, id: last.id } : null };
}

export function useInvoices(filters: InvoiceFilters, after: InvoiceCursor | null, pageSize: number, client: AccordClient = supabase) {
  return useSWR([...billingKeys.invoices, filters, after, pageSize] as const, ([, , f, a, size]) => listInvoices(client, f, a, size), {
    keepPreviousData: true,
  });
}
