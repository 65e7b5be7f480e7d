import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { pageContents, shown, stampFooter } from '../../../tests/support/pdf-pages.ts';

/**
 * The stamp runs where it runs in production: in Deno, importing pdf-lib
 * through the function's own `npm:` specifier from the repository's
 * node_modules. The result is read back here with the same library.
 */
const root = join(import.meta.dirname, '../../..');
const deno = join(root, 'node_modules/.bin/deno');

const AT = '2026-11-24T23:20:05.000Z';

function stampInDeno(input: Uint8Array, email: string): { status: number | null; output: Buffer; stderr: string } {
  const program = `
    import { stampPdf, UnstampablePdfError } from './supabase/functions/open-investor-document/stamp.ts';
    const input = new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer());
    try {
      const out = await stampPdf(input, { email: ${JSON.stringify(email)}, at: new Date(${JSON.stringify(AT)}) });
      await Deno.stdout.write(out);
    } catch (error) {
      console.error(error instanceof UnstampablePdfError ? 'unstampable' : String(error));
      Deno.exit(3);
    }`;
  const run = spawnSync(
    deno,
    ['eval', '--config', 'supabase/functions/deno.json', '--no-lock', '--no-remote', '--cached-only', program],
    { cwd: root, input, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, DENO_DIR: join(root, '.data/deno'), NO_COLOR: '1' } },
  );
  return { status: run.status, output: run.stdout, stderr: run.stderr.toString() };
}

/** A PDF like an administrator's upload: pages of two sizes, one turned, one with a crop box away from the origin. */
async function turnedAndCroppedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const pages = [pdf.addPage([595, 842]), pdf.addPage([842, 595]), pdf.addPage([612, 792]), pdf.addPage([400, 400])];
  pages.forEach((page, index) => page.drawText(`Original page ${index + 1}`, { x: 50, y: 100 }));
  pages[1].setRotation(degrees(90));
  pages[2].setRotation(degrees(270));
  pages[3].setCropBox(100, 100, 250, 250);
  return await pdf.save();
}

// Each test starts Deno, which loads pdf-lib: seconds on a loaded 2-core machine, past Vitest's 5 s default.
describe('stamping a PDF for a reader', { timeout: 30_000 }, () => {
  it('keeps every page and writes the e-mail and the UTC time on each, after the original content', async () => {
    const run = stampInDeno(await turnedAndCroppedPdf(), 'investor.dataroom@accord.test');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    const stamped = await PDFDocument.load(run.output);
    expect(stamped.getPageCount()).toBe(4);
    const pages = await pageContents(run.output);
    const footer = shown(stampFooter('investor.dataroom@accord.test', new Date(AT)));
    const diagonal = shown('investor.dataroom@accord.test \u00b7 2026-11-24 23:20:05 UTC');
    for (let index = 0; index < 4; index++) {
      const content = pages[index];
      expect(content).toContain(shown(`Original page ${index + 1}`));
      expect(content).toContain(footer);
      expect(content).toContain(diagonal);
      // Drawn on top: the original is wrapped in q…Q so its state cannot hide the stamp.
      expect(content.indexOf(footer)).toBeGreaterThan(content.indexOf(shown(`Original page ${index + 1}`)));
    }
    // Rotation and crop boxes kept as they were.
    expect(stamped.getPages().map((page) => page.getRotation().angle)).toEqual([0, 90, 270, 0]);
    expect(stamped.getPages()[3].getCropBox()).toEqual({ x: 100, y: 100, width: 250, height: 250 });
  });

  it('writes characters the standard font lacks as "?" instead of refusing the reader', async () => {
    const run = stampInDeno(await turnedAndCroppedPdf(), 'zoë.δ@accord.test');
    expect(run.status).toBe(0);
    // ë is in WinAnsi, δ is not.
    expect((await pageContents(run.output))[0]).toContain(shown('Confidential \u00b7 opened by zo\u00eb.?@accord.test on 2026-11-24 23:20:05 UTC'));
  });

  it('refuses what is not a readable PDF, so nothing is ever served unstamped', () => {
    const run = stampInDeno(new TextEncoder().encode('not a pdf at all'), 'investor.dataroom@accord.test');
    expect(run.status).toBe(3);
    expect(run.stderr.trim()).toBe('unstampable');
  });
});
