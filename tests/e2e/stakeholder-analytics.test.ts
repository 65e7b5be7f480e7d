import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { createOrganization, expectOk } from '../support/db-fixtures.ts';
import { checkPageWidths } from '../support/page-widths.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The network's figures in the browser against the real stack (decision 063):
 * the seed stakeholder reads the analytics charts with their tables, changes
 * the period (the address and the figures follow), downloads a CSV that holds
 * the table's figures, and is told what is wrong with impossible dates; the
 * seed lite investor's dashboard shows the same real figures. The expected
 * numbers come from network_analytics itself, asked by another stakeholder.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
let browser: Browser;
let reader: TestUser;

interface Analytics {
  from: string;
  to: string;
  bucket: string;
  growth: { period_start: string; new_members: number; active_members: number }[];
  funnel: { started: number; submitted: number; approved: number; rejected: number; median_days_to_decision: number | null };
  sectors: { sector: string; members: number }[];
  lookups: { period_start: string; lookups: number }[];
}

const today = () => new Date().toISOString().slice(0, 10);
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
function firstOfMonthAYearBack(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 12, 1)).toISOString().slice(0, 10);
}

async function analytics(from: string, to: string): Promise<Analytics> {
  return expectOk(await reader.client.rpc('network_analytics', { p_from: from, p_to: to })) as Analytics;
}

/** A figure's table as text, header first, after opening it with "Show table". */
async function tableOf(figure: Locator): Promise<string[][]> {
  const toggle = figure.getByRole('button', { name: /^(Show|Hide) table of / });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const table = figure.getByRole('table');
  await table.waitFor();
  return table.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
}

const plain = (cell: string) => cell.replaceAll(',', '');

/** Waits until every figure with figures to draw shows its chart (React reveals lazily loaded parts a moment apart). */
async function chartsDrawn(scope: Page | Locator): Promise<void> {
  const figures = scope.locator('section[data-figure]');
  await expect.poll(async () => {
    const counts = await figures.evaluateAll((sections) =>
      sections.map((section) => (section.querySelector('button') ? 1 : 0) - section.querySelectorAll('canvas[role="img"]').length),
    );
    return counts.length > 0 && counts.every((missing) => missing === 0);
  }).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  reader = await newUser('figures-reader');
  await sql(`insert into public.stakeholders (user_id, affiliation, granted_by) values ($1, 'Figures test', null)`, [reader.id]);
  // A member who joined today, so the last 30 days have growth to show.
  await createOrganization(reader, { status: 'approved' });
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await openSignedIn(page, email);
  return page;
}

describe('/stakeholder/analytics', () => {
  it('shows the charts with their tables, follows the period in the address, and downloads the table as CSV', async () => {
    const page = await signedIn('stakeholder@accord.test');
    await page.goto(app('/stakeholder/analytics'));
    await page.getByRole('heading', { level: 1, name: 'Stakeholder analytics' }).waitFor();

    // The last 12 months by default: whole months, as the database groups a period over a year.
    const year = await analytics(firstOfMonthAYearBack(today()), today());
    const growth = page.getByRole('region', { name: 'Network growth' });
    await growth.waitFor();
    for (const name of ['Onboarding funnel', 'Members by sector', 'Members by country', 'Registry lookups']) {
      await page.getByRole('region', { name }).waitFor();
    }
    // Each chart is drawn, as one image named by its summary.
    const chart = growth.getByRole('img');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Chart of network growth by (month|week) from /);
    expect(await growth.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);

    const yearGrowth = await tableOf(growth);
    expect(yearGrowth.slice(1).map((row) => row.slice(1).map(plain))).toEqual(
      year.growth.map((row) => [String(row.new_members), String(row.active_members)]),
    );
    const funnel = await tableOf(page.getByRole('region', { name: 'Onboarding funnel' }));
    expect(funnel.slice(1)).toEqual([
      ['Started', String(year.funnel.started)],
      ['Submitted', String(year.funnel.submitted)],
      ['Approved', String(year.funnel.approved)],
      ['Rejected', String(year.funnel.rejected)],
    ].map(([stage, value]) => [stage!, value!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')]));
    await page.getByRole('region', { name: 'Onboarding funnel' }).getByText('Median time to a decision').waitFor();
    // Lookups are counted from a snapshot of the Data API's statistics (decision 062): a fresh stack may have none yet.
    const lookups = page.getByRole('region', { name: 'Registry lookups' });
    await lookups.getByText('Counted since').waitFor();
    if (year.lookups.some((row) => row.lookups > 0)) await tableOf(lookups);
    else await lookups.getByText(/^(No registry lookups in this period|Registry lookups have not been counted yet)\.$/).waitFor();
    await tableOf(page.getByRole('region', { name: 'Members by sector' }));
    await tableOf(page.getByRole('region', { name: 'Members by country' }));
    await chartsDrawn(page);
    await checkPageWidths(page, 'stakeholder-analytics');

    // The last 30 days: the address says so, and the figures are the month's, by day.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 30 days' });
    await page.waitForURL((url) => url.search === '?period=30d');
    const month = await analytics(daysBefore(today(), 29), today());
    expect(month.bucket).toBe('day');
    await growth.getByText(/^New members each day/).waitFor();
    const monthGrowth = await tableOf(growth);
    expect(monthGrowth[0]).toEqual(['Day', 'New members', 'Active members']);
    expect(monthGrowth).toHaveLength(31);
    expect(monthGrowth).not.toEqual(yearGrowth);
    expect(monthGrowth.slice(1).map((row) => row.slice(1).map(plain))).toEqual(
      month.growth.map((row) => [String(row.new_members), String(row.active_members)]),
    );
    expect(month.growth.reduce((sum, row) => sum + row.new_members, 0)).toBeGreaterThan(0);

    // The CSV file holds the table's figures, with ISO dates a spreadsheet reads.
    const [download] = await Promise.all([page.waitForEvent('download'), growth.getByRole('button', { name: 'Download CSV of network growth' }).click()]);
    expect(download.suggestedFilename()).toBe(`network-growth-${month.from}-to-${month.to}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    const records = csv.split('\r\n');
    expect(records.at(-1)).toBe('');
    expect(records[0]).toBe('Day,New members,Active members');
    expect(records.slice(1, -1)).toEqual(monthGrowth.slice(1).map((row, index) => [month.growth[index]!.period_start, plain(row[1]!), plain(row[2]!)].join(',')));
    await chartsDrawn(page);
    await checkPageWidths(page, 'stakeholder-analytics-30-days');

    // All time starts where the network does, not ten years of empty months before it.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'All time' });
    await page.waitForURL((url) => url.search === '?period=all');
    await growth.getByText(/^New members each month/).waitFor();
    const allTime = await tableOf(growth);
    expect(allTime[1]!.slice(1).some((cell) => cell !== '0'), `first row ${allTime[1]!.join(' | ')}`).toBe(true);

    // Impossible dates are named, not sent.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.waitForURL((url) => url.searchParams.get('period') === 'custom');
    // Custom dates start from the period shown (all time: 1 January nine years back), so a last day before that is out of order.
    expect(await page.getByLabel('First day').inputValue()).toBe(`${Number(today().slice(0, 4)) - 9}-01-01`);
    await page.getByLabel('Last day').fill('2016-12-01');
    await page.getByRole('alert').filter({ hasText: 'The first day must be on or before the last day.' }).waitFor();
    expect(await page.getByRole('region', { name: 'Network growth' }).count()).toBe(0);
    await page.getByLabel('First day').fill('2016-11-01');
    await growth.waitFor();
    expect(new URL(page.url()).search).toBe('?period=custom&from=2016-11-01&to=2016-12-01');
    await page.context().close();
  });
});

describe('/investor/dashboard', () => {
  it('shows a lite investor the network’s real figures over the last 12 months', async () => {
    const page = await signedIn('investor.lite@accord.test');
    await page.goto(app('/investor/dashboard'));
    const section = page.getByRole('region', { name: 'The network in figures' });
    await section.waitFor();
    const year = await analytics(firstOfMonthAYearBack(today()), today());
    const sectors = await tableOf(section.getByRole('region', { name: 'Members by sector' }));
    expect(sectors.slice(1).map((row) => plain(row[1]!))).toEqual(year.sectors.map((row) => String(row.members)));
    const growth = await tableOf(section.getByRole('region', { name: 'Network growth' }));
    expect(growth[0]![0]).toBe(year.bucket === 'month' ? 'Month' : 'Week');
    expect(growth.slice(1).map((row) => plain(row[1]!))).toEqual(year.growth.map((row) => String(row.new_members)));
    await section.getByRole('region', { name: 'Onboarding funnel' }).getByText('Median time to a decision').waitFor();
    await chartsDrawn(section);
    await checkPageWidths(page, 'investor-dashboard-figures');
    await page.context().close();
  });
});
