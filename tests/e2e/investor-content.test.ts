import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { sql } from '../support/users.ts';

/**
 * /admin/investor-content end to end (decision 060): an administrator adds a
 * folder, uploads a data-room PDF into it, replaces it with a new version
 * (both versions listed), sees who opened it, publishes a new NDA version
 * after its warning, and posts an investor update. Each step is checked in the
 * database as well as on the page.
 */
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
const WAIT = { timeout: 30_000 };
/** The seed's two-page PDF: a real file, as an administrator would upload. */
const SEED_PDF = readFileSync(
  join(import.meta.dirname, '../../supabase/seed-assets/investor_documents/5eed0000-0000-4000-8000-000000000712/5eed0000-0000-4000-8000-000000000722/financial-model-2026.pdf'),
);

let browser: Browser;

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
    expect(await seriousAxeViolations(page, 'main'), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Clicks a download button; the file's suggested name and whether its bytes are the seed PDF's. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; same: boolean }> {
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), button.click()]);
  return { name: download.suggestedFilename(), same: Buffer.compare(readFileSync(await download.path()), SEED_PDF) === 0 };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('investor content in the back office', () => {
  it('an administrator uploads a data-room PDF into a folder, replaces it keeping both versions, publishes an NDA version and posts an update', async () => {
    const suffix = randomUUID().slice(0, 6);
    const folderName = `Due diligence ${suffix}`;
    const title = `Term sheet ${suffix}`;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
    await openSignedIn(page, 'admin@accord.test', '/admin/investor-content');
    await appStarted(page);
    await page.getByRole('heading', { level: 1, name: 'Investor content' }).waitFor(WAIT);
    // The seed's folders and documents; the seed's PDF downloads as the file in seed-assets.
    const seeded = page.getByRole('table', { name: 'Documents in Financials' }).getByRole('row').filter({ hasText: 'Financial model 2026–2028' });
    await seeded.getByText('Version history (1 version)').click();
    expect(await downloaded(page, seeded.getByRole('button', { name: 'Download version 1 of Financial model 2026–2028' }))).toEqual({
      name: 'financial-model-2026.pdf',
      same: true,
    });

    // A folder of its own.
    await page.getByRole('button', { name: 'Add folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Add a folder' });
    await folderDialog.getByRole('textbox', { name: /Folder name/ }).fill(folderName);
    await folderDialog.getByRole('button', { name: 'Add folder' }).click();
    await folderDialog.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('heading', { level: 3, name: folderName }).waitFor(WAIT);

    // Upload: the form says what is missing before anything is sent, and refuses a wrong type in words.
    await page.getByRole('button', { name: 'Upload document' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload a document for investors' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText('Enter a title.').waitFor(WAIT);
    await upload.getByText('Choose the file to upload.').waitFor(WAIT);
    await upload.getByRole('combobox', { name: /Folder/ }).selectOption({ label: folderName });
    await upload.getByRole('textbox', { name: /Title/ }).fill(title);
    await upload.getByRole('textbox', { name: /Description/ }).fill('Draft terms for the seed extension.');
    await upload.getByRole('combobox', { name: /Who may see it/ }).selectOption('data_room');
    const fileInput = upload.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText('notes.txt is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.').waitFor(WAIT);
    await fileInput.setInputFiles({ name: 'term-sheet.pdf', mimeType: 'application/pdf', buffer: SEED_PDF });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.waitFor({ state: 'hidden', ...WAIT });

    const table = page.getByRole('table', { name: `Documents in ${folderName}` });
    const row = table.getByRole('row').filter({ hasText: title });
    await row.getByText('Data room', { exact: true }).waitFor(WAIT);
    await row.getByText('Version 1', { exact: true }).waitFor(WAIT);
    const [doc] = await sql<{ id: string; level: string; folder: string }>(
      `select d.id, d.level::text as level, f.name as folder from public.investor_documents d join public.investor_folders f on f.id = d.folder_id where d.title = $1`,
      [title],
    );
    expect(doc).toMatchObject({ level: 'data_room', folder: folderName });

    // Replace with a new version: the old one stays listed.
    await row.getByRole('button', { name: `Replace with a new version: ${title}` }).click();
    const replace = page.getByRole('dialog', { name: `New version of “${title}”` });
    await replace.getByText('The file becomes version 2').waitFor(WAIT);
    await replace.locator('input[type="file"]').setInputFiles({ name: 'term-sheet-v2.pdf', mimeType: 'application/pdf', buffer: SEED_PDF });
    await replace.getByRole('button', { name: 'Upload version' }).click();
    await replace.waitFor({ state: 'hidden', ...WAIT });
    await row.getByText('Version 2', { exact: true }).waitFor(WAIT);
    await row.getByText('Version history (2 versions)').click();
    await row.getByText(/^Version 2 \(current\) · /).waitFor(WAIT);
    await row.getByText(/^Version 1 · /).waitFor(WAIT);
    await row.getByText(/^term-sheet\.pdf · PDF · 1 KB$/).waitFor(WAIT);
    // The old version is still there, byte for byte.
    expect(await downloaded(page, row.getByRole('button', { name: `Download version 1 of ${title}` }))).toEqual({ name: 'term-sheet.pdf', same: true });
    const versions = await sql<{ version: number; file_name: string; current: boolean }>(
      `select v.version, v.file_name, d.current_version_id = v.id as current
         from public.investor_document_versions v join public.investor_documents d on d.id = v.document_id
        where d.id = $1 order by v.version`,
      [doc.id],
    );
    expect(versions).toEqual([
      { version: 1, file_name: 'term-sheet.pdf', current: false },
      { version: 2, file_name: 'term-sheet-v2.pdf', current: true },
    ]);

    // Who opened it: as the data room's open function records it.
    const [current] = await sql<{ id: string }>('select current_version_id as id from public.investor_documents where id = $1', [doc.id]);
    await sql(
      `insert into public.investor_document_access (document_id, version_id, user_id, email, action)
       values ($1, $2, '5eed0000-0000-4000-8000-000000000005', 'investor.dataroom@accord.test', 'open')`,
      [doc.id, current.id],
    );
    await row.getByRole('button', { name: `Who opened it: ${title}` }).click();
    const log = page.getByRole('dialog', { name: `Who opened “${title}”` });
    await log.getByText('Dana Roth').waitFor(WAIT);
    await log.getByText('investor.dataroom@accord.test').waitFor(WAIT);
    await log.getByText('Opened version 2').waitFor(WAIT);
    expect(await seriousAxeViolations(page, '[role="dialog"]'), 'access log dialog').toEqual([]);
    await log.getByRole('button', { name: 'Close', exact: true }).first().click();
    await log.waitFor({ state: 'hidden', ...WAIT });

    // A new NDA version, after the warning that everyone must agree again.
    const [{ version: before }] = await sql<{ version: number }>('select max(version) as version from public.nda_versions');
    const next = Number(before) + 1;
    await page.getByRole('button', { name: 'Edit the NDA' }).click();
    const nda = page.getByRole('dialog', { name: `Publish NDA version ${next}` });
    await nda.getByText(`Publishing version ${next} asks every data-room investor to agree again`).waitFor(WAIT);
    await nda.getByRole('textbox', { name: /NDA text/ }).fill(`Mutual NDA ${suffix}: keep the term sheet confidential.`);
    await nda.getByRole('button', { name: `Publish version ${next}` }).click();
    await nda.waitFor({ state: 'hidden', ...WAIT });
    await page.getByText(new RegExp(`^Version ${next} · published`)).waitFor(WAIT);
    const [published] = await sql<{ version: number; body: string }>('select version, body from public.nda_versions order by version desc limit 1');
    expect(published).toEqual({ version: next, body: `Mutual NDA ${suffix}: keep the term sheet confidential.` });

    // An investor update.
    const updateTitle = `Seed extension ${suffix}`;
    await page.getByRole('button', { name: 'Post update' }).click();
    const post = page.getByRole('dialog', { name: 'Post an update for investors' });
    await post.getByRole('textbox', { name: /Title/ }).fill(updateTitle);
    await post.getByRole('textbox', { name: /Update/ }).fill('The term sheet is in the data room.');
    await post.getByRole('button', { name: 'Post', exact: true }).click();
    await post.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('heading', { level: 3, name: updateTitle }).waitFor(WAIT);
    expect(await sql('select 1 from public.investor_updates where title = $1', [updateTitle])).toHaveLength(1);

    const actions = await sql<{ action: string }>(
      `select action from public.network_activity
        where actor_id = '5eed0000-0000-4000-8000-000000000001' and occurred_at > now() - interval '10 minutes'
          and action in ('investor_folder.created', 'investor_document.created', 'investor_document.version_added', 'nda_version.published', 'investor_update.posted')
        order by id`,
    );
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set(['investor_folder.created', 'investor_document.created', 'investor_document.version_added', 'nda_version.published', 'investor_update.posted']),
    );

    await checkWidths(page, 'admin-investor-content');
  });
});
