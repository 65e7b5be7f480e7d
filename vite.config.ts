import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { trustWellKnown } from './scripts/lib/trust-well-known.ts';
import { developmentPolicy, headersFor, parseHeadersFile, securityHeaders } from './scripts/lib/security-headers.ts';
import { WAIT_CEILING_MS } from './src/testing/wait-ceiling.ts';

/** Chunks loaded only once someone is signed in. */
const SIGNED_IN_ONLY = /(?:^|\/)(?:inbox-live|notifications-link|route-guard|area-layout|area-page-loaders)-[\w-]{8}\.js$/;
/** Chunks the entry imports statically (the groups below, the entry's runtime and config): loaded before any dynamic import runs. */
const ALWAYS_LOADED = /(?:^|\/)(?:react|router|shared-ui|theme|rolldown-runtime|config)-[\w-]{8}\.js$/;

function readAppPort(): number {
  const raw = process.env.APP_PORT;
  if (raw === undefined || raw === '') return 5173;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`APP_PORT must be a TCP port number between 1 and 65535 (got "${raw}").`);
  }
  return port;
}

const appPort = readAppPort();

/**
 * Chakra's theme modules build their recipes and default config with calls
 * such as `defineSlotRecipe({...})` and `defineConfig({...})`, which are identity
 * functions the bundler cannot prove pure, so importing one token from
 * `@chakra-ui/react/theme` kept every recipe in the bundle (≈ 30 KB minified in
 * a visitor's first load). Marking the calls pure lets the unused ones go
 * (docs/decisions/015-public-site-data-and-first-load.md).
 */
function chakraPureDefinitions(): Plugin {
  const file = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]/;
  const call = /(=\s*)(define(?:Config|Recipe|SlotRecipe|TextStyles|LayerStyles|AnimationStyles|Tokens|SemanticTokens|GlobalStyles|Keyframes)\()/g;
  return {
    name: 'accord:chakra-pure-definitions',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const marked = code.replace(call, '$1/* @__PURE__ */ $2');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}

/**
 * Chakra's `createSystem` computes the system's global CSS (reset, global
 * styles, and every token as a CSS variable) as soon as it is called: half
 * the ~50 ms a system takes to build in Chromium, four times that on a slow
 * phone, during the first load of every page. Only ChakraProvider reads it,
 * and on a prerendered page it does not (the styles are in <head> already:
 * src/theme/chakra-system.ts). This computes it on first read instead. Chakra
 * is pinned to an exact version; if its code no longer has the expected
 * shape, the build fails here rather than silently losing the change
 * (docs/decisions/020-hydration-work.md).
 */
export function chakraLazyGlobalCss(): Plugin {
  const file = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
  const eager = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
  const property = '    _global,\n';
  return {
    name: 'accord:chakra-lazy-global-css',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(eager) || !code.includes(property)) {
        throw new Error(`${id} no longer builds _global as accord:chakra-lazy-global-css expects (vite.config.ts).`);
      }
      const lazy = code
        .replace(eager, '  let _global;\n')
        .replace(property, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
      return { code: lazy, map: null };
    },
  };
}

/**
 * `vite preview` serves a prerendered page's file for its path (/about →
 * about.html) and, for anything else, index.html — which is the prerendered
 * home page, so /admin/dashboard would flash the home page before the app
 * drew it. Everything without a file of its own gets the bare shell,
 * 200.html, instead (scripts/prerender.ts), as production hosts are told to.
 */
function shellFallback(): Plugin {
  return {
    name: 'accord:shell-fallback',
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
        const isPage = req.method === 'GET' && accept.includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
        const hasFile = path === '/' || existsSync(join(root, `${path}.html`));
        if (isPage && !hasFile && existsSync(join(root, '200.html'))) req.url = '/200.html';
        next();
      });
    },
  };
}

/**
 * The security headers (scripts/lib/security-headers.ts) on every response
 * the dev server and `vite preview` send. The preview serves the build's own
 * dist/_headers, as Netlify and Cloudflare Pages do, so the browser tests
 * check exactly what a host will send; the dev server sends the development
 * policy, which lets Vite's React refresh work
 * (docs/decisions/027-tokens-in-addresses-headers-and-login-csrf.md).
 */
function securityHeadersOnEveryResponse(): Plugin {
  return {
    name: 'accord:security-headers',
    configureServer(server) {
      const apiUrl = server.config.env.VITE_SUPABASE_URL ?? null;
      server.middlewares.use((req, res, next) => {
        const devServerHost = req.headers.host ?? `localhost:${server.config.server.port ?? appPort}`;
        for (const [name, value] of Object.entries(securityHeaders(developmentPolicy({ apiUrl, devServerHost })))) {
          res.setHeader(name, value);
        }
        next();
      });
    },
    configurePreviewServer(server) {
      const file = join(resolve(server.config.root, server.config.build.outDir), '_headers');
      if (!existsSync(file)) {
        throw new Error(`${file} is missing: build with \`npm run build\` (Vite, then scripts/prerender.ts) before previewing.`);
      }
      const rules = parseHeadersFile(readFileSync(file, 'utf8'));
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0]!;
        for (const [name, value] of Object.entries(headersFor(rules, path))) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Unit test files that swap a module (vi.mock), a global (vi.stubGlobal,
 * fake-rest's fetch), the clock or a spy for their own: they need a fresh
 * module graph, or a singleton made by an earlier file (the Supabase client
 * holding an older fetch) or a mock would leak between files. Every other
 * unit file shares its worker's modules with the files before it, which saves
 * each one a new process and the import of what it tests (a third of the
 * tier's CPU time: docs/decisions/074-suite-speed.md). Read from the files
 * themselves, so a new test lands on the right side.
 */
// process.env assigned by hand counts too: a configured Supabase URL left
// behind makes the next file's src/data/client.ts build a real client (and
// its Realtime client wants a WebSocket Node 20 does not have).
// A file can also ask for it in a line of its own, `// Runs isolated: <why>`.
const SWAPS_MODULES_OR_GLOBALS =
  /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|testing\/fake-rest|\bprocess\.env\.\w+\s*(?:\?\?|\|\||&&)?=[^=]|(?:^|\n)\/\/ Runs isolated: /;

function testFilesSwapping(dirs: string[], suffix: RegExp): string[] {
  return dirs.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .map((file) => `${dir}/${file.split('\\').join('/')}`)
          .filter((file) => suffix.test(file) && SWAPS_MODULES_OR_GLOBALS.test(readFileSync(file, 'utf8')))
      : [],
  );
}

const UNIT = {
  include: ['machines/**/*.test.ts', 'src/**/*.test.ts', 'supabase/local/**/*.test.ts', 'supabase/functions/**/*.test.ts', 'scripts/**/*.test.ts'],
  swapping: testFilesSwapping(['machines', 'src', 'supabase/local', 'supabase/functions', 'scripts'], /\.test\.ts$/),
};
const COMPONENT = {
  include: ['src/**/*.test.tsx', 'tests/model/**/*.test.{ts,tsx}'],
  swapping: testFilesSwapping(['src', 'tests/model'], /\.test\.tsx$|^tests\/model\/.*\.test\.ts$/),
  // A model path renders and waits through several screens; each wait has the ceiling above.
  options: { environment: 'jsdom', setupFiles: ['src/testing/setup-dom.ts'], testTimeout: 60_000 },
};
/**
 * The migration versions this build expects (/admin/database compares them
 * with those applied). Only the names' versions are compiled in: a glob over
 * the files would also emit every migration's SQL as a chunk of the public
 * build.
 */
const MIGRATION_VERSIONS = readdirSync('supabase/migrations')
  .map((file) => /^(\d+)_[^/]+\.sql$/.exec(file)?.[1])
  .filter((version): version is string => version !== undefined)
  .sort();

export default defineConfig({
  plugins: [react(), chakraPureDefinitions(), chakraLazyGlobalCss(), shellFallback(), securityHeadersOnEveryResponse(), trustWellKnown(appPort)],
  define: { __ACCORD_MIGRATION_VERSIONS__: JSON.stringify(MIGRATION_VERSIONS) },
  // strictPort: the local stack and the e2e tests point at APP_PORT, so silently
  // moving to the next free port would leave them talking to nothing.
  server: { port: appPort, strictPort: true },
  preview: { port: appPort, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/prerender.ts reads it to have each prerendered page fetch its own chunks early.
    manifest: true,
    // Every browser that runs es2022 supports <link rel="modulepreload">; the
    // polyfill would only add bytes to every visitor's first load.
    modulePreload: {
      polyfill: false,
      // Each dynamic import carries the list of chunks to fetch with it. The
      // chunks the entry imports statically are always there already, so
      // listing them again only adds bytes to every visitor's first load.
      // Code only signed-in people load (their inbox, guard and area shell)
      // fetches its own imports when it arrives: one round trip later for
      // them, and no list of those chunks in a visitor's first load.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType !== 'js' ? deps : SIGNED_IN_ONLY.test(file) ? [file] : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      // @emotion/react imports hoist-non-react-statics (and through it
      // react-is) for its side effects, which it has none of: only Emotion's
      // withTheme uses it, and nothing here does. Declared side-effect free,
      // both leave every visitor's first load (~1.2 KiB gzip).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](?:hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
      output: {
        // Libraries every page needs, in their own long-lived chunks: a release
        // that only changes app code leaves them cached in visitors' browsers.
        // Only eagerly loaded packages belong here, or a group would pull code
        // from lazy pages into the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/](?:react-router|react-router-dom)[\\/]/ },
            {
              // Small modules that the first page and many lazy pages share.
              // Left alone, each becomes its own tiny chunk, and a visitor's
              // first load pays a request and a compression window for each
              // (npm run bench measures the sum). Not button/close-button:
              // it imports Chakra's icon set, which only lazy pages use (0.6 KiB
              // of every first load while it was grouped here).
              name: 'shared-ui',
              test: /[\\/](?:@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](?:utils[\\/]|components[\\/](?:icon|link-box|spinner|button(?=[\\/](?!close-button))|flex|grid|center|link|visually-hidden)[\\/])|src[\\/]components[\\/](?:page-meta|icons)\.tsx?$|src[\\/]data[\\/](?:config|auth[\\/]storage-key)\.ts$)|vite[\\/]preload-helper/,
            },
            { name: 'supabase', test: /[\\/]node_modules[\\/](?:@supabase[\\/]|iceberg-js[\\/])/ },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI
    // machine, whose second core then mostly idles while each file starts.
    maxWorkers: 2,
    // expect.poll waits for its condition up to the same ceiling as every other wait in the tests, not Vitest's 1 s.
    expect: { poll: { timeout: WAIT_CEILING_MS } },
    projects: [
      // `--project 'unit*'` runs both halves of the unit tier.
      { extends: true, test: { name: 'unit', environment: 'node', include: UNIT.include, exclude: UNIT.swapping, isolate: false } },
      { extends: true, test: { name: 'unit-isolated', environment: 'node', include: UNIT.swapping } },
      // `--project 'component*'` runs both halves of the component tier, split as the unit tier is.
      { extends: true, test: { name: 'component', ...COMPONENT.options, include: COMPONENT.include, exclude: COMPONENT.swapping, isolate: false } },
      { extends: true, test: { name: 'component-isolated', ...COMPONENT.options, include: COMPONENT.swapping } },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts', 'tests/auth/**/*.test.ts', 'tests/storage/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack-with-app.ts'],
          setupFiles: ['tests/support/e2e-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
