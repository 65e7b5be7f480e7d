import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * The production build as a visitor gets it (`npm run build`: Vite, then
 * scripts/prerender.ts), served by `vite preview` against the test stack:
 * every page the route table marks `prerender` arrives as readable HTML, the
 * browser adopts that markup without a mismatch, and the pages work as the
 * app does. The other browser tests run on the dev server, which prerenders
 * nothing.
 */
const config = stackConfig('test');
const root = join(import.meta.dirname, '../..');
const port = config.ports.app + 1;
const base = `http://localhost:${port}`;
/** The public site's parameterless pages (routes.ts marks them `prerender`), with their titles. */
const PRERENDERED = [
  { path: '/', title: 'Home' },
  { path: '/about', title: 'About' },
  { path: '/framework', title: 'Trust Framework' },
  { path: '/use-cases/education', title: 'Education' },
  { path: '/use-cases/healthcare', title: 'Healthcare' },
  { path: '/use-cases/online-registration', title: 'Online registration' },
  { path: '/use-cases/cross-border-verification', title: 'Cross-border verification' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/news', title: 'Updates' },
  { path: '/api-guide', title: 'API guide' },
  { path: '/ecosystem', title: 'Ecosystem solutions' },
  { path: '/trust-registry', title: 'Trust registry' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/terms', title: 'Terms of service' },
  { path: '/investors', title: 'Investors' },
  { path: '/investors/access', title: 'Investor access' },
] as const;

let outDir: string;
let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'accord-prerendered-'));
  process.env.VITE_SUPABASE_URL = config.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = config.keys.anonKey;
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // In its own process, as `npm run build` runs it: this one already holds React's test build.
  execFileSync(join(root, 'node_modules/.bin/tsx'), ['scripts/prerender.ts', '--outDir', outDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: 'localhost' } });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server) await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

async function html(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status, `${path} answers 200`).toBe(200);
  return response.text();
}

/** A page in Chromium, with everything the browser reports as an error (a hydration mismatch is one). */
async function open(path: string, javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(`${base}${path}`);
  return { page, errors };
}

describe('prerendered public pages (production build)', () => {
  it('writes a file for each page of the public site and the bare shell, and nothing for pages behind a sign-in', () => {
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .sort();
    const expected = PRERENDERED.map(({ path }) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`));
    expect(files).toEqual([...expected, '200.html'].sort());
  });

  it('sends each page as HTML with its title, its own description and its one h1, before any JavaScript runs', async () => {
    const siteDescription = (await html('/no-such-page')).match(/<meta\s+name="description"\s+content="([^"]*)"/)?.[1];
    expect(siteDescription).toMatch(/^Accord is the trust and acceptance network/);
    for (const route of PRERENDERED) {
      const page = await html(route.path);
      expect(page, route.path).toContain(`data-prerendered="${route.path}"`);
      expect(page, route.path).toContain(`<title>${route.title} — Accord</title>`);
      expect(page.match(/<h1[\s>]/g), `${route.path} has one h1`).toHaveLength(1);
      const description = page.match(/<meta\s+name="description"\s+content="([^"]*)"/)?.[1] ?? '';
      expect(description.length, `${route.path} description length`).toBeGreaterThanOrEqual(60);
      if (route.path !== '/') expect(description, `${route.path} has its own description`).not.toBe(siteDescription);
      // Styles travel in <head>, not scattered through the page.
      expect(page.split('<body')[1], route.path).not.toContain('<style');
    }
  });

  it("asks for the app only after the page, and for the page's own code with it", async () => {
    const pricing = await html('/pricing');
    const head = pricing.slice(0, pricing.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader = pricing.match(/<script>(\(function\(\)\{var started[\s\S]*?)<\/script><\/body>/)?.[1] ?? '';
    expect(loader).toMatch(/script\.src="\/assets\/index-[\w-]+\.js"/);
    expect(loader).toMatch(/"\/assets\/pricing-page-[\w-]+\.js"/);
    expect(loader).toMatch(/"\/assets\/theme-full-[\w-]+\.js"/);
    // Each chunk it names exists in the build.
    for (const chunk of loader.match(/\/assets\/[\w.-]+\.js/g) ?? []) {
      expect((await fetch(`${base}${chunk}`)).status, chunk).toBe(200);
    }
  });

  it('is readable with JavaScript turned off', async () => {
    for (const path of ['/', '/pricing', '/trust-registry', '/framework']) {
      const { page } = await open(path, false);
      const h1 = page.locator('h1');
      await expect.poll(() => h1.isVisible(), { message: `${path} shows its h1` }).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Main' }).count(), `${path} has the main navigation`).toBeGreaterThan(0);
      await page.context().close();
    }
  });

  it('adopts the markup in the browser without a mismatch on every page, and the page then works', async () => {
    for (const route of PRERENDERED) {
      const { page, errors } = await open(route.path);
      // The document title is set again by the app once it runs: it is running.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('h1').count(), { message: route.path }).toBe(1);
      expect(errors, route.path).toEqual([]);
      await page.context().close();
    }

    const { page, errors } = await open('/trust-registry');
    await page.waitForLoadState('networkidle');
    await page.getByRole('searchbox', { name: 'Organisation name' }).fill('Voyages');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=Voyages/);
    await expect.poll(() => page.getByRole('link', { name: /Voyages Lumière/ }).count()).toBeGreaterThan(0);
    // A client-side navigation: the nav bar's link, no new document.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).first().click();
    await page.waitForURL(`${base}/pricing`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pricing');
    // The plans arrive after the registry page (and its data defaults) has gone.
    await page.getByRole('heading', { level: 2, name: 'Essentials' }).waitFor();
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();

    // From the home page, whose live figures were the first data on the page, to another page with data.
    const home = await open('/');
    await home.page.getByText(/active members?/).first().waitFor();
    await home.page.waitForLoadState('networkidle');
    await home.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).first().click();
    await home.page.getByRole('heading', { level: 2, name: 'Essentials' }).waitFor();
    expect(home.errors).toEqual([]);
    await home.page.context().close();
  });

  it('draws afresh over the markup when the address has a query, without an error', async () => {
    const { page, errors } = await open('/trust-registry?q=Voyages');
    await expect.poll(() => page.getByRole('link', { name: /Voyages Lumière/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('searchbox', { name: 'Organisation name' }).inputValue()).toBe('Voyages');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends the bare shell, not the home page, for a route without a file of its own', async () => {
    const shell = await html('/trust-registry/00000000-0000-4000-8000-000000000000');
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('data-prerendered');
    const { page, errors } = await open('/trust-registry/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Organisation not found' }).waitFor();
    // The registry answers an unknown id with an empty result, which the browser logs as nothing.
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
