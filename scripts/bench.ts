import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { stackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';

/**
 * `npm run bench`: the figures we hold ourselves to, measured rather than
 * asserted in timed tests.
 *   1. JavaScript a visitor downloads before `/` is interactive (production
 *      build, gzip): the entry, everything it imports statically, and the home
 *      page's lazy chunk with its static imports. Budget: 150 KiB.
 *   2. Local stack start: from an empty data directory, and warm.
 */
const ROOT = join(import.meta.dirname, '..');
const BUDGET_KIB = 150;

async function firstLoad(): Promise<{ files: { file: string; gz: number }[]; total: number }> {
  const outDir = mkdtempSync(join(tmpdir(), 'accord-bench-'));
  try {
    process.env.VITE_SUPABASE_URL ??= 'https://project.supabase.co';
    process.env.VITE_SUPABASE_ANON_KEY ??= 'bench';
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    visit('index.html');
    const home = Object.keys(manifest).find((k) => k.endsWith('src/features/public/home-page.tsx'));
    if (!home) throw new Error('home page chunk not found in the build manifest');
    visit(home);
    const files = [...seen].map((key) => {
      const file = manifest[key].file;
      return { file, gz: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length };
    });
    return { files: files.sort((a, b) => b.gz - a.gz), total: files.reduce((s, f) => s + f.gz, 0) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function stackStart(fresh: boolean): Promise<number> {
  const t0 = performance.now();
  const stack = await startStack(stackConfig('test'), { fresh });
  const ms = performance.now() - t0;
  await stack.stop();
  return ms;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

console.log('First load of / (production build, gzip)');
const load = await firstLoad();
for (const f of load.files) console.log(`  ${kib(f.gz).padStart(10)}  ${relative('.', f.file)}`);
const within = load.total / 1024 <= BUDGET_KIB;
console.log(`  ${kib(load.total).padStart(10)}  total (budget ${BUDGET_KIB} KiB: ${within ? 'within' : 'OVER'})`);

console.log('\nLocal stack start (test ports)');
const cold = await stackStart(true);
const warm = [await stackStart(false), await stackStart(false), await stackStart(false)].sort((a, b) => a - b)[1];
console.log(`  fresh database  ${(cold / 1000).toFixed(2)} s`);
console.log(`  warm (median 3) ${(warm / 1000).toFixed(2)} s`);

process.exit(within ? 0 : 1);
