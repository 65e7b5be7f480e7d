/**
 * A bank statement an administrator uploads, read in the browser into the
 * lines admin_import_bank_statement(p_file_name, p_format, p_sha256, p_lines)
 * takes; the database proposes the matches (docs/decisions/071-invoice-documents.md).
 * Only money received counts: credits. Amounts become integer minor units
 * from the decimal text itself, never through a float.
 *
 * - camt.053 (ISO 20022 bank-to-customer statement, any version from .001.02):
 *   one line per credit transaction (`CdtDbtInd` CRDT, reversals left out),
 *   with the booking date, the debtor's name, the structured creditor
 *   reference (`RmtInf/Strd/CdtrRefInf/Ref`, the RF reference) or else the
 *   unstructured remittance text, and the end-to-end id.
 * - CSV with a header row naming the columns `date`, `amount`, `currency`
 *   (required) and `name`, `reference`, `end_to_end_id` (optional), in any
 *   order and case; `,` `;` or tab separated; amounts with a decimal point or
 *   a decimal comma ("1.452,50", "1452.50"); dates as 2026-11-27, 27.11.2026
 *   or 27/11/2026. Negative amounts (money paid out) are left out.
 *
 * The parsers are for the back office only: import this module from the
 * admin's billing page (a lazily loaded route), never from a public page.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';

export type StatementFormat = 'camt053' | 'csv';

/** One credit, as admin_import_bank_statement's p_lines takes it. */
export type StatementLine = {
  lineNo: number;
  /** YYYY-MM-DD. */
  bookedOn: string;
  amountMinor: number;
  currency: string;
  counterpartyName: string | null;
  remittance: string | null;
  endToEndId: string | null;
};

export type StatementFileProblem =
  | 'not_a_statement'
  | 'unsupported_statement'
  | 'missing_columns'
  | 'invalid_amount'
  | 'invalid_currency'
  | 'invalid_date'
  | 'no_credits';

/** A file that cannot be read as a statement: `problem` names why, `message` says it to the administrator. */
export class StatementFileError extends Error {
  constructor(
    readonly problem: StatementFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'StatementFileError';
  }
}

/** An ISO 20022 decimal ("1452.5", "-0.07": a point, no grouping) → minor units (two decimals), exactly. */
export function decimalToMinor(text: string, where: string): number {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  const minor = match ? Number(`${match[2]}${(match[3] ?? '').padEnd(2, '0')}`) : NaN;
  if (!match || !Number.isSafeInteger(minor)) {
    throw new StatementFileError('invalid_amount', `${where}: "${text}" is not an amount with at most two decimals.`);
  }
  return match[1] === '-' ? -minor : minor;
}

/**
 * An amount as a bank's CSV writes it: "1.452,50", "1,452.50", "1 452,50",
 * "1452.5" → minor units. With both separators the later one is the decimal
 * one; with one kind only, it is decimal when one or two digits follow its
 * single occurrence, else it groups thousands ("1.452" is 1452.00).
 */
export function csvAmountToMinor(text: string, where: string): number {
  let value = text.trim().replace(/[\s\u00a0'’]/g, '');
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    value = comma > dot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  } else if (comma >= 0 || dot >= 0) {
    const parts = value.split(comma >= 0 ? ',' : '.');
    value = parts.length === 2 && /^\d{1,2}$/.test(parts[1]) ? `${parts[0]}.${parts[1]}` : parts.join('');
  }
  try {
    return decimalToMinor(value, where);
  } catch {
    throw new StatementFileError('invalid_amount', `${where}: "${text}" is not an amount with at most two decimals.`);
  }
}

function validDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 2026-11-27, 2026-11-27T10:00:00, 27.11.2026, 27/11/2026, 27-11-2026 → 2026-11-27. */
export function statementDate(text: string, where: string): string {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  const european = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : european
      ? [Number(european[3]), Number(european[2]), Number(european[1])]
      : [NaN, NaN, NaN];
  if (!validDay(year, month, day)) throw new StatementFileError('invalid_date', `${where}: "${text}" is not a date.`);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function currencyCode(text: string | undefined, where: string): string {
  const code = (text ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new StatementFileError('invalid_currency', `${where}: "${text ?? ''}" is not an ISO 4217 currency code.`);
  return code;
}

const blankToNull = (value: string | undefined | null) => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

// --- camt.053 -------------------------------------------------------------

type Node = Record<string, unknown>;

/** The elements that repeat in camt.053, always read as arrays. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== 'object') return undefined;
    const next = (current as Node)[name];
    current = Array.isArray(next) ? next[0] : next;
  }
  return current;
}

function children(node: unknown, name: string): Node[] {
  if (node === null || typeof node !== 'object') return [];
  const value = (node as Node)[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
}

function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof (node as Node)['#text'] === 'string') return (node as Node)['#text'] as string;
  return undefined;
}

/** `<Amt Ccy="EUR">1452.00</Amt>` → minor units and currency. */
function amountOf(node: unknown, where: string): { minor: number; currency: string } | null {
  const text = textOf(node);
  if (text === undefined) return null;
  const currency = currencyCode((node as Node)['@_Ccy'] as string | undefined, where);
  return { minor: decimalToMinor(text, where), currency };
}

/** The debtor's name in either shape: .001.02 `Dbtr/Nm`, .001.08 and later `Dbtr/Pty/Nm`. */
function debtorName(transaction: unknown): string | null {
  return blankToNull(textOf(child(transaction, 'RltdPties', 'Dbtr', 'Nm')) ?? textOf(child(transaction, 'RltdPties', 'Dbtr', 'Pty', 'Nm')));
}

/** The structured creditor reference when there is one (what matches an invoice), else the free text. */
function remittanceOf(transaction: unknown, entry: unknown): string | null {
  const info = child(transaction, 'RmtInf');
  for (const structured of children(info, 'Strd')) {
    const reference = blankToNull(textOf(child(structured, 'CdtrRefInf', 'Ref')));
    if (reference) return reference;
  }
  const free = children(info, 'Ustrd').map((line) => textOf(line) ?? '').join(' ');
  return blankToNull(free) ?? blankToNull(textOf(child(entry, 'AddtlNtryInf')));
}

export function parseCamt053(xml: string): StatementLine[] {
  const notAStatement = () =>
    new StatementFileError('not_a_statement', 'This file is not a camt.053 bank statement: export the account statement from your bank as ISO 20022 camt.053 (XML) or CSV.');
  if (XMLValidator.validate(xml) !== true) throw notAStatement();
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    // Amounts and references stay the text they are: "0012" is a reference, "1452.10" is not 1452.1.
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => REPEATED.has(name),
  }).parse(xml) as Node;
  const document = child(parsed, 'Document');
  if (child(document, 'BkToCstmrAcctRpt') !== undefined || child(document, 'BkToCstmrDbtCdtNtfctn') !== undefined) {
    throw new StatementFileError('unsupported_statement', 'This is an intraday report (camt.052) or a notification (camt.054): upload the end-of-day statement, camt.053.');
  }
  const statement = child(document, 'BkToCstmrStmt');
  if (statement === undefined) throw notAStatement();

  const lines: StatementLine[] = [];
  children(statement, 'Stmt').forEach((stmt, statementIndex) => {
    children(stmt, 'Ntry').forEach((entry, entryIndex) => {
      const where = `Statement ${statementIndex + 1}, entry ${entryIndex + 1}`;
      if (textOf(child(entry, 'CdtDbtInd')) !== 'CRDT') return;
      // A reversed credit is a payment coming back out, not money received.
      if (textOf(child(entry, 'RvslInd')) === 'true') return;
      const entryAmount = amountOf(child(entry, 'Amt'), where);
      if (!entryAmount) throw new StatementFileError('invalid_amount', `${where} has no amount.`);
      const booked = textOf(child(entry, 'BookgDt', 'Dt')) ?? textOf(child(entry, 'BookgDt', 'DtTm')) ?? textOf(child(entry, 'ValDt', 'Dt'));
      if (!booked) throw new StatementFileError('invalid_date', `${where} has no booking date.`);
      const bookedOn = statementDate(booked, where);
      const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
      // A batch booking carries one amount per transaction; a single one may leave it to the entry.
      const parts = transactions.length > 0 ? transactions : [entry];
      for (const transaction of parts) {
        const own = transactions.length > 1 ? amountOf(child(transaction, 'Amt'), where) ?? amountOf(child(transaction, 'AmtDtls', 'TxAmt', 'Amt'), where) : null;
        const amount = own ?? entryAmount;
        const endToEnd = blankToNull(textOf(child(transaction, 'Refs', 'EndToEndId')));
        lines.push({
          lineNo: lines.length + 1,
          bookedOn: bookedOn,
          amountMinor: amount.minor,
          currency: amount.currency,
          counterpartyName: debtorName(transaction),
          remittance: remittanceOf(transaction, entry),
          endToEndId: endToEnd === 'NOTPROVIDED' ? null : endToEnd,
        });
      }
    });
  });
  if (lines.length === 0) throw new StatementFileError('no_credits', 'This statement holds no money received: there is nothing to match.');
  return lines;
}

// --- CSV ------------------------------------------------------------------

export const CSV_COLUMNS = ['date', 'amount', 'currency', 'name', 'reference', 'end_to_end_id'] as const;
const REQUIRED_COLUMNS = ['date', 'amount', 'currency'] as const;

export function parseStatementCsv(text: string): StatementLine[] {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    // Auto-detected among , ; tab and |, so a bank's export with decimal commas (and ; between columns) reads as it is.
    delimitersToGuess: [',', ';', '\t', '|'],
    transformHeader: (header) => header.trim().toLowerCase().replace(/[\s-]+/g, '_'),
  });
  const columns = result.meta.fields ?? [];
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new StatementFileError(
      'missing_columns',
      `This CSV file is not a statement we can read: its first row must name the columns ${CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
    );
  }
  const lines: StatementLine[] = [];
  result.data.forEach((row, index) => {
    const where = `Row ${index + 2}`;
    const amount = csvAmountToMinor(row.amount ?? '', where);
    if (amount <= 0) return;
    lines.push({
      lineNo: lines.length + 1,
      bookedOn: statementDate(row.date ?? '', where),
      amountMinor: amount,
      currency: currencyCode(row.currency, where),
      counterpartyName: blankToNull(row.name),
      remittance: blankToNull(row.reference),
      endToEndId: blankToNull(row.end_to_end_id),
    });
  });
  if (lines.length === 0) throw new StatementFileError('no_credits', 'This statement holds no money received: there is nothing to match.');
  return lines;
}

// --- the uploaded file ----------------------------------------------------

/** By the name first (.xml / .csv), then by what the text starts with. */
export function statementFormat(fileName: string, text: string): StatementFormat {
  if (/\.xml$/i.test(fileName)) return 'camt053';
  if (/\.(csv|txt)$/i.test(fileName)) return 'csv';
  return text.trimStart().startsWith('<') ? 'camt053' : 'csv';
}

export interface ReadStatement {
  fileName: string;
  format: StatementFormat;
  /** Of the file's bytes, hex: the database answers a second upload of the same file with the statement it has. */
  sha256: string;
  lines: StatementLine[];
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The uploaded file as admin_import_bank_statement's arguments. */
export async function readStatementFile(file: Blob & { name: string }): Promise<ReadStatement> {
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Many banks still export CSV in Windows-1252.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const format = statementFormat(file.name, text);
  const lines = format === 'camt053' ? parseCamt053(text) : parseStatementCsv(text);
  return { fileName: file.name, format, sha256: await sha256Hex(bytes), lines };
}
