/**
 * An invoice or credit note as a PDF (docs/decisions/071-invoice-documents.md):
 * the document JSON of invoice_document() in, PDF bytes out. Pure: no network,
 * no clock, no randomness, so the same document always gives the same bytes
 * (the stored file's SHA-256 can be checked against a fresh render).
 *
 * - Text in DejaVu Sans, embedded as a subset (only the glyphs used), so any
 *   Latin, Greek or Cyrillic name prints: "Łódź", "Øresund", "Straße".
 * - Everything VAT Directive 2006/112/EC art. 226 asks: issue date, number,
 *   both parties' names, addresses and VAT ids, the service and its period,
 *   taxable amount and VAT per rate, the total, "Reverse charge" when the
 *   buyer accounts for the VAT; plus the due date and how to pay: IBAN, BIC,
 *   the RF creditor reference and an EPC QR code drawn as vector squares.
 * - A credit note names the invoice it corrects and why; a draft says on
 *   every page that it is not a valid invoice.
 * - Amounts are printed from the stored minor units (money.ts); nothing is
 *   computed here.
 */
import fontkit from 'npm:@pdf-lib/fontkit@1.1.1';
import {
  degrees,
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'npm:pdf-lib@1.17.1';
// @ts-types="npm:@types/qrcode@1.5.6"
import QRCode from 'npm:qrcode@1.5.4';

import { type InvoiceDocument, type InvoiceLine, isDraft } from '../_shared/billing/invoice-document.ts';
import { formatMinor, formatRateBp } from '../_shared/billing/money.ts';
import { EpcPayloadError, epcPayable, epcQrPayload, groupsOfFour } from '../_shared/billing/payment-reference.ts';

/** The font files (TrueType), read by the caller: the function from its static files, tests from the disk. */
export interface InvoiceFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export const DRAFT_MARK = 'Draft — not a valid invoice';
export const REVERSE_CHARGE = 'Reverse charge';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const RIGHT = A4[0] - MARGIN;
const WIDTH = RIGHT - MARGIN;
const BOTTOM = 64;
const BLACK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const DRAFT_RED = rgb(0.75, 0.1, 0.1);

/** Table columns: description wraps, the numbers are right-aligned at their column's right edge. */
const COLUMNS = {
  description: MARGIN,
  descriptionWidth: 250,
  quantity: MARGIN + 300,
  unit: MARGIN + 380,
  vat: MARGIN + 425,
  amount: RIGHT,
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Shaping without kerning or ligatures: DejaVu's kerning table makes each
 * laid-out string cost about ten times more (the 30-line invoice missed its
 * 300 ms goal with it), and an invoice reads as well without. Composition
 * (ccmp, mark) stays on, so decomposed accents still combine.
 */
const FEATURES = { kern: false, liga: false, calt: false, clig: false };

/**
 * fontkit that parses each font file once per worker: pdf-lib parses the file
 * on every embed (a copy and a parse of 750 KB), and a parsed font is only
 * read afterwards (each document makes its own subset of it).
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const parsedOnce: typeof fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let font = parsedFonts.get(data);
    if (!font) parsedFonts.set(data, (font = fontkit.create(data)));
    return font;
  },
};

/** Widths at size 1, measured once per font and text: wrapping asks for the same words again and again. */
const widths = new WeakMap<PDFFont, Map<string, number>>();

function widthOf(font: PDFFont, value: string, size: number): number {
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  let width = known.get(value);
  if (width === undefined) known.set(value, (width = font.widthOfTextAtSize(value, 1)));
  return width * size;
}

/** A top-down cursor over pages: a new page when the next block does not fit. */
class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    private readonly onNewPage: (layout: Layout) => void,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
    this.onNewPage(this);
  }

  /** Makes room for `height` points, turning the page when they do not fit. */
  need(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }
}

function text(page: PDFPage, value: string, x: number, y: number, font: PDFFont, size = 9, color = BLACK): void {
  page.drawText(value, { x, y, size, font, color });
}

function textRight(page: PDFPage, value: string, right: number, y: number, font: PDFFont, size = 9, color = BLACK): void {
  text(page, value, right - widthOf(font, value, size), y, font, size, color);
}

/**
 * Words onto lines no wider than `width`; a word longer than a line is cut by
 * characters. Without kerning a line is exactly as wide as its words and
 * spaces, so each word is measured once.
 */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const space = widthOf(font, ' ', size);
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = widthOf(font, word, size);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (widthOf(font, rest, size) > width) {
        const chars = Array.from(rest);
        let cut = chars.length - 1;
        while (cut > 1 && widthOf(font, chars.slice(0, cut).join(''), size) > width) cut--;
        lines.push(chars.slice(0, cut).join(''));
        rest = chars.slice(cut).join('');
      }
      line = rest;
      lineWidth = widthOf(font, rest, size);
    }
    lines.push(line);
  }
  return lines;
}

function quantityText(quantity: number): string {
  return Number.isInteger(quantity) ? String(quantity) : String(Math.round(quantity * 1000) / 1000);
}

/** "2026-12-01 – 2027-11-30" (inclusive), or one date, or nothing. */
function periodText(start: string | null, end: string | null): string | null {
  if (start && end) return `${start} – ${end}`;
  return start ?? end;
}

/** The EPC QR code as filled squares: one path of rectangles (a row's dark run is one), vector and deterministic. */
function drawQr(page: PDFPage, payload: string, x: number, y: number, size: number): void {
  // EPC069-12: error correction level M.
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const cell = size / (count + 2 * quiet);
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      const left = x + (quiet + start) * cell;
      const top = y + size - (quiet + row) * cell;
      ops.push(rectangle(round(left), round(top - cell), round((col - start) * cell), round(cell)));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/** Fixed precision, so the content stream does not carry float noise. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function partyBlock(layout: Layout, fonts: Fonts, heading: string, lines: string[], x: number, top: number, width: number): number {
  let y = top;
  text(layout.page, heading, x, y, fonts.bold, 8, GREY);
  y -= 13;
  lines.forEach((line, index) => {
    for (const part of wrap(line, index === 0 ? fonts.bold : fonts.regular, index === 0 ? 10 : 9, width)) {
      text(layout.page, part, x, y, index === 0 ? fonts.bold : fonts.regular, index === 0 ? 10 : 9);
      y -= index === 0 ? 13 : 12;
    }
  });
  return y;
}

function drawDraftMark(page: PDFPage, fonts: Fonts): void {
  page.drawText('DRAFT', {
    x: 150,
    y: 250,
    size: 120,
    font: fonts.bold,
    color: DRAFT_RED,
    opacity: 0.12,
    rotate: degrees(45),
  });
}

function tableHeader(layout: Layout, fonts: Fonts): void {
  const { page } = layout;
  const y = layout.y;
  text(page, 'Description', COLUMNS.description, y, fonts.bold, 8, GREY);
  textRight(page, 'Qty', COLUMNS.quantity, y, fonts.bold, 8, GREY);
  textRight(page, 'Unit price', COLUMNS.unit, y, fonts.bold, 8, GREY);
  textRight(page, 'VAT', COLUMNS.vat, y, fonts.bold, 8, GREY);
  textRight(page, 'Amount', COLUMNS.amount, y, fonts.bold, 8, GREY);
  page.drawLine({ start: { x: MARGIN, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: RULE });
  layout.y -= 18;
}

function lineRow(layout: Layout, fonts: Fonts, line: InvoiceLine, currency: string): void {
  const description = wrap(line.description, fonts.regular, 9, COLUMNS.descriptionWidth);
  layout.need(description.length * 12 + 4);
  const { page } = layout;
  const y = layout.y;
  description.forEach((part, index) => text(page, part, COLUMNS.description, y - index * 12, fonts.regular));
  textRight(page, quantityText(line.quantity), COLUMNS.quantity, y, fonts.regular);
  textRight(page, formatMinor(line.unitAmountMinor, currency), COLUMNS.unit, y, fonts.regular);
  textRight(page, formatRateBp(line.vatRateBp), COLUMNS.vat, y, fonts.regular);
  textRight(page, formatMinor(line.amountMinor, currency), COLUMNS.amount, y, fonts.regular);
  layout.y -= description.length * 12 + 4;
}

function totalRow(layout: Layout, font: PDFFont, label: string, amount: string, size = 9): void {
  layout.need(size + 6);
  textRight(layout.page, label, COLUMNS.unit + 45, layout.y, font, size);
  textRight(layout.page, amount, COLUMNS.amount, layout.y, font, size);
  layout.y -= size + 6;
}

function titleOf(document: InvoiceDocument): string {
  return document.kind === 'credit_note' ? 'Credit note' : 'Invoice';
}

/** The facts at the top right: number, dates, period, the buyer's order reference. */
function facts(document: InvoiceDocument): [string, string][] {
  const rows: [string, string][] = [[`${titleOf(document)} number`, document.number ?? 'Draft']];
  rows.push(['Date of issue', document.issueDate ?? '—']);
  if (document.kind === 'invoice' && document.dueDate) rows.push(['Due date', document.dueDate]);
  const period = periodText(document.periodStart, document.periodEnd);
  if (period) rows.push(['Service period', period]);
  if (document.buyer.poReference) rows.push(['Your reference', document.buyer.poReference]);
  return rows;
}

function partyLines(party: InvoiceDocument['seller'] | InvoiceDocument['buyer']): string[] {
  const lines = [party.name, ...party.addressLines.filter((line) => line.trim() !== ''), party.country];
  if (party.vatId) lines.push(`VAT ID: ${party.vatId}`);
  if (party.email) lines.push(party.email);
  return lines;
}

/** The VAT notes the document prints under its totals: "Reverse charge" whenever it applies, and the stored note. */
export function vatNotes(document: InvoiceDocument): string[] {
  const notes: string[] = [];
  if (document.reverseCharge) {
    notes.push(REVERSE_CHARGE);
    notes.push('VAT to be accounted for by the recipient (Directive 2006/112/EC, art. 196).');
  }
  if (document.vatNote && !(document.reverseCharge && document.vatNote === REVERSE_CHARGE)) notes.push(document.vatNote);
  return notes;
}

/** The EPC payload, or none when the seller's bank details cannot carry one (the details are still printed). */
function qrPayload(document: InvoiceDocument, payment: NonNullable<InvoiceDocument['payment']>): string | null {
  try {
    return epcQrPayload({
      bic: payment.bic,
      name: payment.beneficiary,
      iban: payment.iban ?? '',
      amountMinor: document.totalMinor,
      currency: document.currency,
      reference: payment.rfReference ?? '',
    });
  } catch (error) {
    if (error instanceof EpcPayloadError) return null;
    throw error;
  }
}

function paymentBlock(layout: Layout, fonts: Fonts, document: InvoiceDocument): void {
  const payment = document.payment;
  // A draft is not payable yet: it has no number and no reference.
  if (!payment || document.kind !== 'invoice' || isDraft(document)) return;
  if (!payment.iban) return;
  const qr = payment.rfReference && epcPayable(document.currency, document.totalMinor) ? qrPayload(document, payment) : null;
  const qrSize = 110;
  layout.need(qr ? qrSize + 30 : 100);
  const { page } = layout;
  layout.y -= 10;
  page.drawLine({ start: { x: MARGIN, y: layout.y + 8 }, end: { x: RIGHT, y: layout.y + 8 }, thickness: 0.5, color: RULE });
  const top = layout.y - 6;
  text(page, 'How to pay', MARGIN, top, fonts.bold, 11);
  const rows: [string, string][] = [
    ['Amount', formatMinor(document.totalMinor, document.currency)],
    ['Beneficiary', payment.beneficiary],
    ['IBAN', groupsOfFour(payment.iban)],
  ];
  if (payment.bic) rows.push(['BIC', payment.bic]);
  if (payment.rfReference) rows.push(['Reference', groupsOfFour(payment.rfReference)]);
  if (document.dueDate) rows.push(['Pay by', `${document.dueDate} (${payment.termsDays} days)`]);
  let y = top - 18;
  for (const [label, value] of rows) {
    text(page, label, MARGIN, y, fonts.regular, 9, GREY);
    text(page, value, MARGIN + 80, y, label === 'Reference' || label === 'Amount' ? fonts.bold : fonts.regular, 9);
    y -= 13;
  }
  if (payment.rfReference) {
    text(page, 'Please quote the reference exactly, so your payment is matched to this invoice.', MARGIN, y - 2, fonts.regular, 8, GREY);
    y -= 14;
  }
  if (qr) {
    drawQr(page, qr, RIGHT - qrSize, top - qrSize + 8, qrSize);
    textRight(page, 'Scan in your banking app (SEPA)', RIGHT - 8, top - qrSize, fonts.regular, 7, GREY);
  }
  layout.y = Math.min(y, qr ? top - qrSize - 10 : y);
}

/** Renders the document; the same document (and fonts) always gives the same bytes. */
export async function renderInvoicePdf(document: InvoiceDocument, fontFiles: InvoiceFonts): Promise<Uint8Array> {
  // No metadata of pdf-lib's own (it would stamp the time of rendering).
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(parsedOnce);
  const fonts: Fonts = {
    // A fixed name instead of pdf-lib's generated suffix: nothing varies between renders.
    regular: await pdf.embedFont(fontFiles.regular, { subset: true, customName: 'DejaVuSans', features: FEATURES }),
    bold: await pdf.embedFont(fontFiles.bold, { subset: true, customName: 'DejaVuSans-Bold', features: FEATURES }),
  };
  const draft = isDraft(document);
  const title = titleOf(document);
  pdf.setTitle(draft ? `${title} (draft)` : `${title} ${document.number}`);
  pdf.setAuthor(document.seller.name);
  pdf.setSubject(`${title} to ${document.buyer.name}`);
  pdf.setCreator('Accord');
  pdf.setProducer('Accord');
  pdf.setLanguage('en');
  if (document.issueDate) {
    // The document's own date, not the time of rendering.
    const issued = new Date(`${document.issueDate}T00:00:00Z`);
    pdf.setCreationDate(issued);
    pdf.setModificationDate(issued);
  }

  const layout = new Layout(pdf, (current) => {
    if (draft) {
      drawDraftMark(current.page, fonts);
      text(current.page, DRAFT_MARK, MARGIN, A4[1] - 30, fonts.bold, 10, DRAFT_RED);
    }
    if (current.pages.length > 1) {
      text(current.page, `${title} ${document.number ?? '(draft)'}, continued`, MARGIN, current.y, fonts.bold, 10);
      current.y -= 24;
      tableHeader(current, fonts);
    }
  });

  // Header: title, seller on the left, the facts on the right.
  const page = layout.page;
  text(page, title, MARGIN, layout.y - 8, fonts.bold, 20);
  let factsY = layout.y - 4;
  for (const [label, value] of facts(document)) {
    textRight(page, label, RIGHT - 150, factsY, fonts.regular, 8, GREY);
    textRight(page, value, RIGHT, factsY, fonts.bold, 9);
    factsY -= 13;
  }
  const partiesTop = Math.min(layout.y - 44, factsY - 10);
  const half = WIDTH / 2 - 10;
  const afterSeller = partyBlock(layout, fonts, 'FROM', partyLines(document.seller), MARGIN, partiesTop, half);
  const afterBuyer = partyBlock(layout, fonts, 'BILL TO', partyLines(document.buyer), MARGIN + WIDTH / 2 + 10, partiesTop, half);
  layout.y = Math.min(afterSeller, afterBuyer) - 10;

  if (document.credits) {
    for (const line of wrap(`This credit note corrects invoice ${document.credits.invoiceNumber}.`, fonts.bold, 10, WIDTH)) {
      text(page, line, MARGIN, layout.y, fonts.bold, 10);
      layout.y -= 14;
    }
    for (const line of wrap(`Reason: ${document.credits.reason}`, fonts.regular, 9, WIDTH)) {
      text(page, line, MARGIN, layout.y, fonts.regular, 9);
      layout.y -= 12;
    }
    layout.y -= 8;
  }

  layout.y -= 8;
  tableHeader(layout, fonts);
  for (const line of document.lines) lineRow(layout, fonts, line, document.currency);
  layout.need(20);
  layout.page.drawLine({ start: { x: MARGIN, y: layout.y + 6 }, end: { x: RIGHT, y: layout.y + 6 }, thickness: 0.5, color: RULE });
  layout.y -= 8;

  const money = (minor: number) => formatMinor(minor, document.currency);
  totalRow(layout, fonts.regular, 'Subtotal (taxable amount)', money(document.subtotalMinor));
  for (const rate of document.vatBreakdown) {
    totalRow(layout, fonts.regular, `VAT ${formatRateBp(rate.rateBp)} on ${money(rate.taxableMinor)}`, money(rate.vatMinor));
  }
  totalRow(layout, fonts.regular, 'VAT total', money(document.vatMinor));
  totalRow(layout, fonts.bold, document.kind === 'credit_note' ? 'Total credited' : 'Total due', money(document.totalMinor), 11);

  for (const note of vatNotes(document)) {
    const size = note === REVERSE_CHARGE ? 10 : 8;
    for (const line of wrap(note, fonts.bold, size, WIDTH)) {
      layout.need(size + 5);
      text(layout.page, line, MARGIN, layout.y, note === REVERSE_CHARGE ? fonts.bold : fonts.regular, size);
      layout.y -= size + 5;
    }
  }
  layout.y -= 6;
  paymentBlock(layout, fonts, document);

  // Page numbers once the count is known.
  layout.pages.forEach((current, index) => {
    const footer = `${title} ${document.number ?? '(draft)'} · page ${index + 1} of ${layout.pages.length}`;
    textRight(current, footer, RIGHT, 32, fonts.regular, 7, GREY);
    text(current, document.seller.name, MARGIN, 32, fonts.regular, 7, GREY);
  });

  return await pdf.save();
}
