import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export type MatchReason = 'rf_reference' | 'amount_and_name' | 'manual';

/** A credit on the statement with the invoice the database proposes for it, and the payment once confirmed. */
export interface StatementLineView {
  lineNo: number;
  bookedOn: string;
  amountMinor: number;
  currency: string;
  counterpartyName: string | null;
  remittance: string | null;
  matchedInvoiceId: string | null;
  matchedInvoiceNumber: string | null;
  matchedOrganizationName: string | null;
  matchReason: MatchReason | null;
  paymentId: string | null;
}

export interface StatementView {
  id: string;
  fileName: string;
  uploadedAt: string;
  lines: StatementLineView[];
}

export async function getStatement(client: AccordClient, statementId: string): Promise<StatementView> {
  const [statement, lines] = await Promise.all([
    client.from('bank_statements').select('id, file_name, uploaded_at').eq('id', statementId).single(),
    client
      .from('bank_statement_lines')
      .select('line_no, booked_on, amount_minor, currency, counterparty_name, remittance, matched_invoice_id, match_reason, payment_id, invoices(number, buyer)')
      .eq('statement_id', statementId)
      .order('line_no'),
  ]);
  if (statement.error) throw billingError(statement.error);
  if (lines.error) throw billingError(lines.error);
  return {
    id: statement.data.id,
    fileName: statement.data.file_name,
    uploadedAt: statement.data.uploaded_at,
    lines: lines.data.map((line) => {
      const buyer = line.invoices?.buyer as { name?: unknown } | null | undefined;
      return {
        lineNo: line.line_no,
        bookedOn: line.booked_on,
        amountMinor: line.amount_minor,
        currency: line.currency,
        counterpartyName: line.counterparty_name,
        remittance: line.remittance,
        matchedInvoiceId: line.matched_invoice_id,
        matchedInvoiceNumber: line.invoices?.number ?? null,
        matchedOrganizationName: typeof buyer?.name === 'string' ? buyer.name : null,
        matchReason: line.match_reason as MatchReason | null,
        paymentId: line.payment_id,
      };
    }),
  };
}

/** Pass null until a statement is imported. */
export function useStatement(statementId: string | null, client: AccordClient = supabase) {
  return useSWR(statementId ? billingKeys.statement(statementId) : null, ([, , id]) => getStatement(client, id));
}
