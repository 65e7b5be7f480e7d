import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { billedOrganization, draftInvoice, ensureSeller, invoiceRow, issueAt } from '../support/billing-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Bank reconciliation in the database (decision 069): the browser parses the
 * file, admin_import_bank_statement stores its lines and proposes matches (RF
 * reference, else exact amount and a similar name), and
 * admin_confirm_statement_matches records the payments once. Bills in 2084.
 */
let admin: TestUser;
let byReference: { id: string; rf: string; total: number };
let byName: { id: string; total: number };
let buyerName: string;

async function issued(org: string, amountMinor: number) {
  const id = await draftInvoice(org, [{ amountMinor, rateBp: null }]);
  const row = await issueAt(id, '2084-02-01T10:00:00Z');
  const full = await invoiceRow(id);
  return { id, rf: full.rf_reference as string, total: Number(row.total_minor) };
}

beforeAll(async () => {
  await ensureSeller();
  admin = await newUser('statement-admin');
  await makeSystemAdmin(admin);
  const orgA = await billedOrganization('NL');
  const orgB = await billedOrganization('NL');
  buyerName = `Zeeuwse Zorggroep ${randomUUID().slice(0, 4)} B.V.`;
  await sql('update public.billing_profiles set billing_name = $2 where organization_id = $1', [orgB, buyerName]);
  // Amounts no other test uses, so the amount-and-name match has one candidate.
  byReference = await issued(orgA, 4_130_000 + Math.floor(Math.random() * 9_000));
  byName = await issued(orgB, 5_270_000 + Math.floor(Math.random() * 9_000));
});

function statement(lines: object[]) {
  const body = JSON.stringify(lines) + randomUUID();
  return { p_file_name: 'camt053-2084-02.xml', p_format: 'camt053', p_sha256: createHash('sha256').update(body).digest('hex'), p_lines: lines };
}

describe('a statement with an RF reference, an amount-and-name payment and a stranger', () => {
  let args: ReturnType<typeof statement>;
  let statementId: string;

  it('imports once and proposes the two matches, leaving the stranger unmatched', async () => {
    args = statement([
      { lineNo: 1, bookedOn: '2084-02-10', amountMinor: byReference.total, currency: 'EUR', counterpartyName: 'Someone Else Ltd',
        remittance: `Payment ${byReference.rf.replace(/(.{4})/g, '$1 ').toLowerCase()}`, endToEndId: 'E2E-1' },
      { lineNo: 2, bookedOn: '2084-02-11', amountMinor: byName.total, currency: 'EUR', counterpartyName: buyerName.replace(' B.V.', ' BV'),
        remittance: 'Lidmaatschap februari', endToEndId: 'E2E-2' },
      { lineNo: 3, bookedOn: '2084-02-12', amountMinor: 1234, currency: 'EUR', counterpartyName: 'Unknown Payer', remittance: 'Gift', endToEndId: null },
      { lineNo: 4, bookedOn: '2084-02-12', amountMinor: -5000, currency: 'EUR', counterpartyName: 'Bank fees', remittance: null, endToEndId: null },
    ]);
    const first = await admin.client.rpc('admin_import_bank_statement', args);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ alreadyImported: false });
    statementId = (first.data as { statementId: string }).statementId;
    const again = await admin.client.rpc('admin_import_bank_statement', args);
    expect(again.data).toEqual({ statementId, alreadyImported: true });

    const { data: lines } = await admin.client.from('bank_statement_lines').select('line_no, matched_invoice_id, match_reason, payment_id')
      .eq('statement_id', statementId).order('line_no');
    expect(lines).toEqual([
      { line_no: 1, matched_invoice_id: byReference.id, match_reason: 'rf_reference', payment_id: null },
      { line_no: 2, matched_invoice_id: byName.id, match_reason: 'amount_and_name', payment_id: null },
      { line_no: 3, matched_invoice_id: null, match_reason: null, payment_id: null },
      { line_no: 4, matched_invoice_id: null, match_reason: null, payment_id: null },
    ]);
  });

  it('confirming twice pays each invoice once, and the unmatched lines stay listed', async () => {
    const first = await admin.client.rpc('admin_confirm_statement_matches', { p_statement_id: statementId, p_line_nos: [1, 2, 3] });
    expect(first).toMatchObject({ error: null, data: { recorded: 2, alreadyRecorded: 0 } });
    const second = await admin.client.rpc('admin_confirm_statement_matches', { p_statement_id: statementId, p_line_nos: [1, 2, 3] });
    expect(second).toMatchObject({ error: null, data: { recorded: 0, alreadyRecorded: 2 } });
    for (const invoice of [byReference, byName]) {
      expect(await invoiceRow(invoice.id)).toMatchObject({ paid_minor: String(invoice.total), balance_minor: '0', payment_status: 'paid' });
      expect(await sql('select count(*)::int as n from public.payment_allocations where invoice_id = $1', [invoice.id])).toEqual([{ n: 1 }]);
    }
    const unmatched = await sql(
      `select line_no from public.bank_statement_lines where statement_id = $1 and payment_id is null order by line_no`, [statementId],
    );
    expect(unmatched).toEqual([{ line_no: 3 }, { line_no: 4 }]);
  });

  it('does not match by amount when the name is not alike', async () => {
    const other = await issued(await billedOrganization('NL'), 6_310_000 + Math.floor(Math.random() * 9_000));
    const args2 = statement([{ lineNo: 1, bookedOn: '2084-02-13', amountMinor: other.total, currency: 'EUR', counterpartyName: 'Completely Different Holding', remittance: 'Invoice', endToEndId: null }]);
    const { data } = await admin.client.rpc('admin_import_bank_statement', args2);
    const [line] = await sql('select matched_invoice_id from public.bank_statement_lines where statement_id = $1', [(data as { statementId: string }).statementId]);
    expect(line).toEqual({ matched_invoice_id: null });
  });
});
