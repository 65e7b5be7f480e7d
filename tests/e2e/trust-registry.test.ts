import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, injectAxe, launchBrowser } from '../support/browser.ts';
import { sql } from '../support/users.ts';

/**
 * The public trust registry in Chromium against the local stack and its seed:
 * search and filters that live in the address (and the back button), pages,
 * a profile with its status history, the not-found state, the home page's
 * live figures and the API guide — with no serious accessibility violation.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const seeded = (n: number) => `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const results = () => page.getByRole('list', { name: 'Organisations' });
const cardNames = () => results().getByRole('heading', { level: 3 }).allInnerTexts();
const searchParams = () => Object.fromEntries(new URL(page.url()).searchParams);
const summary = () => page.getByRole('status').filter({ hasText: /organisation/ });

/** axe-core in the page: no serious or critical violation. */
async function expectAccessible(target: Page): Promise<void> {
  await injectAxe(target);
  const violations = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

async function openRegistry(query = ''): Promise<void> {
  await page.goto(app(`/trust-registry${query}`));
  await page.getByRole('heading', { level: 1, name: 'Trust registry' }).waitFor();
  // The filters and the search need the app (before it, the search is a plain form).
  await appStarted(page);
}

describe('/trust-registry', () => {
  it('lists the approved organisations by name, with their status, and counts them', async () => {
    await openRegistry();
    await results().waitFor();
    // Other tiers may add organisations meanwhile (npm test shares one stack), so the count is read, not fixed.
    const text = await summary().getByText(/organisations in the registry/).innerText();
    expect(text).toMatch(/^\d+ organisations in the registry · showing 1–8$/);
    expect(Number(text.split(' ')[0])).toBeGreaterThanOrEqual(10);
    const names = await cardNames();
    expect(names).toHaveLength(8);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);
    // Each card says its status in words.
    for (const card of await results().getByRole('listitem').allInnerTexts()) expect(card).toMatch(/\b(Active|Suspended|Revoked)\b/);
    await expectAccessible(page);
    // Other files' organisations may sort before the seed's, so the suspended one is looked up, not expected on the first page.
    await openRegistry('?q=kivi');
    await results().getByRole('listitem').filter({ hasText: 'Kivi Digital' }).getByText('Suspended', { exact: true }).waitFor();
  });

  it('searches by name, ignoring accents, and keeps the search in the address', async () => {
    await openRegistry();
    await page.getByRole('searchbox', { name: 'Organisation name' }).fill('lumiere');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'lumiere');
    await summary().getByText('1 organisation matches “lumiere”').waitFor();
    expect(await cardNames()).toEqual(['Voyages Lumière']);
  });

  it('filters by sector, country and status; Back and Forward step through the filters', async () => {
    await openRegistry();
    await results().waitFor();
    await page.getByRole('combobox', { name: 'Sector' }).selectOption('education');
    await page.waitForURL((url) => url.searchParams.get('sector') === 'education');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('GB');
    await page.waitForURL((url) => url.searchParams.get('country') === 'GB');
    await summary().getByText(/organisations? match(es)? in Education in United Kingdom/).waitFor();
    const filtered = await cardNames();
    expect(filtered).toContain('Northwind Learning Trust');
    expect(filtered).not.toContain('Deltaland University of Applied Sciences');
    for (const facts of await results().getByRole('listitem').allInnerTexts()) expect(facts).toContain('Education · United Kingdom');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('country') === null);
    expect(searchParams()).toEqual({ sector: 'education' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('');
    await expect.poll(cardNames).toEqual(expect.arrayContaining(['Deltaland University of Applied Sciences', 'Northwind Learning Trust']));

    await page.goForward();
    await expect.poll(cardNames).toEqual(filtered);

    await openRegistry('?status=revoked&country=ES');
    await expect.poll(cardNames).toContain('Talento Ibérico');
    for (const card of await results().getByRole('listitem').allInnerTexts()) expect(card).toMatch(/Revoked on \d{1,2} \w+ \d{4}/);
    await expect(page.getByRole('combobox', { name: 'Status' }).inputValue()).resolves.toBe('revoked');
  });

  it('a search that finds nothing says so and offers to clear the filters', async () => {
    await openRegistry('?q=no+such+organisation&sector=legal');
    await page.getByText('No organisation matches', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(app('/trust-registry'));
    await expect.poll(async () => (await cardNames()).length).toBe(8);
    await expect(page.getByRole('searchbox', { name: 'Organisation name' }).inputValue()).resolves.toBe('');
  });

  it('pages through the registry with links that keep the filters', async () => {
    await openRegistry();
    await results().getByRole('heading', { level: 3 }).first().waitFor();
    const firstPage = await cardNames();
    const pages = page.getByRole('navigation', { name: 'Pages of results' });
    await expect(pages.getByRole('button', { name: 'Previous page' }).isDisabled()).resolves.toBe(true);
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pages.getByText(/^Page 2 of \d+$/).waitFor();
    await expect.poll(cardNames).not.toEqual(firstPage);
    const secondPage = await cardNames();
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    await summary().getByText(/showing 9–/).waitFor();

    await pages.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(app('/trust-registry'));
    await expect.poll(cardNames).toEqual(firstPage);

    await openRegistry('?q=zz-nothing&page=3');
    await page.getByText('No organisation matches', { exact: true }).waitFor();
  });

  it('opens an organisation’s profile: status with its date, facts, history, and how to check it by API', async () => {
    await openRegistry('?q=lumiere');
    await results().getByRole('link', { name: 'Voyages Lumière' }).click();
    await page.waitForURL(app(`/trust-registry/${seeded(105)}`));
    await page.getByRole('heading', { level: 1, name: 'Voyages Lumière' }).waitFor();
    await page.getByText('Voyages Lumière SAS').first().waitFor();
    await page.getByText(/^Active since \d{1,2} \w+ \d{4}$/).first().waitFor();
    const facts = page.locator('dl').first();
    await facts.getByText('Travel', { exact: true }).waitFor();
    await facts.getByText('France', { exact: true }).waitFor();
    await expect(facts.getByRole('link', { name: /www\.voyages-lumiere\.example/ }).getAttribute('href')).resolves.toBe(
      'https://www.voyages-lumiere.example/',
    );
    // The public contact e-mail its admins set on the organisation-details page, as a mailto: link.
    await facts.getByText('Contact e-mail', { exact: true }).waitFor();
    await expect(facts.getByRole('link', { name: 'bonjour@voyages-lumiere.example' }).getAttribute('href')).resolves.toBe(
      'mailto:bonjour@voyages-lumiere.example',
    );

    const history = page.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    await expect.poll(() => history.allInnerTexts()).toEqual([
      expect.stringMatching(/Active\s+Reinstated$/),
      expect.stringMatching(/Suspended\s+Suspended$/),
      expect.stringMatching(/Active\s+Approved and listed in the registry$/),
    ]);
    await page.getByRole('complementary', { name: 'Check this through the API' }).getByText(seeded(105)).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'How to query the registry API' }).click();
    await page.waitForURL(app('/api-guide#registry-status-on'));
    await page.getByRole('heading', { level: 3, name: 'Was it an active member on a date?' }).waitFor();
  });

  it('unknown, malformed and never-approved ids show a clear not-found state with a way back', async () => {
    for (const id of ['not-a-real-id', '00000000-0000-4000-8000-000000000000', seeded(111)]) {
      await page.goto(app(`/trust-registry/${id}`));
      await page.getByRole('heading', { level: 1, name: 'Organisation not found' }).waitFor();
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Search the trust registry' }).click();
    await page.waitForURL(app('/trust-registry'));
    await page.getByRole('heading', { level: 1, name: 'Trust registry' }).waitFor();
  });

  it('an organisation without a contact e-mail shows no such line', async () => {
    await page.goto(app(`/trust-registry/${seeded(106)}`));
    const facts = page.locator('dl').first();
    await facts.getByText('Recruitment', { exact: true }).waitFor();
    await expect(facts.getByText('Contact e-mail', { exact: true }).count()).resolves.toBe(0);
    await expect(facts.locator('a[href^="mailto:"]').count()).resolves.toBe(0);
  });

  it('fits a 360 px wide screen, even with a very long contact e-mail address', async () => {
    // 170 characters with no hyphen or space to break at: the kind of address that widens a page.
    const longAddress = `${'registryenquiries'.repeat(4)}desk@${'verificationdepartment'.repeat(4)}.example`;
    const [{ id: longId }] = await sql<{ id: string }>(
      `insert into public.organizations (name, sector, country, contact_email, created_by)
       values ('Zz Long Contact Address ' || gen_random_uuid(), 'other', 'GB', $1, null) returning id`,
      [longAddress],
    );
    await sql(`insert into public.organization_applications (organization_id, status) values ($1, 'approved')`, [longId]);

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 780 });
    // The long address's profile last, so its link is on the page below.
    for (const path of ['/trust-registry', `/trust-registry/${seeded(106)}`, '/api-guide', `/trust-registry/${longId}`]) {
      await phone.goto(app(path));
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.waitForLoadState('networkidle');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    const link = phone.getByRole('link', { name: longAddress });
    await expect(link.getAttribute('href')).resolves.toBe(`mailto:${longAddress}`);
    const box = await link.boundingBox();
    expect(box && box.x + box.width, 'the address wraps inside the screen').toBeLessThanOrEqual(360);
    await phone.close();
  });
});

describe('the home page’s live figures', () => {
  it('shows the registry’s active members, sectors and countries', async () => {
    const figures = page.getByRole('region', { name: 'The network today' });
    const expected = async () =>
      (
        await sql<{ members: number; sectors: number; countries: number }>(
          `select count(*)::int as members, count(distinct o.sector)::int as sectors, count(distinct o.country)::int as countries
             from public.registry_entries e join public.organizations o on o.id = e.organization_id where e.status = 'active'`,
        )
      )[0];
    const shown = async () => {
      await page.goto(app('/'));
      await figures.getByRole('definition').first().getByText(/^\d+$/).waitFor();
      const [members, sectors, countries] = (await figures.getByRole('definition').allInnerTexts()).map(Number);
      return { members, sectors, countries };
    };
    // Asked again if another tier changed the registry between the two reads.
    await expect.poll(async () => JSON.stringify(await shown()) === JSON.stringify(await expected()), { timeout: 20_000 }).toBe(true);
    expect(await figures.getByRole('term').allInnerTexts()).toEqual(['active members', 'sectors', 'countries']);
    await expectAccessible(page);
  });

  it('when the registry cannot be reached, the page still works and offers a retry', async () => {
    const isolated = await browser.newContext();
    const home = await isolated.newPage();
    let fail = true;
    await home.route('**/rest/v1/rpc/registry_figures**', (route) => (fail ? route.abort() : route.continue()));
    // The reachability probe stays unanswered too, so the page cannot recover
    // by itself and only the person's retry can bring the figures back.
    await home.route(
      (url) => url.pathname.endsWith('/rest/v1/pricing_plans') && url.searchParams.get('limit') === '0',
      (route) => route.abort(),
    );
    await home.goto(app('/'));
    await home.getByText('The live figures could not be loaded just now.').waitFor();
    await home.getByRole('heading', { level: 1 }).waitFor();
    await home.getByText('Accord can’t be reached right now.').waitFor();
    fail = false;
    // The banner may lie over the button on a short window; it must not take the click.
    const retry = home.getByRole('button', { name: 'Try again' });
    await retry.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    const tapReaches = await retry.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(tapReaches, 'a tap on the button reaches it, through the banner').toBe(true);
    await retry.click();
    await home.getByRole('region', { name: 'The network today' }).getByRole('term').filter({ hasText: 'sectors' }).waitFor();
    await home.getByText('Connected again.').waitFor();
    await isolated.close();
  });
});

describe('/api-guide', () => {
  it('shows every endpoint with a curl example and its response', async () => {
    await page.goto(app('/api-guide'));
    await page.getByRole('heading', { level: 1, name: 'API guide' }).waitFor();
    for (const name of ['Search the registry', 'One organisation by its identifier', 'Look up by website domain', 'Was it an active member on a date?', 'Does it verify this schema?', 'The registry in figures']) {
      await page.getByRole('heading', { level: 3, name }).waitFor();
    }
    await page.getByText('-H "apikey: $ANON_KEY"').first().waitFor();
    await page.getByText('http://localhost:54321/rest/v1/rpc/registry_by_domain', { exact: false }).first().waitFor();
    await expectAccessible(page);
  });
});
