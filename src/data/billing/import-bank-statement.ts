import type { AccordClient } from '../client';
import { isInvoiceStateKey } from './keys';
import { billingError } from './refusals';
import type { ReadStatement } from './statement-file';

/**
 * Stores a statement read in the browser (statement-file.ts) and lets the
 * database propose each credit's invoice; the same file again answers the
 * statement already imported. The parser's lines are already the shape
 * p_lines takes.
 */
export async function importBankStatement(client: AccordClient, statement: ReadStatement): Promise<{ statementId: string; alreadyImported: boolean }> {
  const { data, error } = await client.rpc('admin_import_bank_statement', {
    p_file_name: statement.fileName,
    p_format: statement.format,
    p_sha256: statement.sha256,
    p_lines: statement.lines,
  });
  if (error) throw billingError(error);
  return data as unknown as { statementId: string; alreadyImported: boolean };
}

export const importBankStatementChanges = [isInvoiceStateKey];
