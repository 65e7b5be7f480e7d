import { domesticInvoice } from '../tests/support/invoice-documents.ts';
import { renderInDeno } from '../tests/support/invoice-pdf-render.ts';

/**
 * `npm run bench -- --invoice-pdf` (and the full run): rendering a 30-line
 * invoice, two VAT rates, two pages, with the embedded font subset and the
 * EPC QR code (docs/decisions/071-invoice-documents.md). Rendered where the
 * function renders it, in Deno with supabase/functions/invoice-pdf/render.ts,
 * INVOICE_PDF_RUNS times after INVOICE_PDF_WARMUP; p50/p95 of the render
 * alone (the function adds the database call and the upload, once per
 * invoice). Goals: p95 ≤ 300 ms and a file under 100 KB.
 */
const INVOICE_PDF_RUNS = 50;
const INVOICE_PDF_WARMUP = 5;
const GOAL_P95_MS = 300;
const GOAL_BYTES = 100 * 1024;

export const INVOICE_PDF_TITLE = `Invoice PDF: 30 lines, two rates, font subset and EPC QR code (Deno, the function's renderer, ${INVOICE_PDF_RUNS} runs after ${INVOICE_PDF_WARMUP} warm-up)`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Returns whether both goals were met. */
export function invoicePdfBench(): boolean {
  const { pdfs, timings } = renderInDeno([domesticInvoice(30)], INVOICE_PDF_WARMUP + INVOICE_PDF_RUNS);
  const times = timings[0].slice(INVOICE_PDF_WARMUP).sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const bytes = pdfs[0].byteLength;
  const fast = p95 <= GOAL_P95_MS;
  const small = bytes < GOAL_BYTES;
  console.log(`  render p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms  goal p95 ≤ ${GOAL_P95_MS} ms  ${fast ? 'ok' : 'OVER'}`);
  console.log(`  size ${(bytes / 1024).toFixed(1)} KB  goal < ${GOAL_BYTES / 1024} KB  ${small ? 'ok' : 'OVER'}`);
  return fast && small;
}
