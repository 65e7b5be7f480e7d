import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  csvAmountToMinor,
  decimalToMinor,
  parseCamt053,
  parseStatementCsv,
  readStatementFile,
  StatementFileError,
  type StatementLine,
  statementDate,
} from './statement-file.ts';

const fixtures = join(import.meta.dirname, '../../../tests/fixtures');
const camt = readFileSync(join(fixtures, 'camt053-two-credits.xml'), 'utf8');
const csv = readFileSync(join(fixtures, 'bank-statement.csv'), 'utf8');

/** The two credits both fixtures hold, as admin_import_bank_statement takes them. */
const TWO_CREDITS: StatementLine[] = [
  {
    lineNo: 1,
    bookedOn: '2026-11-26',
    amountMinor: 145200,
    currency: 'EUR',
    counterpartyName: 'Przędzalnia Łódź Sp. z o.o.',
    remittance: 'RF22ACC2026000001',
    endToEndId: 'E2E-ŁÓDŹ-0001',
  },
  {
    lineNo: 2,
    bookedOn: '2026-11-27',
    amountMinor: 72600,
    currency: 'EUR',
    counterpartyName: null,
    remittance: 'RF92 ACC2 0260 0000 2',
    endToEndId: null,
  },
];

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementFileError) return error.problem;
    throw error;
  }
  return 'none';
}

/** A camt.053 of the given entries (the older .001.02 shape: Dbtr/Nm without Pty). */
function camt002(entries: string): string {
  return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr><Stmt><Id>1</Id>${entries}</Stmt></BkToCstmrStmt></Document>`;
}

describe('parseCamt053', () => {
  it('reads the credits only, with exact minor units, the debtor, the RF reference and the end-to-end id', () => {
    const lines = parseCamt053(camt);
    expect(lines).toEqual([{ ...TWO_CREDITS[0] }, { ...TWO_CREDITS[1], counterpartyName: 'Müller & Söhne GmbH' }]);
  });

  it('takes the free text when there is no structured reference, one line per transaction of a batch, and leaves reversals out', () => {
    const lines = parseCamt053(
      camt002(`
        <Ntry><Amt Ccy="EUR">0.30</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><DtTm>2026-11-25T09:30:00</DtTm></BookgDt>
          <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Øresund Consulting ApS</Nm></Dbtr></RltdPties>
          <RmtInf><Ustrd>Invoice ACC-2026-000003</Ustrd><Ustrd>thank you</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
        <Ntry><Amt Ccy="EUR">300.10</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-26</Dt></BookgDt>
          <NtryDtls>
            <TxDtls><Amt Ccy="EUR">100.05</Amt><Refs><EndToEndId>A</EndToEndId></Refs></TxDtls>
            <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">200.05</Amt></TxAmt></AmtDtls><Refs><EndToEndId>B</EndToEndId></Refs></TxDtls>
          </NtryDtls></Ntry>
        <Ntry><Amt Ccy="EUR">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><BookgDt><Dt>2026-11-26</Dt></BookgDt></Ntry>
        <Ntry><Amt Ccy="GBP">7</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-27</Dt></BookgDt><AddtlNtryInf>Transfer 0012</AddtlNtryInf></Ntry>`),
    );
    expect(lines.map(({ lineNo, amountMinor, currency, bookedOn, counterpartyName, remittance, endToEndId }) => [
      lineNo, amountMinor, currency, bookedOn, counterpartyName, remittance, endToEndId,
    ])).toEqual([
      [1, 30, 'EUR', '2026-11-25', 'Øresund Consulting ApS', 'Invoice ACC-2026-000003 thank you', null],
      [2, 10005, 'EUR', '2026-11-26', null, null, 'A'],
      [3, 20005, 'EUR', '2026-11-26', null, null, 'B'],
      [4, 700, 'GBP', '2026-11-27', null, 'Transfer 0012', null],
    ]);
  });

  it('names what is wrong with a file that is not a statement', () => {
    expect(problemOf(() => parseCamt053('not xml at all <'))).toBe('not_a_statement');
    expect(problemOf(() => parseCamt053('<html><body>Statement</body></html>'))).toBe('not_a_statement');
    expect(problemOf(() => parseCamt053('<Document><BkToCstmrAcctRpt/></Document>'))).toBe('unsupported_statement');
    expect(problemOf(() => parseCamt053(camt002('<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></Ntry>')))).toBe('no_credits');
    expect(problemOf(() => parseCamt053(camt002('<Ntry><Amt Ccy="EUR">5.001</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-26</Dt></BookgDt></Ntry>')))).toBe('invalid_amount');
    expect(problemOf(() => parseCamt053(camt002('<Ntry><Amt Ccy="EURO">5</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-26</Dt></BookgDt></Ntry>')))).toBe('invalid_currency');
    expect(problemOf(() => parseCamt053(camt002('<Ntry><Amt Ccy="EUR">5</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-02-30</Dt></BookgDt></Ntry>')))).toBe('invalid_date');
  });
});

describe('parseStatementCsv', () => {
  it('reads the documented columns with ; separators and decimal commas, and leaves money paid out out', () => {
    expect(parseStatementCsv(csv)).toEqual([{ ...TWO_CREDITS[0] }, { ...TWO_CREDITS[1], counterpartyName: 'Müller & Söhne; GmbH' }]);
  });

  it('reads commas and decimal points, columns in any order and blank optional cells', () => {
    const text = 'reference,amount,date,currency\r\n"Invoice 3","1,452.50",2026-11-27,eur\r\n,0.07,27/11/2026,EUR\r\n';
    expect(parseStatementCsv(text)).toEqual([
      { lineNo: 1, bookedOn: '2026-11-27', amountMinor: 145250, currency: 'EUR', counterpartyName: null, remittance: 'Invoice 3', endToEndId: null },
      { lineNo: 2, bookedOn: '2026-11-27', amountMinor: 7, currency: 'EUR', counterpartyName: null, remittance: null, endToEndId: null },
    ]);
  });

  it('names the columns it needs when a file has other ones', () => {
    expect(problemOf(() => parseStatementCsv('Buchungstag;Betrag\n26.11.2026;10,00\n'))).toBe('missing_columns');
    expect(() => parseStatementCsv('Buchungstag;Betrag\n')).toThrow(/date, amount, currency, name, reference, end_to_end_id/);
    expect(problemOf(() => parseStatementCsv('date,amount,currency\n2026-11-27,ten,EUR\n'))).toBe('invalid_amount');
    expect(problemOf(() => parseStatementCsv('date,amount,currency\n2026-13-01,10,EUR\n'))).toBe('invalid_date');
  });
});

describe('csvAmountToMinor', () => {
  it('reads every way banks write an amount, exactly', () => {
    expect(csvAmountToMinor('1452', 'x')).toBe(145200);
    expect(csvAmountToMinor('1452.5', 'x')).toBe(145250);
    expect(csvAmountToMinor('1.452,50', 'x')).toBe(145250);
    expect(csvAmountToMinor('1,452.50', 'x')).toBe(145250);
    expect(csvAmountToMinor('1 452,50', 'x')).toBe(145250);
    expect(csvAmountToMinor('1.452', 'x')).toBe(145200);
    expect(csvAmountToMinor('-0,07', 'x')).toBe(-7);
    expect(csvAmountToMinor('0.10', 'x')).toBe(10);
  });

  it('gives back the minor units of any two-decimal amount, whichever separators it is written with', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.boolean(), (minor, comma) => {
        const whole = String(Math.floor(minor / 100));
        const cents = String(minor % 100).padStart(2, '0');
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',');
        expect(csvAmountToMinor(`${grouped}${comma ? ',' : '.'}${cents}`, 'x')).toBe(minor);
      }),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => csvAmountToMinor('', 'x')).toThrow(StatementFileError);
    expect(() => csvAmountToMinor('1.2.3,456', 'x')).toThrow(StatementFileError);
    expect(() => csvAmountToMinor('€10', 'x')).toThrow(StatementFileError);
  });
});

describe('decimalToMinor (camt.053 amounts)', () => {
  it('reads a point-decimal exactly and refuses more than two decimals rather than rounding money', () => {
    expect(decimalToMinor('1452.5', 'x')).toBe(145250);
    expect(decimalToMinor('-0.07', 'x')).toBe(-7);
    expect(decimalToMinor('9007199254740.99', 'x')).toBe(900719925474099);
    expect(() => decimalToMinor('10.001', 'x')).toThrow(StatementFileError);
    expect(() => decimalToMinor('1,452.00', 'x')).toThrow(StatementFileError);
  });
});

describe('statementDate', () => {
  it('reads ISO and day-first dates and refuses days that do not exist', () => {
    expect(statementDate('2026-11-27', 'x')).toBe('2026-11-27');
    expect(statementDate('7.1.2027', 'x')).toBe('2027-01-07');
    expect(() => statementDate('29.02.2027', 'x')).toThrow(StatementFileError);
    expect(() => statementDate('11/27/2026', 'x')).toThrow(StatementFileError);
  });
});

describe('readStatementFile', () => {
  it('gives the format, the SHA-256 of the bytes and the lines of an uploaded file', async () => {
    const file = new File([readFileSync(join(fixtures, 'camt053-two-credits.xml'))], 'statement-2026-11-27.xml');
    const read = await readStatementFile(file);
    expect(read.format).toBe('camt053');
    expect(read.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(read.lines).toHaveLength(2);
    const again = await readStatementFile(new File([csv], 'export.csv'));
    expect(again.format).toBe('csv');
    expect(again.sha256).not.toBe(read.sha256);
  });

  it('reads a CSV exported in Windows-1252', async () => {
    const latin1 = Buffer.from('date;amount;currency;name\n27.11.2026;10,00;EUR;Müller\n', 'latin1');
    const read = await readStatementFile(new File([latin1], 'export.csv'));
    expect(read.lines[0].counterpartyName).toBe('Müller');
  });
});
