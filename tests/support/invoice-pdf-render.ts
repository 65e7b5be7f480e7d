import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import type { InvoiceDocument } from '../../supabase/functions/_shared/billing/invoice-document.ts';

const root = join(import.meta.dirname, '../..');

export interface DenoRenders {
  /** One PDF per document, in order (the last of its renders). */
  pdfs: Uint8Array[];
  /** Milliseconds per render of each document, `repeat` of them. */
  timings: number[][];
}

/**
 * Renders invoice documents where production renders them: in Deno, with the
 * function's own render.ts, its `npm:` imports resolved from the repository's
 * node_modules and its fonts read from supabase/functions/invoice-pdf/fonts.
 * One Deno process for all of them (it takes a second to start).
 */
export function renderInDeno(documents: InvoiceDocument[], repeat = 1): DenoRenders {
  const program = `
    import { renderInvoicePdf } from './supabase/functions/invoice-pdf/render.ts';
    import { loadInvoiceFonts } from './supabase/functions/invoice-pdf/fonts.ts';
    const { documents, repeat } = JSON.parse(await new Response(Deno.stdin.readable).text());
    const fonts = await loadInvoiceFonts();
    const pdfs = [];
    const timings = [];
    for (const document of documents) {
      const times = [];
      let bytes;
      for (let run = 0; run < repeat; run++) {
        const started = performance.now();
        bytes = await renderInvoicePdf(document, fonts);
        times.push(performance.now() - started);
      }
      pdfs.push(btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')));
      timings.push(times);
    }
    await Deno.stdout.write(new TextEncoder().encode(JSON.stringify({ pdfs, timings })));`;
  const run = spawnSync(
    join(root, 'node_modules/.bin/deno'),
    ['eval', '--config', 'supabase/functions/deno.json', '--no-lock', '--no-remote', '--cached-only', program],
    {
      cwd: root,
      input: JSON.stringify({ documents, repeat }),
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, DENO_DIR: join(root, '.data/deno'), NO_COLOR: '1' },
    },
  );
  if (run.status !== 0) throw new Error(`Rendering in Deno failed (${run.status}): ${run.stderr.toString()}`);
  const out = JSON.parse(run.stdout.toString()) as { pdfs: string[]; timings: number[][] };
  return { pdfs: out.pdfs.map((pdf) => new Uint8Array(Buffer.from(pdf, 'base64'))), timings: out.timings };
}
