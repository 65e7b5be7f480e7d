import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { pdfBytes } from '../support/storage-files.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Resources for members end to end (decision 054): an administrator uploads a
 * document at /admin/resources for one sector and publishes it; a member of an
 * organisation in that sector finds it at /dashboard/resources, marked new,
 * and downloads it through its signed URL (the bytes are the ones uploaded);
 * a member of an organisation in another sector does not see it at all.
 */
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the pages at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
const WAIT = { timeout: 30_000 };

let browser: Browser;
let healthMember: TestUser;
let legalMember: TestUser;

/** At 1280 and 360 px: nothing scrolls sideways, axe finds nothing serious, and (with ACCORD_SCREENSHOTS) a picture. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    // Within the page's main content: a toast fading out is half transparent, which axe would measure as low contrast.
    expect(await seriousAxeViolations(page, 'main'), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now();
  healthMember = await newUser('resources-health', { email: `resources-health.${stamp}@e2e.accord.test`, fullName: 'Florence Nightingale' });
  legalMember = await newUser('resources-legal', { email: `resources-legal.${stamp}@e2e.accord.test`, fullName: 'Cornelia Sorabji' });
  const health = await createOrganization(healthMember, { status: 'approved', name: `Clinic ${randomUUID().slice(0, 8)}` });
  const legal = await createOrganization(legalMember, { status: 'approved', name: `Chambers ${randomUUID().slice(0, 8)}` });
  await sql(`update public.organizations set sector = 'healthcare' where id = $1`, [health]);
  await sql(`update public.organizations set sector = 'legal' where id = $1`, [legal]);
});

afterAll(async () => {
  await browser?.close();
});

describe('resources for members', () => {
  it('an administrator publishes a resource for one sector; its members download it, another sector’s do not see it', async () => {
    const title = `Patient identity checklist ${randomUUID().slice(0, 6)}`;
    const bytes = pdfBytes(4096, `checklist ${title}`);

    // The administrator adds it for healthcare only, then publishes it.
    const adminPage = await newPage();
    await openSignedIn(adminPage, 'admin@accord.test', '/admin/resources');
    await appStarted(adminPage);
    await adminPage.getByRole('heading', { level: 1, name: 'Resources' }).waitFor(WAIT);
    await adminPage.getByRole('button', { name: 'Add resource' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add a resource' });
    // An empty form says what is missing before anything is uploaded.
    await dialog.getByRole('button', { name: 'Upload resource' }).click();
    await dialog.getByText('Enter a title.').waitFor(WAIT);
    await dialog.getByText('Choose the file to publish.').waitFor(WAIT);
    await dialog.getByRole('textbox', { name: /Title/ }).fill(title);
    await dialog.getByRole('textbox', { name: /Description/ }).fill('What to check before admitting a patient whose identity is in doubt.');
    await dialog.getByRole('textbox', { name: /Category/ }).fill('Checklists');
    await dialog.getByRole('textbox', { name: /Version/ }).fill('2026.1');
    await dialog.getByRole('combobox', { name: /Who may see it/ }).selectOption('sectors');
    await dialog.getByRole('checkbox', { name: 'Healthcare' }).check();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'patient-checklist.pdf', mimeType: 'application/pdf', buffer: bytes });
    await dialog.getByRole('button', { name: 'Upload resource' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    const row = adminPage.getByRole('row').filter({ hasText: title });
    await row.getByText('Not published').waitFor(WAIT);
    await row.getByText('Healthcare', { exact: true }).waitFor(WAIT);
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Publish this resource?' });
    await confirm.getByText('member organisations in Healthcare').waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await confirm.waitFor({ state: 'hidden', ...WAIT });
    await row.getByText('Published', { exact: true }).waitFor(WAIT);
    const [stored] = await sql<{ published: boolean; sectors: string }>('select published, sectors::text from public.resources where title = $1', [title]);
    expect(stored).toEqual({ published: true, sectors: '{healthcare}' });
    await checkWidths(adminPage, 'admin-resources');

    // A member of a healthcare organisation sees it, marked new, and downloads the same bytes.
    const healthPage = await newPage();
    await openSignedIn(healthPage, healthMember.email, '/dashboard/resources');
    await appStarted(healthPage);
    const card = healthPage.getByRole('article', { name: title });
    await card.waitFor(WAIT);
    await healthPage.getByRole('heading', { level: 2, name: 'Checklists' }).waitFor(WAIT);
    await card.getByText('New', { exact: true }).waitFor(WAIT);
    await card.getByText(/Version 2026\.1 · PDF · 4 KB/).waitFor(WAIT);
    const [download] = await Promise.all([
      healthPage.waitForEvent('download', WAIT),
      card.getByRole('button', { name: `Download ${title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('patient-checklist.pdf');
    const saved = await download.path();
    expect(Buffer.compare(readFileSync(saved), bytes)).toBe(0);
    // Search narrows the list; a phrase nothing has says so.
    await healthPage.getByRole('searchbox', { name: 'Search resources' }).fill('no such document');
    await healthPage.getByText('No resource matches that search').waitFor(WAIT);
    await healthPage.getByRole('searchbox', { name: 'Search resources' }).fill('patient identity');
    await card.waitFor(WAIT);
    await checkWidths(healthPage, 'member-resources');

    // Back again: seen on the last visit, so no longer new.
    await healthPage.reload();
    await appStarted(healthPage);
    await card.waitFor(WAIT);
    // The count without "new": the visit before this one was recorded, and nothing changed since.
    await healthPage.getByText(/^\d+ (of \d+ )?resources?$/).waitFor(WAIT);
    expect(await card.getByText('New', { exact: true }).count()).toBe(0);

    // A member of a legal organisation sees what the network publishes for
    // every member (the seed's checklist), but not the healthcare resource.
    const legalPage = await newPage();
    await openSignedIn(legalPage, legalMember.email, '/dashboard/resources');
    await appStarted(legalPage);
    await legalPage.getByRole('heading', { name: 'Verification desk checklist' }).waitFor(WAIT);
    expect(await legalPage.getByText(title).count()).toBe(0);
    expect(await legalPage.getByRole('heading', { name: 'Student identity at enrolment' }).count()).toBe(0);
    await checkWidths(legalPage, 'member-resources-other-sector');
  });
});
