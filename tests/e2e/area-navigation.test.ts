import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { areaNavigation, type Area } from '../../src/routes/routes.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/sign-in.ts';


/** An item's name: its label, and for Messages and Notifications the unread count when there is one ("Notifications 3 unread"). */
const itemName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\d+\\+?\\s+unread)?$`);
/**
 * The two area shells in a real browser (decision 032): a member and a system
 * administrator click through every page of their area's side navigation, as
 * a column at 1280 px and through the drawer at 360 px, with nothing reported
 * as an error on the way. Screenshots of each width land in the system's
 * temporary directory (accord-area-navigation/) for a person to look at.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const SHOTS = join(tmpdir(), 'accord-area-navigation');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const PEOPLE = {
  member: { email: 'member@accord.test', home: '/dashboard', label: 'Member area' },
  admin: { email: 'admin@accord.test', home: '/admin/applications', label: 'Back office' },
} as const;

async function signedIn(area: Area, width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const person = PEOPLE[area];
  await openSignedIn(page, person.email, person.home);
  return { page, errors };
}

const pages = (area: Area) => areaNavigation(area).flatMap(({ items }) => items);

describe.each(['member', 'admin'] as const)('the %s area', (area) => {
  const { label } = PEOPLE[area];

  it('at 1280 px: the side column lists every page, each link opens its page and is then marked current', async () => {
    const { page, errors } = await signedIn(area, 1280);
    const nav = page.getByRole('complementary').getByRole('navigation', { name: label });
    await nav.waitFor();
    // The public header stays above the area.
    await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(page.getByRole('button', { name: `${label} menu` }).isVisible()).resolves.toBe(false);
    if (area === 'member') {
      await nav.locator('..').getByText('Northwind Learning Trust').waitFor();
    }
    await expect(nav.getByRole('link').count()).resolves.toBe(pages(area).length);

    for (const item of pages(area)) {
      const link = nav.getByRole('link', { name: itemName(item.label) });
      const moved = new URL(page.url()).pathname !== item.to;
      await link.click();
      await page.waitForURL(app(item.to));
      await page.waitForFunction((title) => document.title === `${title} — Accord`, item.title);
      await expect(link.getAttribute('aria-current')).resolves.toBe('page');
      await expect(nav.locator('[aria-current="page"]').count()).resolves.toBe(1);
      // Focus moves to the page itself, past the side navigation, as the skip link does.
      if (moved) await page.waitForFunction(() => document.activeElement?.id === 'area-content');
    }
    await page.screenshot({ path: join(SHOTS, `${area}-1280.png`), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('from the keyboard, "Skip to content" leads past the side navigation: the next Tab is inside the page, not on a navigation link', async () => {
    const { page, errors } = await signedIn(area, 1280);
    // A fresh load, so focus starts at the top of the document, where the skip link is.
    await page.reload();
    const nav = page.getByRole('complementary').getByRole('navigation', { name: label });
    await nav.waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.querySelector('a[href="#area-content"]') !== null);
    // The page's own controls arrive with its data; until then the next Tab rightly leaves the page.
    await page.waitForFunction(() =>
      document.querySelector('#area-content')?.querySelector('a[href], button:not([disabled]), input, select, textarea') != null,
    );

    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'area-content');

    await page.keyboard.press('Tab');
    const landed = await page.evaluate((navLabel) => {
      const active = document.activeElement;
      return {
        inContent: Boolean(active?.closest('#area-content')),
        inAreaNav: Boolean(active?.closest(`nav[aria-label="${navLabel}"]`)),
        inAnyNav: Boolean(active?.closest('nav, aside, header')),
        tag: active?.tagName,
      };
    }, label);
    expect(landed).toMatchObject({ inContent: true, inAreaNav: false, inAnyNav: false });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 360 px: a button opens the navigation as a drawer, which marks the current page and closes on navigation or Escape', async () => {
    const { page, errors } = await signedIn(area, 360);
    await expect(page.getByRole('complementary').isVisible()).resolves.toBe(false);
    const button = page.getByRole('button', { name: `${label} menu` });
    await page.getByRole('banner').waitFor();

    let shot = false;
    for (const item of pages(area)) {
      await button.click();
      const drawer = page.getByRole('dialog', { name: label });
      const nav = drawer.getByRole('navigation', { name: label });
      await nav.waitFor();
      await expect(nav.getByRole('link').count()).resolves.toBe(pages(area).length);
      if (!shot) {
        // Once the drawer has slid in.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        await page.screenshot({ path: join(SHOTS, `${area}-360-drawer.png`) });
        shot = true;
      }
      await nav.getByRole('link', { name: itemName(item.label) }).click();
      await page.waitForURL(app(item.to));
      await drawer.waitFor({ state: 'detached' });
      await page.waitForFunction((title) => document.title === `${title} — Accord`, item.title);
    }

    // The current page is marked in the drawer, which the keyboard opens and Escape closes.
    const last = pages(area).at(-1)!;
    await button.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: label });
    await drawer.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await expect(
      drawer.getByRole('link', { name: last.label, exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(SHOTS, `${area}-360.png`), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('outside the areas', () => {
  it('/application-pending has the public header and no side navigation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, 'pending@accord.test', '/application-pending');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Member area' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Member area menu' }).count()).resolves.toBe(0);
    await context.close();
  });
});
