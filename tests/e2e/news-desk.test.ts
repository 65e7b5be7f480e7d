import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { newUser, type TestUser } from '../support/users.ts';

/**
 * The news desk in Chromium against the local stack: the seeded system
 * administrator writes an update at /admin/updates, previews it and publishes
 * it, and a visitor reads it on /news; a draft never reaches a visitor; and an
 * update whose Markdown holds a <script>, an onerror handler and javascript:
 * links runs nothing in the visitor's browser (the afterEach in
 * tests/support/e2e-setup.ts also fails the test on any Content-Security-Policy
 * violation, so the sanitiser, not the policy, must be what stopped them).
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const SHOTS = join(tmpdir(), 'accord-news-desk');

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
let writer: TestUser;

async function signInAsAdmin(page: Page, email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(app('/accord-login'));
  await page.getByRole('textbox', { name: 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

async function visitorPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

async function writeUpdate(page: Page, fields: { title: string; summary: string; body: string }): Promise<void> {
  await page.goto(app('/admin/updates'));
  await appStarted(page);
  await page.getByRole('heading', { level: 1, name: 'Updates' }).waitFor();
  await page.getByRole('link', { name: 'Write an update' }).click();
  await page.getByRole('heading', { level: 1, name: 'Write an update' }).waitFor();
  await page.getByRole('textbox', { name: /^Title/ }).fill(fields.title);
  await page.getByRole('textbox', { name: /^Summary/ }).fill(fields.summary);
  await page.getByRole('combobox', { name: /^About/ }).selectOption('network');
  await page.getByRole('textbox', { name: /^Text/ }).fill(fields.body);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  writer = await newUser('news-desk-writer');
  await makeSystemAdmin(writer);
  browser = await launchBrowser();
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  admin = await adminContext.newPage();
  await signInAsAdmin(admin, 'admin@accord.test');
});
afterAll(async () => {
  await browser?.close();
});

describe('/admin/updates', () => {
  it('an administrator writes, previews and publishes an update, and a visitor reads it on /news', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = `Northwind Clinic joins the network ${tag}`;
    await writeUpdate(admin, {
      title,
      summary: 'A new healthcare member checks patients’ identity documents against the registry.',
      body: `Northwind Clinic is now a member.\n\n## What changes for patients\n\n- **Faster** registration\n- Checks against the [trust registry](/trust-registry)\n`,
    });
    const slug = `northwind-clinic-joins-the-network-${tag}`;
    expect(await admin.getByRole('textbox', { name: /^Slug/ }).inputValue()).toBe(slug);

    await admin.getByRole('tab', { name: 'Preview' }).click();
    const preview = admin.getByRole('tabpanel', { name: 'Preview' });
    await preview.getByRole('heading', { level: 2, name: title }).waitFor();
    await preview.getByRole('heading', { name: 'What changes for patients' }).waitFor();
    expect(await preview.locator('strong').first().textContent()).toBe('Faster');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: join(SHOTS, 'editor-preview-1280.png'), fullPage: true });

    await admin.getByRole('button', { name: 'Publish now' }).click();
    await admin.getByText('Update published').first().waitFor();
    await admin.waitForURL(/\/admin\/updates\?edit=[0-9a-f-]{36}$/);
    await admin.getByText('Published', { exact: true }).first().waitFor();

    await admin.goto(app('/admin/updates?status=published'));
    await admin.getByRole('link', { name: title, exact: true }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: join(SHOTS, 'list-1280.png'), fullPage: true });

    const { context, page } = await visitorPage();
    await page.goto(app('/news'));
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const article = page.getByRole('article');
    await article.getByRole('heading', { level: 2, name: 'What changes for patients' }).waitFor();
    expect(await article.getByRole('link', { name: 'trust registry' }).getAttribute('href')).toBe('/trust-registry');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'article-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await noHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, 'article-360.png'), fullPage: true });
    await context.close();
  });

  it('a draft is not visible to a visitor, in the list or at its address', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = `Draft about the 2027 prices ${tag}`;
    await writeUpdate(admin, { title, summary: 'Not ready yet.', body: 'Still being written.' });
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await admin.getByText('Draft saved').first().waitFor();
    await admin.waitForURL(/\/admin\/updates\?edit=[0-9a-f-]{36}$/);
    const slug = `draft-about-the-2027-prices-${tag}`;

    const { context, page } = await visitorPage();
    await page.goto(app('/news'));
    await page.getByRole('list', { name: 'Updates, newest first' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    await page.goto(app(`/news?update=${slug}`));
    await page.getByRole('heading', { level: 1, name: 'Update not found' }).waitFor();
    expect(await page.getByText('Still being written.').count()).toBe(0);
    await context.close();
  });

  it('works at 360 px: list and editor without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 360, height: 800 });
    try {
      await admin.goto(app('/admin/updates'));
      await admin.getByRole('heading', { level: 1, name: 'Updates' }).waitFor();
      await admin.getByRole('table', { name: 'Updates, last changed first' }).waitFor();
      await noHorizontalOverflow(admin);
      await admin.screenshot({ path: join(SHOTS, 'list-360.png'), fullPage: true });
      await admin.getByRole('link', { name: 'Write an update' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Write an update' }).waitFor();
      await noHorizontalOverflow(admin);
      await admin.screenshot({ path: join(SHOTS, 'editor-360.png'), fullPage: true });
    } finally {
      await admin.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('/news and a hostile body', () => {
  it('an update holding <script>, an onerror handler and javascript: links runs nothing in the visitor’s browser', async () => {
    const slug = `hostile-body-${randomUUID().slice(0, 8)}`;
    const body = [
      'An ordinary first paragraph.',
      '<script>window.__newsDeskRan = "script"; console.log("news-desk-ran")</script>',
      '<img src="/does-not-exist.png" onerror="window.__newsDeskRan = \'onerror\'; console.log(\'news-desk-ran\')">',
      '[A javascript link](javascript:window.__newsDeskRan=1)',
      '<a href="javascript:window.__newsDeskRan=2" id="raw-js">A raw javascript link</a>',
      'The last paragraph.',
    ].join('\n\n');
    const id = expectOk(
      await writer.client.rpc('admin_save_update', {
        p_id: null as unknown as string,
        p_slug: slug,
        p_title: `Hostile body ${slug}`,
        p_summary: 'An update whose body tries to run script.',
        p_body: body,
        p_category: 'security',
        p_published_at: null as unknown as string,
      }),
    );
    expectOk(await writer.client.rpc('admin_publish_update', { p_id: id, p_published_at: null as unknown as string }));

    const { context, page } = await visitorPage();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(app(`/news?update=${slug}`));
    const article = page.getByRole('article');
    await article.getByText('The last paragraph.').waitFor();
    await article.getByText('A raw javascript link').click();
    await article.getByText('A javascript link').click();

    expect(await page.evaluate('window.__newsDeskRan')).toBeUndefined();
    expect(logged.filter((line) => line.includes('news-desk-ran'))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await article.locator('script, img, [onerror]').count()).toBe(0);
    expect(await article.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await page.locator('a[href*="javascript:" i]').count()).toBe(0);
    expect(new URL(page.url()).search).toBe(`?update=${slug}`);
    // The HTML reads as text, as it always has on /news.
    await article.getByText('<script>window.__newsDeskRan = "script"; console.log("news-desk-ran")</script>').waitFor();
    await context.close();
  });
});
