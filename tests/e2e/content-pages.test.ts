import type axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, injectAxe, launchBrowser } from '../support/browser.ts';

/**
 * The written public pages (about, trust framework, the four use cases,
 * privacy, terms) in Chromium against the app and the local stack, on a
 * desktop and on a 360 px phone: the page and its one h1 render, nothing is
 * logged as an error, axe-core finds no serious or critical violation, the
 * page never scrolls sideways on the phone, and the contents links land on
 * their headings below the sticky nav bar.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;

const PAGES = [
  { path: '/about', h1: 'About Accord', title: 'About' },
  { path: '/framework', h1: 'Trust Framework', title: 'Trust Framework' },
  { path: '/use-cases/education', h1: 'Education', title: 'Education' },
  { path: '/use-cases/healthcare', h1: 'Healthcare', title: 'Healthcare' },
  { path: '/use-cases/online-registration', h1: 'Online registration', title: 'Online registration' },
  { path: '/use-cases/cross-border-verification', h1: 'Cross-border verification', title: 'Cross-border verification' },
  { path: '/privacy', h1: 'Privacy policy', title: 'Privacy policy' },
  { path: '/terms', h1: 'Terms of service', title: 'Terms of service' },
] as const;

const WIDTHS = [1280, 360] as const;
const HEIGHT = 800;

/** index.html's description, which a page replaces with its own. */
const SITE_DESCRIPTION_START = 'Accord is the trust and acceptance network for organisations that need identity';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Open a page, recording everything the browser reports as an error. */
async function open(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // Aborted is the browser's own doing (the page left or reloaded while a chunk fetched at idle was on its way), never a fault a reader meets.
    if (reason !== 'net::ERR_ABORTED') errors.push(`request failed: ${request.url()} ${reason}`);
  });
  const response = await page.goto(app(path));
  expect(response?.ok(), `${path} answers 200`).toBe(true);
  // Once the app runs: leaving a page earlier aborts its scripts' requests, which would count as failures here.
  await appStarted(page);
  return { page, errors };
}

/** axe-core's serious and critical violations on the page, one line each with the elements concerned. */
async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.targets.join(', ')}`);
}

describe.each(WIDTHS)('at %i px wide', (width) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height: HEIGHT } });
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(PAGES)('$path renders its h1 without errors and passes axe-core', async ({ path, h1, title }) => {
    const { page, errors } = await open(context, path);

    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.count()).toBe(1);
    expect((await heading.textContent())?.trim()).toBe(h1);
    await expect.poll(() => page.title()).toBe(`${title} — Accord`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    // A real sentence about this page, short enough for a search result.
    expect(description?.length ?? 0).toBeGreaterThanOrEqual(60);
    expect(description?.length ?? 0).toBeLessThanOrEqual(160);
    expect(description).not.toMatch(new RegExp(`^${SITE_DESCRIPTION_START}`));

    // Landmarks come from the shell; the page's text is inside <main>.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);

    expect(await seriousViolations(page)).toEqual([]);

    if (width === 360) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(360);
    }

    expect(errors).toEqual([]);
    await page.close();
  });

  it('the framework’s contents links land on their headings, below the sticky nav bar', async () => {
    const { page, errors } = await open(context, '/framework');
    const contents = page.getByRole('navigation', { name: 'On this page' });

    for (const [name, id] of [
      ['Rules members accept', 'rules'],
      ['Suspension, revocation and reinstatement', 'suspension'],
      ['Purpose and scope', 'scope'],
    ] as const) {
      await contents.getByRole('link', { name }).click();
      await page.waitForURL(app(`/framework#${id}`));
      const target = page.getByRole('heading', { level: 2, name });
      // Wait until scrolling has settled where it will stay.
      await expect
        .poll(async () => {
          const top = (await target.boundingBox())?.y ?? -1;
          const barBottom = await page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().bottom);
          return top >= barBottom && top < HEIGHT / 2;
        })
        .toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the assurance table fits or scrolls inside its own frame, never the page', async () => {
    const { page, errors } = await open(context, '/framework');
    const region = page.getByRole('region', { name: /identity assurance levels and the public frameworks/i });
    const { scrollWidth, clientWidth } = await region.evaluate((frame) => ({
      scrollWidth: frame.scrollWidth,
      clientWidth: frame.clientWidth,
    }));
    if (width === 360) {
      // Five columns do not fit a phone: the frame scrolls, reachable by keyboard.
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((frame) => frame.scrollLeft)).toBeGreaterThan(0);
    } else {
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    // The caption stays readable at the left edge however far the table scrolls.
    const caption = await page.locator('#identity-mapping').boundingBox();
    expect(caption!.x + caption!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('scroll position on long pages', () => {
  it('a page opened in the same tab starts at the top, and a reload returns to where the reader was', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: HEIGHT } });
    const { page, errors } = await open(context, '/framework');
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2500);

    // Typed into the address bar, or followed from another site: a new page, read from the top.
    await page.goto(app('/terms'));
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    await appStarted(page);
    // The router restores a saved position in a render after the first, once loading is idle:
    // give it that chance (the network idle, then two frames drawn) before asserting that nothing moved the page.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 1800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the use cases', () => {
  it('link to each other and to joining, so a visitor can move through all four', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: HEIGHT } });
    const { page, errors } = await open(context, '/use-cases/education');
    await page.getByRole('link', { name: 'Accord for healthcare' }).click();
    await page.waitForURL(app('/use-cases/healthcare'));
    await page.getByRole('heading', { level: 1, name: 'Healthcare' }).waitFor();
    await page.getByRole('link', { name: 'Accord for cross-border verification' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cross-border verification' }).waitFor();
    await page.getByRole('link', { name: 'Accord for online registration' }).click();
    await page.getByRole('heading', { level: 1, name: 'Online registration' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'See members in the trust registry' }).click();
    await page.waitForURL(app('/trust-registry'));
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Join the Network' }).click();
    await page.waitForURL(/\/onboarding/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
