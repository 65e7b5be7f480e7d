import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { sql } from '../support/users.ts';

/**
 * /admin/pricing in Chromium against the built app (its /pricing prerendered
 * at build time): the seeded system administrator changes a plan's price and
 * a visitor's /pricing shows it without a rebuild; archiving hides a plan
 * from visitors and showing it again brings it back; moving a plan changes
 * the order visitors see. The pages fit at 360 and 1280 px.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;

let browser: Browser;
let adminContext: BrowserContext;
let visitorContext: BrowserContext;
let admin: Page;
let visitor: Page;
const suffix = randomUUID().slice(0, 6);
const priced = `Pilot ${suffix}`;
const archived = `Seasonal ${suffix}`;
const ours: string[] = [];

async function addPlan(name: string, price: number): Promise<void> {
  const [row] = await sql<{ id: string }>(
    `insert into public.pricing_plans (slug, name, summary, price, support, features, sort_order, is_published)
     values ($1, $2, 'For the pricing browser tests.', $3, 'E-mail, next business day', array['Listing in the registry'],
             (select coalesce(max(sort_order), 0) + 10 from public.pricing_plans), true)
     returning id`,
    [name.toLowerCase().replace(/\s+/g, '-'), name, price],
  );
  ours.push(row!.id);
}

async function openAdmin(): Promise<void> {
  await admin.goto(app('/admin/pricing'));
  await appStarted(admin);
  await admin.getByRole('table', { name: /Pricing plans/ }).getByText(priced).waitFor();
}

/** A visitor's /pricing, once the plans have arrived (the prerendered page holds none). */
async function openPricing(): Promise<void> {
  await visitor.goto(app('/pricing'));
  await visitor.getByRole('article', { name: 'Essentials' }).waitFor();
}

const planHeadings = () => visitor.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

beforeAll(async () => {
  await addPlan(priced, 410);
  await addPlan(archived, 120);
  browser = await launchBrowser();
  adminContext = await browser.newContext();
  visitorContext = await browser.newContext();
  admin = await adminContext.newPage();
  visitor = await visitorContext.newPage();
  await openSignedIn(admin, 'admin@accord.test');
});

afterAll(async () => {
  await browser?.close();
  // Out of the other browser tests' way (plans are archived, never deleted: their prices are history).
  await sql('update public.pricing_plans set is_published = false, is_featured = false where id = any($1::uuid[])', [ours]);
});

describe('/admin/pricing', () => {
  it('an administrator changes a plan’s price and a visitor’s /pricing shows it at once', async () => {
    await openPricing();
    await expect(visitor.getByRole('article', { name: priced }).textContent()).resolves.toContain('€410');

    await openAdmin();
    await admin.getByRole('button', { name: `Edit ${priced}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${priced}` });
    await dialog.getByRole('textbox', { name: /^Price/ }).fill('1234.50');
    await dialog.getByRole('combobox', { name: /^Billed/ }).selectOption('year');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Plan saved').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('table', { name: /Pricing plans/ }).getByText('€1,234.50 a year').waitFor();

    await openPricing();
    const card = visitor.getByRole('article', { name: priced });
    await card.getByText('€1,234.50').waitFor();
    await expect(card.textContent()).resolves.toContain('per year');

    // The database kept the old price with its dates, and recorded who changed it.
    const history = await sql<{ price: string; billing_period: string; open: boolean }>(
      'select price, billing_period, valid_to is null as open from public.pricing_plan_prices where plan_id = $1 order by valid_from',
      [ours[0]],
    );
    expect(history).toEqual([
      { price: '410.00', billing_period: 'month', open: false },
      { price: '1234.50', billing_period: 'year', open: true },
    ]);
    const [entry] = await sql<{ email: string }>(
      `select p.email from public.network_activity a join public.profiles p on p.id = a.actor_id
        where a.action = 'pricing_plan.updated' and a.details ->> 'plan_id' = $1`,
      [ours[0]],
    );
    expect(entry?.email).toBe('admin@accord.test');
  });

  it('tells what is wrong before sending, and keeps what was typed', async () => {
    await openAdmin();
    await admin.getByRole('button', { name: `Edit ${priced}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${priced}` });
    const price = dialog.getByRole('textbox', { name: /^Price/ });
    await price.fill('twelve');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Enter an amount such as 290 or 1,200.50, or leave it empty for “on request”.').waitFor();
    await expect(price.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(price.getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('archiving hides a plan from /pricing; showing it again brings it back', async () => {
    await openPricing();
    await visitor.getByRole('article', { name: archived }).waitFor();

    await openAdmin();
    await admin.getByRole('button', { name: `Archive ${archived}` }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Archive plan' }).click();
    await admin.getByText('Plan archived').first().waitFor();
    const row = admin.getByRole('row').filter({ hasText: archived });
    await row.getByText('Archived').waitFor();

    await openPricing();
    await visitor.getByRole('article', { name: priced }).waitFor();
    expect(await planHeadings()).not.toContain(archived);

    await admin.getByRole('button', { name: `Show again: ${archived}` }).click();
    await admin.getByText('Plan shown again').first().waitFor();
    await openPricing();
    await visitor.getByRole('article', { name: archived }).waitFor();
  });

  it('moving a plan up changes the order visitors see, from the keyboard', async () => {
    await openPricing();
    const before = await planHeadings();
    expect(before.indexOf(archived)).toBe(before.indexOf(priced) + 1);

    await openAdmin();
    const up = admin.getByRole('button', { name: `Move up: ${archived}` });
    await up.focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('table', { name: /Pricing plans/ }).getByRole('row').filter({ hasText: archived }).waitFor();
    await expect
      .poll(async () => {
        const rows = await admin.getByRole('table', { name: /Pricing plans/ }).getByRole('row').allTextContents();
        return rows.findIndex((text) => text.includes(archived)) < rows.findIndex((text) => text.includes(priced));
      })
      .toBe(true);

    await openPricing();
    const after = await planHeadings();
    expect(after.indexOf(archived)).toBe(after.indexOf(priced) - 1);
  });

  it('reads at 360 px and 1280 px with nothing serious for axe, the edit dialog included', async () => {
    try {
      for (const width of [360, 1280]) {
        await admin.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        await openAdmin();
        const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(admin, 'main')).toEqual([]);
        if (shots) await admin.screenshot({ path: `${shots}/admin-pricing-${width}.png`, fullPage: true });

        await admin.getByRole('button', { name: `Edit ${priced}` }).click();
        const dialog = admin.getByRole('dialog', { name: `Edit ${priced}` });
        await dialog.waitFor();
        expect(await seriousAxeViolations(admin, '[role="dialog"]')).toEqual([]);
        if (shots) await admin.screenshot({ path: `${shots}/admin-pricing-edit-${width}.png` });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });

        await visitor.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        await openPricing();
        if (shots) await visitor.screenshot({ path: `${shots}/pricing-${width}.png`, fullPage: true });
      }
    } finally {
      await admin.setViewportSize({ width: 1280, height: 720 });
      await visitor.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
