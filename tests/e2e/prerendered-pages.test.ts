import { readdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ceilingKiB, publicRouteAddresses, weigh, scriptsFetched, type RouteWeight } from '../../scripts/lib/route-budgets.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { appBuildDir } from '../support/app-build.ts';
import { uniqueEmail } from '../support/users.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';

/**
 * The production build as a visitor gets it (`npm run build`: Vite, then
 * scripts/prerender.ts), which the browser tier's global setup builds once and
 * serves against the test stack: every page the route table marks
 * `prerender` arrives as readable HTML, the browser adopts that markup
 * without a mismatch, and the pages work as the app does.
 */
const config = stackConfig('test');
const base = config.appUrl;
const outDir = appBuildDir();
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
  { path: '/trust-registry/verify', title: 'Verify a credential' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/terms', title: 'Terms of service' },
  { path: '/investors', title: 'Investors' },
  { path: '/investors/access', title: 'Investor access' },
  // The sign-in screens and the first onboarding step (issue 29): the form is drawn before the app runs.
  { path: '/login', title: 'Member login' },
  { path: '/accord-login', title: 'Administrator login' },
  { path: '/onboarding', title: 'Join the network' },
  { path: '/accept-invitation', title: 'Accept invitation' },
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function html(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status, `${path} answers 200`).toBe(200);
  return response.text();
}

/** A page in Chromium, with everything the browser reports as an error (a hydration mismatch is one). */
async function newPage(javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors };
}

async function open(path: string, javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(javaScriptEnabled);
  await opened.page.goto(`${base}${path}`);
  return opened;
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
    // The loader's code is the same on every page; what it loads is in its data- attributes (decision 027).
    const loader = (pricing.match(/<script( data-[^>]*)>\(function\(\)\{var data=document\.currentScript\.dataset[\s\S]*?<\/script><\/body>/)?.[1] ?? '').replace(/&quot;/g, '"');
    expect(loader).toMatch(/data-entry="\/assets\/index-[\w-]+\.js"/);
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

  /** What each public route's JavaScript weighs (scripts/lib/route-budgets.ts), as the pages are opened below. */
  const weights = new Map<string, RouteWeight>();

  it('adopts the markup in the browser without a mismatch on every page, and the page then works', async () => {
    for (const route of PRERENDERED) {
      const { page, errors } = await newPage();
      // The app has started and the network is idle: every script the page needs has arrived.
      weights.set(route.path, weigh(outDir, await scriptsFetched(page, `${base}${route.path}`)));
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
    // Seventeen pages opened and adopted one after another: 41 s on CI's last run, more than a minute on a loaded machine.
  }, 180_000);

  it('shows a shared search from the first paint, never the page without it or the loading spinner, then its result', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // On every frame, from the first one with the search box in it (or the whole document, if it never
    // comes): what the search box holds (null: no page, only a spinner).
    await context.addInitScript(() => {
      const frames: (string | null)[] = [];
      Object.assign(window, { searchBoxFrames: frames });
      const tick = () => {
        if (frames.length > 0 || document.querySelector('main input[name="q"]') || document.readyState !== 'loading') {
          const box = document.querySelector<HTMLInputElement>('main input[name="q"]')?.value ?? null;
          if (frames.at(-1) !== box) frames.push(box);
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${base}/trust-registry?q=Voyages&status=active`);
    const results = page.getByRole('list', { name: 'Organisations' });
    await results.getByRole('link', { name: 'Voyages Lumière' }).waitFor();
    await page.getByText('1 organisation matches “Voyages” with status active · showing 1–1').waitFor();
    expect(await results.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('active');
    expect(await page.evaluate(() => (window as unknown as { searchBoxFrames: (string | null)[] }).searchBoxFrames)).toEqual(['Voyages']);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** A page whose app code (the entry script) is held back until `start()`, so the test can act before the app runs. */
  async function openHeld(path: string) {
    const { page, errors } = await newPage();
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await started;
      await route.continue();
    });
    // Not until "load": that can wait for the held script, when the page asks for it before loading ends.
    await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    return { page, errors, start };
  }

  it('leaves a reader where they scrolled before the app started, and follows a link tapped there', async () => {
    const { page, errors, start } = await openHeld('/use-cases/education');
    const link = page.getByRole('link', { name: 'Accord for healthcare' });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    start();
    await appStarted(page);
    // Whatever the app does as it starts, it has done once the network is idle and two frames are drawn.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await link.click();
    await page.waitForURL(`${base}/use-cases/healthcare`);
    await page.getByRole('heading', { level: 1, name: 'Healthcare' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets a link followed before the app has started go through, when the app starts while the visitor leaves', async () => {
    const { page, start } = await openHeld('/use-cases/education');
    // What the page says of the app as it changes (the page cannot be asked while its next document is held).
    const appStates: string[] = [];
    let appSaid!: () => void;
    const said = new Promise<void>((resolve) => (appSaid = resolve));
    page.on('console', (message) => {
      const state = /^data-app=(\w+)$/.exec(message.text())?.[1];
      if (!state) return;
      appStates.push(state);
      appSaid();
    });
    await page.evaluate(() =>
      new MutationObserver(() => console.log(`data-app=${document.documentElement.getAttribute('data-app')}`)).observe(document.documentElement, {
        attributeFilter: ['data-app'],
      }),
    );
    // The next page is held until the app's code, let go once the visitor has clicked, has started the app.
    await page.route(`${base}/use-cases/healthcare`, async (route) => {
      start();
      await said;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Accord for healthcare' }).click();
    await page.waitForURL(`${base}/use-cases/healthcare`);
    await page.getByRole('heading', { level: 1, name: 'Healthcare' }).waitFor();
    // The app did start over the page being left, and that did not cancel the visit.
    expect(appStates).toEqual(['started']);
    await page.context().close();
  });

  it('keeps what a person typed into a prerendered form before the app started, their place in it, and the press they made', async () => {
    // Typed with keys into the bare page, then the app starts mid-word: the rest goes on in the same place.
    const typing = await openHeld('/login');
    const email = uniqueEmail('typed-before-start');
    const field = typing.page.getByRole('textbox', { name: 'Work e-mail' });
    await field.click();
    await typing.page.keyboard.type(email.slice(0, 10));
    expect(await typing.page.locator('html[data-app]').count(), 'the app has not started').toBe(0);
    typing.start();
    await appStarted(typing.page);
    await typing.page.keyboard.type(email.slice(10));
    expect(await field.inputValue()).toBe(email);
    // What the field shows is what the app holds: the link goes to that address.
    await typing.page.keyboard.press('Enter');
    await typing.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await typing.page.getByText(email, { exact: true }).waitFor();
    expect(typing.errors).toEqual([]);
    await typing.page.context().close();

    // Filled and pressed before the app started: the press waits, then goes through with what was typed.
    const pressing = await openHeld('/onboarding');
    const applicant = uniqueEmail('pressed-before-start');
    await pressing.page.getByRole('textbox', { name: /Work e-mail/ }).fill(applicant);
    const send = pressing.page.getByRole('button', { name: 'Send sign-up link' });
    await send.click();
    expect(await send.getAttribute('aria-busy')).toBe('true');
    expect(new URL(pressing.page.url()).search, 'no page load with the address in it').toBe('');
    pressing.start();
    await pressing.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await pressing.page.getByText(applicant, { exact: true }).waitFor();
    expect(pressing.errors).toEqual([]);
    await pressing.page.context().close();
  });

  it("keeps every public route's JavaScript, fetched until the network is idle, within its budget", async () => {
    for (const { pattern, path } of await publicRouteAddresses(config.apiUrl, config.keys.anonKey)) {
      if (weights.has(pattern)) continue;
      const { page } = await newPage();
      weights.set(pattern, weigh(outDir, await scriptsFetched(page, `${base}${path}`)));
      await page.context().close();
    }
    const over = [...weights]
      .filter(([pattern, weight]) => weight.total / 1024 > ceilingKiB(pattern))
      .map(([pattern, weight]) => `${pattern}: ${(weight.total / 1024).toFixed(1)} KiB, over ${ceilingKiB(pattern)} (${weight.files.map((f) => f.file).join(' ')})`);
    expect(over).toEqual([]);
  }, 120_000);

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
