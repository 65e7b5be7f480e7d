import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { injectAxe, launchBrowser } from '../support/browser.ts';
import { sql } from '../support/users.ts';

/**
 * The published content in Chromium against the local stack and its seed:
 * /pricing shows the plans in the database, /news lists the updates and opens
 * one in full at /news?update=<slug> and back, unknown addresses get a clear
 * not-found state, and /ecosystem filters by category and opens a solution
 * whose logo really loads from the brand_assets bucket's public URL. Each view
 * is checked with axe-core for serious and critical violations.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Serious and critical accessibility violations on the page as it stands. */
async function seriousViolations(target: Page): Promise<string[]> {
  await injectAxe(target);
  const violations = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const h1 = (target: Page) => target.getByRole('heading', { level: 1 });
const pathOf = (target: Page) => {
  const url = new URL(target.url());
  return `${url.pathname}${url.search}`;
};

describe('/pricing', () => {
  it('shows the published plans from the database, in order, with the ways to take them', async () => {
    const plans = await sql<{ name: string; price: string | null }>(
      'select name, price from public.pricing_plans where is_published order by sort_order, name',
    );
    expect(plans.length).toBeGreaterThanOrEqual(3);

    await page.goto(app('/pricing'));
    await expect(h1(page).textContent()).resolves.toBe('Pricing');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    await expect(cards.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(plans.map((p) => p.name));

    for (const plan of plans) {
      const card = page.getByRole('article', { name: plan.name, exact: true });
      if (plan.price === null) {
        await expect(card.getByRole('link', { name: `Contact us about ${plan.name}` }).getAttribute('href')).resolves.toMatch(/^mailto:/);
      } else {
        await expect(card.getByRole('link', { name: `Apply for ${plan.name}` }).getAttribute('href')).resolves.toBe('/onboarding');
        await expect(card.textContent()).resolves.toContain(`€${Number(plan.price).toLocaleString('en-GB')}`);
      }
    }
    await expect(page.getByRole('table').getByRole('columnheader').allTextContents()).resolves.toEqual(['Plan detail', ...plans.map((p) => p.name)]);

    // The FAQ opens and closes with the keyboard.
    const question = page.getByText('What counts as a verification?');
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/Looking an organisation up in the trust registry is free/).waitFor();

    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

describe('/news', () => {
  it('lists the published updates newest first, opens one in full, and goes back to the list', async () => {
    const updates = await sql<{ slug: string; title: string; body: string }>(
      `select slug, title, body from public.updates
        where is_published and published_at <= now() order by published_at desc, title`,
    );
    const [draft] = await sql<{ title: string }>('select title from public.updates where not is_published limit 1');
    expect(updates.length).toBeGreaterThanOrEqual(6);

    await page.goto(app('/news'));
    await expect(h1(page).textContent()).resolves.toBe('Updates');
    const list = page.getByRole('list', { name: 'Updates, newest first' });
    await list.waitFor();
    await expect(list.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(updates.map((u) => u.title));
    await expect(list.locator('time').count()).resolves.toBe(updates.length);
    if (draft) await expect(page.getByText(draft.title).count()).resolves.toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    const chosen = updates[1]!;
    await list.getByRole('link', { name: chosen.title }).click();
    await page.waitForURL(app(`/news?update=${chosen.slug}`));
    await page.getByRole('heading', { level: 1, name: chosen.title }).waitFor();
    // The article in full: its first paragraph and every section heading of its body.
    const article = page.getByRole('article');
    await article.getByText(chosen.body.split('\n\n')[0]!.slice(0, 60)).waitFor();
    const sections = chosen.body.split('\n').filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    expect(sections.length).toBeGreaterThan(0);
    await expect(article.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(sections);
    await expect(page.title()).resolves.toBe(`${chosen.title} — Accord`);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await page.goBack();
    await page.waitForURL(app('/news'));
    await expect(h1(page).textContent()).resolves.toBe('Updates');
    await list.getByRole('link', { name: chosen.title }).waitFor();

    // A shared link opens the update directly, and its own link returns to the list.
    await page.goto(app(`/news?update=${updates[0]!.slug}`));
    await page.getByRole('heading', { level: 1, name: updates[0]!.title }).waitFor();
    await page.getByRole('link', { name: 'Back to all updates' }).click();
    await list.waitFor();
    expect(pathOf(page)).toBe('/news');
  });

  it('says clearly that an unknown update does not exist, with a way back to the list', async () => {
    await page.goto(app('/news?update=no-such-update'));
    await page.getByRole('heading', { level: 1, name: 'Update not found' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('link', { name: 'See all updates' }).click();
    await page.getByRole('list', { name: 'Updates, newest first' }).waitFor();
    expect(pathOf(page)).toBe('/news');
  });
});

describe('/ecosystem', () => {
  it('filters the solutions by category and opens one, with its logo loaded from the brand_assets public URL', async () => {
    const solutions = await sql<{ slug: string; name: string; category: string; logo_path: string | null }>(
      'select slug, name, category, logo_path from public.ecosystem_solutions where is_published order by sort_order, name',
    );
    const wallets = solutions.filter((s) => s.category === 'digital_wallet');
    expect(wallets.length).toBeGreaterThan(0);
    expect(wallets.length).toBeLessThan(solutions.length);

    await page.goto(app('/ecosystem'));
    await expect(h1(page).textContent()).resolves.toBe('Ecosystem solutions');
    const grid = page.getByRole('list', { name: 'Ecosystem solutions' });
    await grid.waitFor();
    await expect(grid.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(solutions.map((s) => s.name));
    await expect(seriousViolations(page)).resolves.toEqual([]);

    const filter = page.getByRole('group', { name: 'Filter by category' });
    await filter.getByRole('button', { name: /^Digital wallets/ }).click();
    await page.getByText(`Showing ${wallets.length} of ${solutions.length} solutions: Digital wallets.`).waitFor();
    await expect(filter.getByRole('button', { name: /^Digital wallets/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(grid.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(wallets.map((s) => s.name));
    expect(pathOf(page)).toBe('/ecosystem?category=digital_wallet');

    const chosen = wallets.find((s) => s.logo_path !== null)!;
    await grid.getByRole('link', { name: chosen.name }).click();
    await page.waitForURL(app(`/ecosystem/${chosen.slug}`));
    await page.getByRole('heading', { level: 1, name: chosen.name }).waitFor();

    const logo = page.getByRole('img', { name: `${chosen.name} logo` });
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await expect(logo.evaluate((img: HTMLImageElement) => img.currentSrc)).resolves.toBe(
      `${config.apiUrl}/storage/v1/object/public/brand_assets/${chosen.logo_path}`,
    );
    await page.getByRole('link', { name: /^Visit .*\.example/ }).waitFor();
    await expect(page.title()).resolves.toBe(`${chosen.name} — Accord`);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await page.getByRole('link', { name: 'All ecosystem solutions' }).click();
    await page.waitForURL(app('/ecosystem'));
    await grid.waitFor();
  });

  it('shows a neutral mark for a solution without a logo', async () => {
    const [bare] = await sql<{ slug: string; name: string }>(
      'select slug, name from public.ecosystem_solutions where is_published and logo_path is null order by sort_order limit 1',
    );
    expect(bare).toBeDefined();
    await page.goto(app(`/ecosystem/${bare!.slug}`));
    await page.getByRole('heading', { level: 1, name: bare!.name }).waitFor();
    await page.getByTestId('solution-mark').waitFor();
    await expect(page.locator('main img').count()).resolves.toBe(0);
  });

  it('says clearly that an unknown solution does not exist, with a way back', async () => {
    await page.goto(app('/ecosystem/no-such-solution'));
    await page.getByRole('heading', { level: 1, name: 'Solution not found' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('link', { name: 'See all ecosystem solutions' }).click();
    await page.getByRole('list', { name: 'Ecosystem solutions' }).waitFor();
    expect(pathOf(page)).toBe('/ecosystem');
  });
});
