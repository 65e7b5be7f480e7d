/**
 * The invoice's font, DejaVu Sans 2.37 regular and bold (the npm package
 * dejavu-fonts-ttf 2.37.3's files, with its LICENSE beside them): it covers
 * Latin, Greek and Cyrillic, so every European name and address prints.
 * Shipped with the function as static files (config.toml
 * `[functions.invoice-pdf] static_files`), read once per worker.
 */
import type { InvoiceFonts } from './render.ts';

let loaded: Promise<InvoiceFonts> | undefined;

export function loadInvoiceFonts(): Promise<InvoiceFonts> {
  loaded ??= (async () => ({
    regular: await Deno.readFile(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
    bold: await Deno.readFile(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
  }))();
  return loaded;
}
