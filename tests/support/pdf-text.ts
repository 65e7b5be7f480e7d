import { inflateSync } from 'node:zlib';

import { PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';

import { pageContents } from './pdf-pages.ts';

/**
 * The text a PDF shows, read back without a renderer (no poppler on a fresh
 * CI machine): each page's content stream, its `Tf` font selections and `Tj`
 * strings, decoded through each font's ToUnicode map (the glyph → character
 * table a viewer uses for copy and search). Enough for what pdf-lib writes:
 * one `Tj` per drawn line, hex glyph ids of an embedded font.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  const contents = await pageContents(bytes);
  return pdf.getPages().map((page, index) => {
    const fonts = new Map<string, Map<string, string>>();
    const resources = page.node.Resources();
    const fontDict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = pdf.context.lookup(ref as PDFRef, PDFDict);
      const cmapRef = font.get(PDFName.of('ToUnicode'));
      const map = new Map<string, string>();
      if (cmapRef) {
        const stream = pdf.context.lookup(cmapRef as PDFRef) as PDFRawStream;
        const raw = Buffer.from(stream.getContents());
        const cmap = (stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
        for (const [, code, unicode] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
          map.set(code.toLowerCase(), Buffer.from(unicode, 'hex').swap16().toString('utf16le'));
        }
      }
      fonts.set(name.asString(), map);
    }
    const shown: string[] = [];
    let current = new Map<string, string>();
    for (const [, fontName, hex] of contents[index].matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (fontName) {
        current = fonts.get(fontName) ?? new Map();
        continue;
      }
      const codes = hex.toLowerCase().match(/.{4}/g) ?? [];
      shown.push(codes.map((code) => current.get(code) ?? '\ufffd').join(''));
    }
    return shown;
  });
}
