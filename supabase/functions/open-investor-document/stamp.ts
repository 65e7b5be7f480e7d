/**
 * Stamps every page of a PDF with who opened it and when, so a copy that
 * leaves the data room carries its reader's name (docs/decisions/061-data-room.md).
 *
 * Pure: bytes in, bytes out; no network, no clock (the caller passes the time).
 * Two marks per page: a small grey footer along the page's visual bottom edge
 * (it follows /Rotate, so it reads the right way up in every viewer), and a
 * faint diagonal line across the middle that a crop cannot remove without
 * cutting the content.
 */
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'npm:pdf-lib@1.17.1';

export interface Stamp {
  /** The reader's e-mail address, as the database recorded it. */
  email: string;
  /** When the document was opened (shown in UTC). */
  at: Date;
}

/** A PDF we cannot stamp (encrypted, or not a PDF at all); it is never served unstamped. */
export class UnstampablePdfError extends Error {
  constructor(cause: unknown) {
    super('unstampable_pdf', { cause });
    this.name = 'UnstampablePdfError';
  }
}

const FOOTER_SIZE = 8;
const FOOTER_MARGIN = 14;
const FOOTER_COLOUR = rgb(0.35, 0.35, 0.35);
const DIAGONAL_COLOUR = rgb(0.5, 0.5, 0.5);
const DIAGONAL_OPACITY = 0.14;

/** `2026-11-24 23:20:05 UTC`: unambiguous for readers in any time zone. */
export function stampTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The footer's words. */
export function footerText(stamp: Stamp): string {
  return `Confidential · opened by ${stamp.email} on ${stampTime(stamp.at)}`;
}

/**
 * The standard Helvetica font covers WinAnsi (Latin-1 and a few more); a
 * character outside it (an internationalised address) would make pdf-lib throw,
 * so it is shown as "?" rather than refusing the reader.
 */
function encodable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text, (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Shrinks the size until the text fits the width (long addresses on narrow pages). */
function fittingSize(font: PDFFont, text: string, preferred: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, preferred);
  return natural <= width ? preferred : Math.max(3, (preferred * width) / natural);
}

function drawFooter(page: PDFPage, font: PDFFont, text: string): void {
  const box = page.getCropBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;
  // The visual width: the page's height when it is shown turned a quarter.
  const visualWidth = sideways ? box.height : box.width;
  const size = fittingSize(font, text, FOOTER_SIZE, visualWidth - 2 * FOOTER_MARGIN);
  const length = font.widthOfTextAtSize(text, size);
  const start = (visualWidth - length) / 2;
  const options = { font, size, color: FOOTER_COLOUR };
  // The viewer turns the page clockwise by /Rotate; the text is turned back by
  // the same angle and set along the edge that ends up at the bottom.
  switch (rotation) {
    case 90:
      page.drawText(text, { ...options, x: box.x + box.width - FOOTER_MARGIN, y: box.y + start, rotate: degrees(90) });
      break;
    case 180:
      page.drawText(text, { ...options, x: box.x + box.width - start, y: box.y + box.height - FOOTER_MARGIN, rotate: degrees(180) });
      break;
    case 270:
      page.drawText(text, { ...options, x: box.x + FOOTER_MARGIN, y: box.y + box.height - start, rotate: degrees(270) });
      break;
    default:
      page.drawText(text, { ...options, x: box.x + start, y: box.y + FOOTER_MARGIN });
  }
}

function drawDiagonal(page: PDFPage, font: PDFFont, text: string): void {
  const box = page.getCropBox();
  const angle = Math.atan2(box.height, box.width);
  const diagonal = Math.hypot(box.width, box.height);
  const size = fittingSize(font, text, 28, diagonal * 0.7);
  const length = font.widthOfTextAtSize(text, size);
  // Centred on the page: step back half the text's length along the diagonal,
  // and half the glyph height across it.
  const x = box.x + box.width / 2 - (Math.cos(angle) * length) / 2 + (Math.sin(angle) * size) / 3;
  const y = box.y + box.height / 2 - (Math.sin(angle) * length) / 2 - (Math.cos(angle) * size) / 3;
  page.drawText(text, { x, y, font, size, color: DIAGONAL_COLOUR, opacity: DIAGONAL_OPACITY, rotate: degrees((angle * 180) / Math.PI) });
}

/** Returns the PDF with every page stamped; throws UnstampablePdfError when it cannot be read. */
export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  let pdf: PDFDocument;
  try {
    // updateMetadata false: the document keeps its own producer and dates.
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    throw new UnstampablePdfError(error);
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const footer = encodable(footerText(stamp), font);
  const diagonal = encodable(`${stamp.email} · ${stampTime(stamp.at)}`, font);
  for (const page of pdf.getPages()) {
    drawFooter(page, font, footer);
    drawDiagonal(page, font, diagonal);
  }
  // Object streams off: a little larger, but quicker to write, and the time to
  // the first byte is what the reader waits for.
  return await pdf.save({ useObjectStreams: false });
}
