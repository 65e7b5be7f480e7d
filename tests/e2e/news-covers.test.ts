import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { drawablePng, gifBytes, pngBytes } from '../support/storage-files.ts';

/**
 * Cover images on the news desk in Chromium against the local stack
 * (docs/decisions/058-update-cover-images.md): the seeded system administrator
 * is told why a GIF and an image over 2 MB cannot be covers before anything is
 * uploaded, and that a cover needs a description; publishes an update with a
 * cover; and a visitor sees the image loaded, with its alternative text, in
 * the list on /news and in the article (the afterEach in
 * tests/support/e2e-setup.ts fails the test on any Content-Security-Policy
 * violation, so the storage host must be allowed to serve images).
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const SHOTS = join(tmpdir(), 'accord-news-covers');

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;

async function signInAsAdmin(page: Page, email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(app('/accord-login'));
  await page.getByRole('textbox', { name: 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Scrolls the image into view (it is lazy-loaded) and waits until the browser has decoded it. */
async function loadedImage(image: Locator): Promise<{ naturalWidth: number; alt: string; loading: string; src: string }> {
  await image.scrollIntoViewIfNeeded();
  await image.evaluate(
    (img: HTMLImageElement) =>
      new Promise<void>((resolve, reject) => {
        if (img.complete && img.naturalWidth > 0) return resolve();
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => reject(new Error(`the cover did not load: ${img.src}`)), { once: true });
      }),
  );
  return image.evaluate((img: HTMLImageElement) => ({ naturalWidth: img.naturalWidth, alt: img.alt, loading: img.loading, src: img.src }));
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  admin = await adminContext.newPage();
  await signInAsAdmin(admin, 'admin@accord.test');
});
afterAll(async () => {
  await browser?.close();
});

describe('cover images', () => {
  it('an administrator publishes an update with a cover, and a visitor sees the image with its description on /news', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = `The registry opens to pharmacies ${tag}`;
    const alt = 'A pharmacist scanning a patient’s identity card at a counter';

    await admin.goto(app('/admin/updates?edit=new'));
    await appStarted(admin);
    await admin.getByRole('heading', { level: 1, name: 'Write an update' }).waitFor();
    await admin.getByRole('textbox', { name: /^Title/ }).fill(title);
    await admin.getByRole('textbox', { name: /^Summary/ }).fill('Pharmacies can now check a patient’s identity documents against the registry.');
    await admin.getByRole('combobox', { name: /^About/ }).selectOption('network');
    await admin.getByRole('textbox', { name: /^Text/ }).fill('From today pharmacies in the network can check identity documents.');

    // The browser checks type and size before anything is uploaded.
    const picker = admin.getByLabel('Choose an image');
    await picker.setInputFiles({ name: 'animation.gif', mimeType: 'image/gif', buffer: gifBytes() });
    await admin.getByText('animation.gif is not a PNG, JPEG or WebP image. Choose one of those.').waitFor();
    await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngBytes(2 * 1024 * 1024 + 1) });
    await admin.getByText('huge.png is larger than 2 MB. Choose a smaller image.').waitFor();
    expect(await admin.getByRole('img', { name: /^Preview/ }).count()).toBe(0);

    await picker.setInputFiles({ name: 'pharmacy.png', mimeType: 'image/png', buffer: drawablePng([38, 110, 160]) });
    await admin.getByRole('img', { name: 'Preview of the chosen cover image' }).waitFor();
    expect(await admin.getByText('huge.png is larger than 2 MB').count()).toBe(0);

    // A cover without a description is refused before a request.
    await admin.getByRole('button', { name: 'Publish now' }).click();
    await admin.getByText('Describe the cover image for people who cannot see it.').waitFor();
    await admin.getByRole('textbox', { name: /^Describe the image/ }).fill(alt);
    await admin.getByRole('img', { name: `Preview: ${alt}` }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: join(SHOTS, 'editor-cover-1280.png'), fullPage: true });

    await admin.getByRole('tab', { name: 'Preview' }).click();
    const preview = admin.getByRole('tabpanel', { name: 'Preview' });
    expect((await loadedImage(preview.getByRole('img', { name: alt }))).naturalWidth).toBeGreaterThan(0);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Publish now' }).click();
    await admin.getByText('Update published').first().waitFor();
    await admin.waitForURL(/\/admin\/updates\?edit=[0-9a-f-]{36}$/);
    await admin.getByRole('tab', { name: 'Write' }).click();
    // Back from the database: the stored cover, from its public address.
    const stored = await loadedImage(admin.getByRole('img', { name: `Preview: ${alt}` }));
    expect(stored.src).toMatch(/\/storage\/v1\/object\/public\/update_covers\/[0-9a-f-]{36}\.png$/);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(app('/news'));
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    const inList = await loadedImage(item.getByRole('img', { name: alt }));
    expect(inList).toMatchObject({ alt, loading: 'lazy' });
    expect(inList.naturalWidth).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'news-list-1280.png') });

    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('article').getByText('From today pharmacies in the network can check identity documents.').waitFor();
    const inArticle = await loadedImage(page.getByRole('article').getByRole('img', { name: alt }));
    expect(inArticle).toMatchObject({ alt, loading: 'lazy' });
    expect(inArticle.naturalWidth).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'news-article-1280.png'), fullPage: true });

    await page.setViewportSize({ width: 360, height: 800 });
    await noHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, 'news-article-360.png'), fullPage: true });
    await page.goto(app('/news'));
    await loadedImage(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) }).getByRole('img', { name: alt }));
    await noHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, 'news-list-360.png') });

    await admin.setViewportSize({ width: 360, height: 800 });
    try {
      await noHorizontalOverflow(admin);
      await admin.screenshot({ path: join(SHOTS, 'editor-cover-360.png'), fullPage: true });
    } finally {
      await admin.setViewportSize({ width: 1280, height: 900 });
    }

    // Removing the cover is saved like any change, and visitors see the article without it.
    await admin.getByRole('button', { name: 'Remove the cover' }).click();
    expect(await admin.getByRole('img', { name: /^Preview/ }).count()).toBe(0);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Changes saved').first().waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(app('/news'));
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('article').getByText('From today pharmacies in the network can check identity documents.').waitFor();
    expect(await page.getByRole('article').getByRole('img').count()).toBe(0);
    await context.close();
  });
});
