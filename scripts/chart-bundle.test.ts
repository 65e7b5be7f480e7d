import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDevelopmentNetworkKeys } from './lib/trust-well-known.ts';

/**
 * Chart.js (decision 063) reaches only the pages that draw charts: it is in
 * no public page's JavaScript, neither loaded with it nor named in any
 * preload list it carries, so the visitor's first-load budget (150 KiB,
 * npm run bench) does not pay for it. Checked on a real production build.
 */
const ROOT = join(import.meta.dirname, '..');
/** A message of Chart.js's own that survives minification: where this text is, Chart.js is. */
const CHART_JS_FINGERPRINT = "can't acquire context from the given item";
const CHART_MODULE = 'src/components/figures/chart-canvas.tsx';

let outDir: string;
let manifest: Manifest;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'accord-chart-bundle-'));
  process.env.VITE_SUPABASE_URL ??= 'https://project.supabase.co';
  process.env.VITE_SUPABASE_ANON_KEY ??= 'chart-bundle-test';
  withDevelopmentNetworkKeys(ROOT);
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true } });
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The public pages: every route page-loaders.ts loads itself rather than through the signed-in areas' table. */
function publicPageModules(): string[] {
  const source = readFileSync(join(ROOT, 'src/app/page-loaders.ts'), 'utf8');
  return [...source.matchAll(/^ {2}'[^']+': \(\) => import\('\.\.\/([^']+)'\),$/gm)].map((match) => `src/${match[1]}.tsx`);
}

/** Chunks reachable from `start`: through static imports only, or through lazy imports too (never the entry's page table). */
function reachable(start: string, { lazy }: { lazy: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
    if (lazy && key !== 'index.html') for (const dep of manifest[key].dynamicImports ?? []) visit(dep);
  };
  visit(start);
  return seen;
}

const fileOf = (key: string) => manifest[key]!.file;
const read = (file: string) => readFileSync(join(outDir, file), 'utf8');

describe('Chart.js in the production build', () => {
  it('is in the chart module’s own chunk and nowhere else', () => {
    expect(manifest[CHART_MODULE], 'the chart module is a chunk of its own').toBeDefined();
    const withChartJs = readdirSync(join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js') && read(`assets/${name}`).includes(CHART_JS_FINGERPRINT))
      .map((name) => `assets/${name}`);
    expect(withChartJs).toEqual([fileOf(CHART_MODULE)]);
  });

  it('is loaded by the analytics page and the investor dashboard once they draw a chart', () => {
    for (const page of ['src/features/stakeholder/stakeholder-analytics-page.tsx', 'src/features/investor/investor-dashboard-page.tsx']) {
      expect(reachable(page, { lazy: false }).has(CHART_MODULE), `${page} loads Chart.js only when it draws`).toBe(false);
      expect(reachable(page, { lazy: true }).has(CHART_MODULE), page).toBe(true);
    }
  });

  it('is in no public page’s JavaScript, lazy parts included, nor in any preload list or import it carries', () => {
    const pages = publicPageModules();
    expect(pages).toContain('src/features/public/home-page.tsx');
    expect(pages.length).toBeGreaterThan(20);
    const chartFile = fileOf(CHART_MODULE).replace(/^assets\//, '');
    const entry = reachable('index.html', { lazy: false });
    for (const page of pages) {
      expect(manifest[page], `${page} is a chunk of the build`).toBeDefined();
      const chunks = new Set([...entry, ...reachable(page, { lazy: true })]);
      expect(chunks.has(CHART_MODULE), page).toBe(false);
      for (const key of chunks) expect(read(fileOf(key)).includes(chartFile), `${fileOf(key)} (${page}) names ${chartFile}`).toBe(false);
    }
    expect(read('index.html')).not.toContain(chartFile);
  });
});
