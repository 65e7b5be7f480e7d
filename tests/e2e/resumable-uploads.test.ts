import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, CDPSession, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { partialFileName } from '../../supabase/local/storage/resumable-names.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { newFolder } from '../support/investor-content-fixtures.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { pdfBytes } from '../support/storage-files.ts';
import { sql } from '../support/users.ts';

/**
 * Issue 32 in Chromium against the built app and the test stack, on a
 * throttled connection: a 30 MB investor document shows rising progress and
 * completes; the connection is cut mid-way and the upload carries on from
 * where the server stopped (checked on the server: one upload, its offset
 * never back to 0, the bytes it kept adding up to the file once); Retry after
 * a failed upload of a new document carries on from where it failed; Cancel
 * leaves no object, no partial upload and no document behind.
 */
const config = stackConfig('test');
const MB = 1024 * 1024;
const SIZE = 30 * MB;
const WAIT = { timeout: 60_000 };
/** Slow enough that the upload takes several seconds and can be cut mid-chunk. */
const THROTTLE = { offline: false, latency: 20, downloadThroughput: 20 * MB, uploadThroughput: 4 * MB };
const PARTIALS = join(config.dataDir, 'storage-resumable');

let browser: Browser;
let page: Page;
let cdp: CDPSession;
let dir: string;
let folderName: string;

/** What the browser and Storage said about one resumable upload: created, offsets asked for and answered. */
interface Wire {
  created: string[];
  /** [offset sent, offset the server answered] of each PATCH it accepted. */
  patches: Array<[number, number]>;
  /** The offset the server reported on each HEAD (where a resume starts). */
  heads: number[];
  /** PATCH requests that got no answer (the connection was gone). */
  failed: number;
}

function watchWire(): Wire {
  const wire: Wire = { created: [], patches: [], heads: [], failed: 0 };
  page.on('response', (response) => {
    const request = response.request();
    if (!request.url().includes('/storage/v1/upload/resumable')) return;
    const offset = Number(response.headers()['upload-offset']);
    if (request.method() === 'POST' && response.status() === 201) wire.created.push(response.headers().location.split('/').pop()!);
    if (request.method() === 'PATCH' && response.status() === 204) wire.patches.push([Number(request.headers()['upload-offset']), offset]);
    if (request.method() === 'HEAD' && response.status() === 200) wire.heads.push(offset);
  });
  page.on('requestfailed', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/storage/v1/upload/resumable')) wire.failed += 1;
  });
  return wire;
}

async function network(conditions: typeof THROTTLE): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', conditions);
}

const uploadDialog = () => page.getByRole('dialog', { name: 'Upload a document for investors' });
const percent = async () => Number(/^(\d+) %$/.exec((await uploadDialog().getByText(/^\d+ %$/).textContent()) ?? '')?.[1] ?? -1);

/** Waits until the bar shows at least `least` %, and returns what it shows. */
async function progressReaches(least: number): Promise<number> {
  await expect.poll(percent, WAIT).toBeGreaterThanOrEqual(least);
  return percent();
}

async function startUpload(title: string, fileName: string): Promise<void> {
  const path = join(dir, fileName);
  writeFileSync(path, pdfBytes(SIZE, title));
  await page.getByRole('button', { name: 'Upload document' }).click();
  const dialog = uploadDialog();
  await dialog.getByRole('combobox', { name: /Folder/ }).selectOption({ label: folderName });
  await dialog.getByRole('textbox', { name: /Title/ }).fill(title);
  await dialog.getByRole('combobox', { name: /Who may see it/ }).selectOption('data_room');
  await dialog.locator('input[type="file"]').setInputFiles(path);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'accord-resumable-'));
  folderName = `Board packs ${randomUUID().slice(0, 6)}`;
  await newFolder(folderName);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, 'admin@accord.test', '/admin/investor-content');
  await appStarted(page);
  await page.getByRole('heading', { level: 3, name: folderName }).waitFor(WAIT);
  cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await network(THROTTLE);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a large investor document on a slow connection', { timeout: 120_000 }, () => {
  it('shows rising progress, survives the connection being cut mid-way without starting over, and completes', async () => {
    const title = `Board pack ${randomUUID().slice(0, 6)}`;
    const wire = watchWire();
    await startUpload(title, 'board-pack.pdf');
    const dialog = uploadDialog();

    // Rising progress, with the size in words.
    const early = await progressReaches(5);
    await dialog.getByText(/^\d+\.\d of 30\.0 MB$/).waitFor(WAIT);
    expect(await progressReaches(early + 10)).toBeGreaterThan(early);

    // Cut the connection part-way. Chromium's offline emulation lets the chunk
    // already on the wire finish and fails the next request: the upload stops there.
    await progressReaches(30);
    await network({ ...THROTTLE, offline: true });
    await dialog.getByText('Connection lost. The upload continues when you are back online.', { exact: true }).waitFor(WAIT);
    await expect.poll(() => wire.failed, WAIT).toBeGreaterThan(0);
    expect(wire.created).toHaveLength(1);
    const [id] = wire.created;
    // On the server: the partial upload holds what arrived, short of the whole file.
    const kept = statSync(join(PARTIALS, partialFileName(id))).size;
    expect(kept).toBeGreaterThanOrEqual(6 * MB);
    expect(kept).toBeLessThan(SIZE);

    await network(THROTTLE);
    await page.getByRole('table', { name: `Documents in ${folderName}` }).getByRole('row').filter({ hasText: title }).getByText('Version 1', { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // One upload, resumed from the server's offset (never 0), and every byte it kept was kept once.
    expect(wire.created).toEqual([id]);
    expect(wire.heads.length).toBeGreaterThanOrEqual(1);
    const resumedFrom = wire.heads.at(-1)!;
    expect(resumedFrom).toBeGreaterThanOrEqual(kept);
    const [first, ...rest] = wire.patches;
    expect(first[0]).toBe(0);
    expect(rest.every(([from]) => from > 0)).toBe(true);
    expect(wire.patches.some(([from]) => from === resumedFrom)).toBe(true);
    const accepted = wire.patches.reduce((sum, [from, to]) => sum + (to - from), 0);
    const keptFromCut = resumedFrom - Math.max(...wire.patches.filter(([, to]) => to <= resumedFrom).map(([, to]) => to));
    expect(accepted + keptFromCut).toBe(SIZE);
    expect(wire.patches.at(-1)![1]).toBe(SIZE);

    // The object is the whole file, and the partial upload is gone.
    const [stored] = await sql<{ size: string; mimetype: string }>(
      `select o.metadata->>'size' as size, o.metadata->>'mimetype' as mimetype
         from public.investor_documents d
         join public.investor_document_versions v on v.id = d.current_version_id
         join storage.objects o on o.bucket_id = 'investor_documents' and o.name = v.storage_path
        where d.title = $1`,
      [title],
    );
    expect(stored).toEqual({ size: String(SIZE), mimetype: 'application/pdf' });
    expect(existsSync(join(PARTIALS, partialFileName(id)))).toBe(false);
  });

  it('Cancel stops the upload and leaves no object, no partial upload and no document behind', async () => {
    const title = `Cancelled pack ${randomUUID().slice(0, 6)}`;
    const wire = watchWire();
    await startUpload(title, 'cancelled-pack.pdf');
    const dialog = uploadDialog();
    await progressReaches(10);
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await dialog.getByText(/^\d+\.\d of 30\.0 MB$/).waitFor({ state: 'hidden', ...WAIT });
    expect(wire.created).toHaveLength(1);
    const [id] = wire.created;

    await expect.poll(() => existsSync(join(PARTIALS, partialFileName(id))) || existsSync(join(PARTIALS, `${partialFileName(id)}.json`)), WAIT).toBe(false);
    expect(await sql(`select 1 from storage.objects where bucket_id = 'investor_documents' and name like '%/cancelled-pack.pdf'`)).toEqual([]);
    expect(await sql('select 1 from public.investor_documents where title = $1', [title])).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
  });

  it('Retry after a failed upload of a new document carries on from where it failed, into the same document', async () => {
    const title = `Retried pack ${randomUUID().slice(0, 6)}`;
    const wire = watchWire();
    // Storage refuses the second chunk once: the upload fails and the form stays.
    let patches = 0;
    const refuseOnce = async (route: Route) => {
      if (route.request().method() !== 'PATCH' || ++patches !== 2) return route.continue();
      return route.fulfill({ status: 403, body: 'new row violates row-level security policy' });
    };
    await page.route('**/storage/v1/upload/resumable/**', refuseOnce);
    await startUpload(title, 'retried-pack.pdf');
    const dialog = uploadDialog();
    await dialog.getByText('The document was not uploaded').waitFor(WAIT);
    await page.unroute('**/storage/v1/upload/resumable/**', refuseOnce);
    expect(wire.patches).toEqual([[0, 6 * MB]]);

    await dialog.getByRole('button', { name: 'Retry upload' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    // The same upload, resumed from what the server kept; one document, with the whole file.
    expect(wire.created).toHaveLength(1);
    expect(wire.heads).toEqual([6 * MB]);
    expect(wire.patches.map(([from]) => from)).toEqual([0, 6, 12, 18, 24].map((mb) => mb * MB));
    const stored = await sql<{ size: string }>(
      `select o.metadata->>'size' as size
         from public.investor_documents d
         join public.investor_document_versions v on v.document_id = d.id
         join storage.objects o on o.bucket_id = 'investor_documents' and o.name = v.storage_path
        where d.title = $1`,
      [title],
    );
    expect(stored).toEqual([{ size: String(SIZE) }]);
  });
});
