/**
 * Step two of `npm run build`: writes each public page the route table marks
 * `prerender: true` as its own HTML file in the build, so a visitor sees the
 * page before any JavaScript has run (docs/decisions/019-prerendered-public-pages.md).
 *
 *   dist/index.html                  the home page
 *   dist/about.html, dist/use-cases/education.html, …   the other pages
 *   dist/200.html                    the bare shell, for every other route
 *   dist/_headers                    the security headers for every response, with
 *                                    the hashes of the pages' inline scripts (decision 027)
 *
 * Usage: tsx scripts/prerender.ts [--outDir dist]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createServer, loadEnv, type Manifest, type ViteDevServer } from 'vite';

import {
  formatHeadersFile,
  inlineScriptHashes,
  productionPolicy,
  securityHeaders,
  STRICT_TRANSPORT_SECURITY,
} from './lib/security-headers.ts';
import { htmlFileFor, injectPrerendered, takesInput, type PageHtml } from './prerender-html.ts';

/** What src/app/prerender.tsx exports (it is browser code, loaded through Vite rather than imported). */
interface PrerenderEntry {
  prerenderedPaths: readonly string[];
  prerenderPage(path: string): Promise<PageHtml & { modules: unknown[] }>;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function readOutDir(argv: string[]): string {
  const index = argv.indexOf('--outDir');
  return resolve(root, index >= 0 && argv[index + 1] ? argv[index + 1] : 'dist');
}

function readManifest(outDir: string): Manifest {
  const file = join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build with build.manifest (vite.config.ts) before prerendering.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The built chunks a page loads beyond the first load: the chunks of the
 * modules it imports (found by the namespace objects the prerenderer's Vite
 * loaded them as), with everything they import, as `/assets/…` addresses.
 */
function chunksOf(vite: ViteDevServer, manifest: Manifest, modules: unknown[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  const loaded = [...vite.moduleGraph.idToModuleMap.values()];
  for (const namespace of modules) {
    const module = loaded.find((candidate) => candidate.ssrModule === namespace);
    const key = module?.file ? relative(root, module.file) : undefined;
    if (!key || !manifest[key]) throw new Error(`A page's module (${module?.file ?? 'unknown'}) is not a chunk of the build.`);
    visit(key);
  }
  return [...files].map((file) => `/${file}`);
}

export async function prerender(outDir: string): Promise<string[]> {
  const manifest = readManifest(outDir);
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  // Run again on the same build: the bare shell is in 200.html by then.
  const shell = index.includes('data-prerendered=') ? readFileSync(join(outDir, '200.html'), 'utf8') : index;
  // Hosts serve this for any path without a file of its own (vite preview: vite.config.ts).
  writeFileSync(join(outDir, '200.html'), shell);

  const vite = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Its own cache: this server runs with NODE_ENV=production, and sharing
    // node_modules/.vite with a dev server (npm start, the browser tests)
    // rewrote that server's pre-bundled React as the production build under
    // it ("_jsxDEV is not a function"). It loads modules for the server only,
    // so it has no browser dependencies to pre-bundle at all.
    cacheDir: join(root, 'node_modules/.vite-prerender'),
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const written: string[] = [];
  try {
    const entry = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderEntry;
    for (const path of entry.prerenderedPaths) {
      const { modules, ...page } = await entry.prerenderPage(path);
      const file = join(outDir, htmlFileFor(path));
      mkdirSync(dirname(file), { recursive: true });
      const chunks = chunksOf(vite, manifest, modules);
      // The code that carries a bare form's input into the app (main.tsx imports it only then), fetched with the page's.
      if (takesInput(page.html)) chunks.push(...chunksOf(vite, manifest, [await vite.ssrLoadModule('/src/app/bare-page.ts')]));
      writeFileSync(file, injectPrerendered(shell, { ...page, chunks }));
      written.push(file);
    }
  } finally {
    await vite.close();
  }
  return written;
}

/**
 * dist/_headers: the security headers for every response, in the format
 * Netlify and Cloudflare Pages read (README, "Pointing the app at a hosted
 * Supabase project"). Written last, from the finished pages: the policy
 * allows exactly the inline scripts they carry, by hash, and the backend
 * the build talks to (VITE_SUPABASE_URL, read as Vite read it).
 */
export function writeHeadersFile(outDir: string, apiUrl: string | null): string {
  const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  const scriptHashes = pages.flatMap((file) => inlineScriptHashes(readFileSync(join(outDir, file), 'utf8')));
  const headers = { ...securityHeaders(productionPolicy({ apiUrl, scriptHashes })), 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY };
  const file = join(outDir, '_headers');
  writeFileSync(
    file,
    formatHeadersFile(
      [
        { path: '/*', headers },
        // The network's keys and DID document (decision 080): any relying party's code may fetch them; a
        // rotation publishes its key a deployment ahead of signing, so five minutes of caching is safe.
        { path: '/.well-known/*', headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' } },
      ],
      [
        'Written by scripts/prerender.ts (npm run build); do not edit. Netlify and Cloudflare Pages apply it as it is;',
        'other hosts need the same headers on every response (README). docs/decisions/027-tokens-in-addresses-headers-and-login-csrf.md',
      ],
    ),
  );
  return file;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = readOutDir(process.argv.slice(2));
  const started = performance.now();
  const written = await prerender(outDir);
  // `vite build` builds in production mode: the same .env files and environment it read.
  const apiUrl = loadEnv('production', root, 'VITE_').VITE_SUPABASE_URL ?? null;
  if (!apiUrl) console.warn('VITE_SUPABASE_URL is not set: the Content-Security-Policy in _headers allows no backend.');
  writeHeadersFile(outDir, apiUrl);
  console.log(`Prerendered ${written.length} public pages into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
