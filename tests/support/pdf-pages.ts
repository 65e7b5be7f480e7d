import { inflateSync } from 'node:zlib';

import { PDFArray, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';

/**
 * Reading back what the data room's stamp wrote (supabase/functions/
 * open-investor-document/stamp.ts) without a PDF renderer: each page's
 * content streams, decoded, and the operand the standard fonts draw a string
 * with. pdf-lib writes standard-font text as hex strings of WinAnsi bytes.
 */

/** What each page draws: its content streams decoded and joined in order. */
export async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    return refs
      .map((ref) => {
        const stream = pdf.context.lookup(ref as never) as PDFRawStream;
        const raw = Buffer.from(stream.getContents());
        return (stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
      })
      .join('\n');
  });
}

/** The text-showing operation for `text` in a standard font. */
export function shown(text: string): string {
  return `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}> Tj`;
}

/** The stamp's footer for `email` at `at` (the module's format: UTC to the second). */
export function stampFooter(email: string, at: Date): string {
  return `Confidential \u00b7 opened by ${email} on ${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A small real PDF of `pages` pages, each saying "Original page N". */
export async function samplePdf(pages = 3): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pages; index++) {
    pdf.addPage([595, 842]).drawText(`Original page ${index + 1}`, { x: 50, y: 100 });
  }
  return await pdf.save();
}
