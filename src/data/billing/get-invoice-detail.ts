import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Tables } from '../database.types';
import { billingKeys } from './keys';
import { billingError } from './refusals';
import { toInvoiceSummary, toParty, type InvoiceParty, type InvoiceSummary } from './types';

export interface InvoiceDetail extends InvoiceSummary {
  rfReference: string | null;
  reason: string | null;
  vatNote: string | null;
  seller: InvoiceParty | null;
  buyer: InvoiceParty | null;
  lines: Tables<'invoice_lines'>[];
  vatBreakdown: Tables<'invoice_vat_breakdown'>[];
  payments: {
    paymentId: string;
    amountMinor: number;
    receivedOn: string | null;
    method: string | null;
    reference: string | null;
    /** What card refunds already gave back of it (a card payment can be refunded up to its amount). */
    refundedMinor: number;
  }[];
  /** Credit notes of this invoice, or the invoice this credit note corrects. */
  related: { id: string; number: string | null; kind: string; totalMinor: number; status: string }[];
  /** network_activity entries that name this document, oldest first. */
  history: { id: number; occurredAt: string; action: string; details: Record<string, unknown> }[];
}

/** One invoice or credit note with its lines, VAT per rate, payments, related documents and history (system administrators). */
export async function getInvoiceDetail(client: AccordClient, invoiceId: string, today: string): Promise<InvoiceDetail> {
  const invoice = await client.from('invoices').select('*, organizations(name)').eq('id', invoiceId).maybeSingle();
  if (invoice.error) throw billingError(invoice.error);
  if (!invoice.data) throw billingError({ message: 'invoice_not_found' });
  const row = invoice.data;
  const [lines, vat, allocations, related, cardRefunds] = await Promise.all([
    client.from('invoice_lines').select('*').eq('invoice_id', invoiceId).order('position'),
    client.from('invoice_vat_breakdown').select('*').eq('invoice_id', invoiceId).order('rate_bp'),
    client.from('payment_allocations').select('amount_minor, payment_id, payments(received_on, method, reference)').eq('invoice_id', invoiceId),
    row.kind === 'invoice'
      ? client.from('invoices').select('id, number, kind, total_minor, status').eq('credited_invoice_id', invoiceId).order('created_at')
      : client.from('invoices').select('id, number, kind, total_minor, status').eq('id', row.credited_invoice_id ?? invoiceId),
    client.from('card_refunds').select('payment_id, amount_minor').eq('invoice_id', invoiceId).eq('status', 'succeeded'),
  ]);
  for (const answer of [lines, vat, allocations, related, cardRefunds]) if (answer.error) throw billingError(answer.error);
  const refunded = new Map<string, number>();
  for (const r of cardRefunds.data ?? []) refunded.set(r.payment_id, (refunded.get(r.payment_id) ?? 0) + r.amount_minor);
  // A payment's entry names the payment, not the invoices it paid: those allocated here belong to its history too.
  const paymentIds = [...new Set((allocations.data ?? []).map((a) => a.payment_id))];
  const history = await client
    .from('network_activity')
    .select('id, occurred_at, action, details')
    .or(
      [`details->>invoice_id.eq.${invoiceId}`, `details->>credited_invoice_id.eq.${invoiceId}`]
        .concat(paymentIds.length > 0 ? [`and(action.eq.payment.recorded,details->>payment_id.in.(${paymentIds.join(',')}))`] : [])
        .join(','),
    )
    .order('occurred_at')
    .limit(100);
  if (history.error) throw billingError(history.error);
  return {
    ...toInvoiceSummary(row, toParty(row.buyer)?.name ?? row.organizations?.name ?? '', today),
    rfReference: row.rf_reference,
    reason: row.reason,
    vatNote: row.vat_note,
    seller: toParty(row.seller),
    buyer: toParty(row.buyer),
    lines: lines.data ?? [],
    vatBreakdown: vat.data ?? [],
    payments: (allocations.data ?? []).map((a) => ({
      paymentId: a.payment_id,
      amountMinor: a.amount_minor,
      receivedOn: a.payments?.received_on ?? null,
      method: a.payments?.method ?? null,
      reference: a.payments?.reference ?? null,
      refundedMinor: refunded.get(a.payment_id) ?? 0,
    })),
    related: (related.data ?? []).map((r) => ({ id: r.id, number: r.number, kind: r.kind, totalMinor: r.total_minor, status: r.status })),
    history: (history.data ?? []).map((h) => ({ id: h.id, occurredAt: h.occurred_at, action: h.action, details: (h.details ?? {}) as Record<string, unknown> })),
  };
}

/** Pass null while no invoice is open. */
export function useInvoiceDetail(invoiceId: string | null, today: string, client: AccordClient = supabase) {
  return useSWR(invoiceId ? billingKeys.invoice(invoiceId) : null, ([, , id]) => getInvoiceDetail(client, id, today));
}
