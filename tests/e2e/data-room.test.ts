import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { accessRows, grantInvestor, newFolder, publishNda } from '../support/investor-content-fixtures.ts';
import { awayFromStepBoundary, enrolVerifiedTotp, TOTP_PERIOD_MS, totpCode } from '../support/mfa.ts';
import { pageContents, samplePdf, shown, stampFooter } from '../support/pdf-pages.ts';
import { openSignedIn, requestSignInLink } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The data room end to end (decision 061): an administrator uploads a
 * data_room document at /admin/investor-content; a data-room investor, at
 * aal2 as the data room asks of anyone with an authenticator app, reads the
 * NDA, agrees, opens the document in a new tab and downloads it stamped with
 * their e-mail; each access is recorded, and the administrator sees both in
 * the document's "Who opened it". A lite investor is kept out of the data
 * room and finds only the lite documents and the updates on their dashboard.
 * (The lite document and the update are arranged as rows and a file, as the
 * back office would leave them; its own test covers those forms.)
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the pages at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
const WAIT = { timeout: 30_000 };

let browser: Browser;
let admin: TestUser;
let roomInvestor: TestUser;
let liteInvestor: TestUser;
let secret = '';
let ndaVersion = 0;
const suffix = randomUUID().slice(0, 6);
const ROOM_TITLE = `Cap table ${suffix}`;
const LITE_TITLE = `Quarterly letter ${suffix}`;
const UPDATE_TITLE = `Network passes 100 members ${suffix}`;
let roomVersionId = '';
let liteVersionId = '';

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

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
}

/** A document whose file the administrator uploads with their own session (Storage lets only system administrators add to the bucket). */
async function uploadDocument(folderId: string, level: 'lite' | 'data_room', title: string, fileName: string): Promise<string> {
  const [{ id: documentId }] = await sql<{ id: string }>(
    `insert into public.investor_documents (folder_id, title, description, level, created_by)
     values ($1, $2, $3, $4::public.investor_access_level, $5) returning id`,
    [folderId, title, `${title}: the figures behind the round.`, level, admin.id],
  );
  const versionId = randomUUID();
  const path = `${documentId}/${versionId}/${fileName}`;
  const bytes = await samplePdf(2);
  const uploaded = await admin.client.storage.from('investor_documents').upload(path, bytes, { contentType: 'application/pdf' });
  expect(uploaded.error).toBeNull();
  await sql(
    `insert into public.investor_document_versions (id, document_id, version, storage_path, file_name, content_type, size_bytes, uploaded_by)
     values ($1, $2, 1, $3, $4, 'application/pdf', $5, $6)`,
    [versionId, documentId, path, fileName, bytes.byteLength, admin.id],
  );
  await sql('update public.investor_documents set current_version_id = $1 where id = $2', [versionId, documentId]);
  return versionId;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now();
  [admin, roomInvestor, liteInvestor] = await Promise.all([
    newUser('dr-e2e-admin'),
    newUser('dr-e2e-room', { email: `data-room.${stamp}@e2e.accord.test`, fullName: 'Abigail Adams' }),
    newUser('dr-e2e-lite', { email: `lite.${stamp}@e2e.accord.test`, fullName: 'Lucy Lite' }),
  ]);
  await makeSystemAdmin(admin);
  await grantInvestor(roomInvestor, 'data_room');
  await grantInvestor(liteInvestor, 'lite');
  // The data-room investor has an authenticator app: the data room asks them for its code.
  ({ secret } = await enrolVerifiedTotp(roomInvestor.client));
  ndaVersion = await publishNda(`Accord data room non-disclosure agreement (${suffix}).\n\n1. Keep what you read here confidential.\n2. Do not pass documents on.`);
  const folder = await newFolder(`Due diligence ${suffix}`);
  liteVersionId = await uploadDocument(folder, 'lite', LITE_TITLE, 'letter.pdf');
  await sql(`insert into public.investor_updates (title, body, created_by) values ($1, $2, $3)`, [
    UPDATE_TITLE,
    'Membership grew by a fifth this quarter. The full figures are on this dashboard.',
    admin.id,
  ]);
});

afterAll(async () => {
  await browser?.close();
});

describe('the data room', () => {
  it('an administrator uploads a data_room document; a data-room investor at aal2 agrees to the NDA, opens and downloads it stamped; the administrator sees both', async () => {
    // The administrator uploads the document in the back office.
    const adminPage = await newPage();
    await openSignedIn(adminPage, 'admin@accord.test', '/admin/investor-content');
    await appStarted(adminPage);
    await adminPage.getByRole('heading', { level: 1, name: 'Investor content' }).waitFor(WAIT);
    await adminPage.getByRole('button', { name: 'Upload document' }).click();
    const upload = adminPage.getByRole('dialog', { name: 'Upload a document for investors' });
    await upload.getByRole('combobox', { name: /Folder/ }).selectOption({ label: `Due diligence ${suffix}` });
    await upload.getByRole('textbox', { name: /Title/ }).fill(ROOM_TITLE);
    await upload.getByRole('textbox', { name: /Description/ }).fill(`${ROOM_TITLE}: the figures behind the round.`);
    await upload.getByRole('combobox', { name: /Who may see it/ }).selectOption('data_room');
    await upload.locator('input[type="file"]').setInputFiles({ name: 'cap-table.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await samplePdf(2)) });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.waitFor({ state: 'hidden', ...WAIT });
    const [uploaded] = await sql<{ version_id: string; level: string }>(
      'select current_version_id as version_id, level::text as level from public.investor_documents where title = $1',
      [ROOM_TITLE],
    );
    expect(uploaded.level).toBe('data_room');
    roomVersionId = uploaded.version_id;

    const page = await newPage();
    // With a verified factor the sign-in link asks for the code before anything else.
    await page.goto(await requestSignInLink(page, roomInvestor.email, { at: '/login' }));
    await page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }).waitFor(WAIT);
    await awayFromStepBoundary();
    // The enrolment used this step's code; the app shows the next one half a minute later.
    await page.getByRole('textbox', { name: '6-digit code' }).fill(totpCode(secret, Date.now() + TOTP_PERIOD_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), WAIT);

    await page.goto(app('/investor/data-room'));
    await appStarted(page);
    await page.getByRole('heading', { level: 2, name: 'Non-disclosure agreement' }).waitFor(WAIT);
    await page.getByRole('region', { name: `Non-disclosure agreement, version ${ndaVersion}` }).getByText('Keep what you read here confidential.').waitFor(WAIT);
    // Nothing of the data room before agreeing.
    expect(await page.getByText(ROOM_TITLE).count()).toBe(0);
    await checkWidths(page, 'data-room-nda');

    await page.getByRole('button', { name: `I agree to version ${ndaVersion}` }).click();
    const item = page.getByRole('listitem', { name: ROOM_TITLE });
    await item.waitFor(WAIT);
    expect(await sql('select nda_version from public.nda_agreements where user_id = $1', [roomInvestor.id])).toEqual([{ nda_version: ndaVersion }]);
    await page.getByRole('heading', { level: 2, name: `Due diligence ${suffix}` }).waitFor(WAIT);
    await item.getByText(/Version 1 · PDF · \d+ KB · updated/).waitFor(WAIT);
    await checkWidths(page, 'data-room-documents');

    // Open: the stamped PDF in a new tab, from an object URL of this page.
    const [tab] = await Promise.all([page.waitForEvent('popup'), item.getByRole('button', { name: `Open ${ROOM_TITLE}` }).click()]);
    await tab.waitForURL((url) => url.protocol === 'blob:', WAIT);
    await expect.poll(async () => (await accessRows(roomVersionId)).map((row) => row.action)).toEqual(['open']);
    await tab.close();

    // Download: the file saved under its name, stamped with this investor's e-mail on every page.
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: `Download ${ROOM_TITLE}` }).click()]);
    expect(download.suggestedFilename()).toBe('cap-table.pdf');
    const bytes = readFileSync(await download.path());
    const rows = await accessRows(roomVersionId);
    expect(rows.map(({ user_id, email, action }) => ({ user_id, email, action }))).toEqual([
      { user_id: roomInvestor.id, email: roomInvestor.email, action: 'open' },
      { user_id: roomInvestor.id, email: roomInvestor.email, action: 'download' },
    ]);
    const pages = await pageContents(bytes);
    expect(pages).toHaveLength(2);
    for (const content of pages) expect(content).toContain(shown(stampFooter(roomInvestor.email, rows[1].occurred_at)));
    await page.context().close();

    // The administrator sees who opened it.
    const row = adminPage.getByRole('table', { name: `Documents in Due diligence ${suffix}` }).getByRole('row').filter({ hasText: ROOM_TITLE });
    await row.getByRole('button', { name: `Who opened it: ${ROOM_TITLE}` }).click();
    const log = adminPage.getByRole('dialog', { name: `Who opened “${ROOM_TITLE}”` });
    await log.getByText('Abigail Adams').first().waitFor(WAIT);
    await log.getByText(roomInvestor.email).first().waitFor(WAIT);
    await log.getByText('Opened version 1').waitFor(WAIT);
    await log.getByText('Downloaded version 1').waitFor(WAIT);
    expect(await seriousAxeViolations(adminPage, '[role="dialog"]'), 'access log dialog').toEqual([]);
    await adminPage.context().close();
  });

  it('a lite investor is kept out of the data room, and their dashboard shows the updates and only the lite documents', async () => {
    const page = await newPage();
    await openSignedIn(page, liteInvestor.email, '/investor/data-room');
    await page.waitForURL((url) => url.pathname === '/investor/dashboard', WAIT);
    await page.getByRole('heading', { level: 1, name: 'Investor dashboard' }).waitFor(WAIT);

    await page.getByRole('article', { name: UPDATE_TITLE }).waitFor(WAIT);
    const letter = page.getByRole('listitem', { name: LITE_TITLE });
    await letter.waitFor(WAIT);
    expect(await page.getByText(ROOM_TITLE).count()).toBe(0);
    await checkWidths(page, 'investor-dashboard-sections');

    // The data-room file stays out of reach through the function too, and nothing is recorded.
    const refused = await page.evaluate(
      async ({ url, anonKey, versionId }) => {
        const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
        const token = (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
        const res = await fetch(`${url}/functions/v1/open-investor-document`, {
          method: 'POST',
          headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ versionId, action: 'open' }),
        });
        return { status: res.status, body: (await res.json()) as { error: string } };
      },
      { url: config.apiUrl, anonKey: config.keys.anonKey, versionId: roomVersionId },
    );
    expect(refused).toMatchObject({ status: 404, body: { error: 'document_not_found' } });
    expect((await accessRows(roomVersionId)).filter((row) => row.user_id === liteInvestor.id)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), letter.getByRole('button', { name: `Download ${LITE_TITLE}` }).click()]);
    const pages = await pageContents(readFileSync(await download.path()));
    const [row] = await accessRows(liteVersionId);
    expect(row).toMatchObject({ user_id: liteInvestor.id, email: liteInvestor.email, action: 'download' });
    expect(pages[0]).toContain(shown(stampFooter(liteInvestor.email, row.occurred_at)));
    await page.context().close();
  });
});
