import type { AccordClient } from '../client';
import { isInvoiceStateKey } from './keys';
import { billingError } from './refusals';

/** Records a payment for each chosen matched line, in one transaction; a line already recorded is never paid twice. */
export async function confirmStatementMatches(client: AccordClient, statementId: string, lineNos: number[]): Promise<{ recorded: number; alreadyRecorded: number }> {
  const { data, error } = await client.rpc('admin_confirm_statement_matches', { p_statement_id: statementId, p_line_nos: lineNos });
  if (error) throw billingError(error);
  return data as unknown as { recorded: number; alreadyRecorded: number };
}

export const confirmStatementMatchesChanges = [isInvoiceStateKey];
