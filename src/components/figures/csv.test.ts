import { describe, expect, it } from 'vitest';

import { buildCsv } from './csv';

describe('buildCsv (RFC 4180)', () => {
  it('writes the header and one record a row, ended by CRLF', () => {
    expect(buildCsv(['Sector', 'Members'], [['Education', 14], ['Legal', 3]])).toBe('Sector,Members\r\nEducation,14\r\nLegal,3\r\n');
  });

  it('quotes fields holding a comma, a quote or a line break, doubling the quotes', () => {
    const csv = buildCsv(['Name', 'Note'], [['Voyages, Lumière', 'He said "yes"'], ['Two\nlines', 'a\r\nb']]);
    expect(csv).toBe('Name,Note\r\n"Voyages, Lumière","He said ""yes"""\r\n"Two\nlines","a\r\nb"\r\n');
  });

  it('keeps leading and trailing spaces by quoting, writes numbers plainly and nothing as an empty field', () => {
    expect(buildCsv(['a', 'b', 'c'], [[' padded ', 12345.5, null]])).toBe('a,b,c\r\n" padded ",12345.5,\r\n');
  });

  it('turns text a spreadsheet would run as a formula into text, and leaves negative numbers alone', () => {
    const csv = buildCsv(['x'], [['=HYPERLINK("http://evil")'], ['+1'], ['-2'], ['@SUM(A1)'], [-3]]);
    expect(csv.split('\r\n')).toEqual(['x', `"'=HYPERLINK(""http://evil"")"`, "'+1", "'-2", "'@SUM(A1)", '-3', '']);
  });

  it('reads back to the same cells with a strict RFC 4180 reader', () => {
    const rows = [['a,b', 'c"d', 'e\r\nf', 'plain']];
    expect(parseRfc4180(buildCsv(['1', '2', '3', '4'], rows))).toEqual([['1', '2', '3', '4'], ...rows]);
  });
});

/** A small RFC 4180 reader, enough to check the writer against the grammar rather than against itself. */
function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < text.length) {
    let value = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        value += text.slice(index, quote);
        index = quote + 1;
        if (text[index] === '"') {
          value += '"';
          index += 1;
        } else break;
      }
    } else {
      const end = text.slice(index).search(/,|\r\n/);
      value = text.slice(index, index + end);
      index += end;
    }
    record.push(value);
    if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else index += 1;
  }
  return records;
}
