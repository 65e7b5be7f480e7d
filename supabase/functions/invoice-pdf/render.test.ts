import { createHash } from 'node:crypto';

import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderInDeno } from '../../../tests/support/invoice-pdf-render.ts';
import { creditNote, domesticInvoice, draftInvoice, reverseChargeInvoice } from '../../../tests/support/invoice-documents.ts';
import { pageContents } from '../../../tests/support/pdf-pages.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { epcQrPayload } from '../_shared/billing/payment-reference.ts';

/**
 * The invoice PDF as the function renders it: in Deno, with render.ts's own
 * npm: imports and the shipped fonts (tests/support/invoice-pdf-render.ts).
 * The text is read back through each font's ToUnicode map, as a viewer's
 * search and copy read it.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let invoice: Uint8Array;
let invoiceAgain: Uint8Array;
let thirtyLines: Uint8Array;
let credit: Uint8Array;
let draft: Uint8Array;

beforeAll(() => {
  const { pdfs } = renderInDeno([reverseChargeInvoice(), reverseChargeInvoice(), domesticInvoice(30), creditNote(), draftInvoice()]);
  [invoice, invoiceAgain, thirtyLines, credit, draft] = pdfs;
}, 60_000);

async function allText(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).flat().join('\n');
}

describe('the invoice PDF', () => {
  it('prints the number, both parties with their addresses and VAT ids, the period, the total and "Reverse charge"', async () => {
    const text = await allText(invoice);
    for (const expected of [
      'ACC-2026-000042',
      'Date of issue',
      '2026-11-27',
      '2026-12-27',
      'Accord Øresund Network B.V.',
      'Keizersgracht 1',
      'VAT ID: NL123456789B01',
      'Przędzalnia Łódź Sp. z o.o.',
      '90-001 Łódź',
      'VAT ID: PL5260250274',
      '2026-12-01 – 2027-11-30',
      'VAT 0 % on €1,200.00',
      'Total due',
      '€1,200.00',
      'Reverse charge',
      'PO-7781',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the payment instructions: IBAN, BIC and the RF reference in groups of four', async () => {
    const lines = (await pdfText(invoice)).flat();
    expect(lines).toContain('NL91 ABNA 0417 1643 00');
    expect(lines).toContain('ABNANL2A');
    expect(lines).toContain('RF79 ACC2 0260 0004 2');
    expect(lines).toContain('Scan in your banking app (SEPA)');
  });

  it('draws the EPC QR code of the invoice’s transfer: one filled square run per dark run of its matrix', async () => {
    const document = reverseChargeInvoice();
    const payload = epcQrPayload({
      bic: 'ABNANL2A',
      name: 'Accord Øresund Network B.V.',
      iban: 'NL91ABNA0417164300',
      amountMinor: 120000,
      currency: 'EUR',
      reference: document.payment!.rfReference!,
    });
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const runs: number[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col) && (col === 0 || !modules.get(row, col - 1))) {
          let end = col;
          while (end < modules.size && modules.get(row, end)) end++;
          runs.push(end - col);
        }
      }
    }
    const [content] = await pageContents(invoice);
    const squares = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((match) => Number(match[3]) / Number(match[4]));
    expect(squares).toHaveLength(runs.length);
    expect(squares.map(Math.round)).toEqual(runs);
  });

  it('prints "Straße" and every rate with its taxable amount and VAT, on as many pages as the lines need', async () => {
    const pages = await pdfText(thirtyLines);
    expect(pages.length).toBe(2);
    const text = pages.flat().join('\n');
    expect(text).toContain('Hauptstraße 5');
    expect(text).toContain('Müller & Söhne GmbH');
    expect(text).toContain('VAT 9 % on €445.92');
    expect(text).toContain('VAT 21 % on €1,373.38');
    expect(text).toContain('€2,147.84');
    expect(text).toContain('Workshop seat 30: trust registry onboarding for a');
    expect(text).not.toContain('Reverse charge');
    expect(pages[1]).toContain('Invoice ACC-2026-000043 · page 2 of 2');
  });

  it('is the same bytes every time the same document is rendered, with the issue date as its date', async () => {
    expect(sha256(invoiceAgain)).toBe(sha256(invoice));
    const pdf = await PDFDocument.load(invoice, { updateMetadata: false });
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(pdf.getTitle()).toBe('Invoice ACC-2026-000042');
  });

  it('stays under 100 KB with 30 lines (the font is embedded as a subset)', () => {
    expect(thirtyLines.byteLength).toBeLessThan(100 * 1024);
  });

  it('a credit note names the invoice it corrects and why, and asks for no payment', async () => {
    const text = await allText(credit);
    expect(text).toContain('Credit note');
    expect(text).toContain('ACC-CN-2026-000007');
    expect(text).toContain('This credit note corrects invoice ACC-2026-000042.');
    expect(text).toContain('Reason: The membership was ended before the period began.');
    expect(text).toContain('Total credited');
    expect(text).not.toContain('How to pay');
  });

  it('a draft says on its page that it is not a valid invoice, and gives no way to pay it', async () => {
    const text = await allText(draft);
    expect(text).toContain('Draft — not a valid invoice');
    expect(text).toContain('DRAFT');
    expect(text).not.toContain('How to pay');
    expect(text).not.toContain('ACC-2026-000042');
    expect(await allText(invoice)).not.toContain('Draft');
  });
});
