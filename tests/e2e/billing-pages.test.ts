import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { openSignedIn } from '../support/sign-in.ts';

/**
 * The three billing pages in Chromium against the built app and the seeded
 * ledger (read only: the seed bills every approved organisation), at 1280 and
 * 360 px, with no serious axe violation. Set ACCORD_SCREENSHOTS to a directory
 * to keep the screenshots.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const shots = process.env.ACCORD_SCREENSHOTS;

let browser: Browser;
let admin: Page;
let member: Page;

beforeAll(async () => {
  if (shots) mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
  admin = await (await browser.newContext()).newPage();
  member = await (await browser.newContext()).newPage();
  await openSignedIn(admin, 'admin@accord.test');
  await openSignedIn(member, 'member@accord.test');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function atBothWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (shots) await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
}

describe('billing pages', () => {
  it('/admin/billing shows the overview, the overdue list and the seller settings', async () => {
    await admin.goto(app('/admin/billing'));
    await appStarted(admin);
    await atBothWidths(admin, 'admin-billing', async () => {
      await admin.getByRole('heading', { name: 'Overview' }).waitFor();
      await admin.getByRole('form', { name: 'Seller settings' }).waitFor();
    });
  }, 120_000);

  it('/admin/invoices lists the ledger, filters in the address, and opens an invoice', async () => {
    await admin.goto(app('/admin/invoices'));
    await appStarted(admin);
    await atBothWidths(admin, 'admin-invoices', async () => {
      await admin.getByRole('table', { name: 'Invoices and credit notes' }).waitFor();
    });
    await admin.getByRole('combobox', { name: 'Kind' }).selectOption('credit_note');
    await admin.waitForURL(/kind=credit_note/);
    await admin.getByRole('table', { name: 'Invoices and credit notes' }).getByRole('link').first().click();
    await atBothWidths(admin, 'admin-invoice-detail', async () => {
      await admin.getByRole('table', { name: /^Lines of/ }).waitFor();
    });
  }, 120_000);

  it('/dashboard/billing shows a member’s plan, standing and invoices', async () => {
    await member.goto(app('/dashboard/billing'));
    await appStarted(member);
    await atBothWidths(member, 'member-billing', async () => {
      await member.getByRole('heading', { name: 'Your plan' }).waitFor();
    });
  }, 120_000);
});
