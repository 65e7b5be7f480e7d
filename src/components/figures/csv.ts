/** One cell of a CSV file: text as it is, numbers written plainly (no thousands separators), nothing as an empty cell. */
export type CsvCell = string | number | null;

/** A spreadsheet runs a cell that starts with one of these as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  // Text that a spreadsheet would run as a formula gets a leading apostrophe, which shows it as text.
  const value = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A CSV file as RFC 4180 writes it: the header, then one record a row, fields
 * separated by commas, a field holding a comma, a double quote or a line
 * break (or leading or trailing spaces) in double quotes with its quotes
 * doubled, and every record ended by CRLF.
 */
export function buildCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((record) => record.map(field).join(',') + '\r\n').join('');
}
