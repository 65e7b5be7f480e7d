import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { callAsSchedule } from '../support/edge-functions.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { organisationWithData, type OrganisationWithData } from '../support/organisation-data-fixtures.ts';
import { openSignedIn, signInWithCode } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * An organisation's data end to end in Chromium against the test stack
 * (issue 27 part 7, decision 076), on an organisation of its own: its
 * administrator exports it from /dashboard/organization-details and downloads
 * the archive, then their own personal data from account settings; a system administrator (signed in with their code) asks for its
 * erasure by typing the name, a second one approves it, the grace period is
 * cut short in the database, the sweep runs as the schedule runs it, and the
 * registry shows the tombstone while the issued invoice stays.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const WAIT = { timeout: 30_000 };

interface Manifest {
  organization: { id: string; name: string };
  tables: { table: string; rows: number; json: string }[];
  files: { entry: string; sha256: string }[];
}

let browser: Browser;
let org: OrganisationWithData;
const admins: { user: TestUser; secret: string }[] = [];
const contexts: BrowserContext[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function databasePage(admin: { user: TestUser; secret: string }): Promise<Page> {
  const page = await newPage();
  await signInWithCode(page, admin.user.email, admin.secret);
  await page.goto(app('/admin/database'));
  await appStarted(page);
  await page.getByRole('heading', { level: 1, name: 'Database' }).waitFor(WAIT);
  return page;
}

beforeAll(async () => {
  const [launched, made] = await Promise.all([launchBrowser(), organisationWithData(`Lindqvist Screening ${Date.now()}`, 'e2e-org-data')]);
  browser = launched;
  org = made;
  for (const label of ['e2e-erasure-first', 'e2e-erasure-second']) {
    const user = await newUser(label);
    await makeSystemAdmin(user);
    admins.push({ user, secret: (await enrolVerifiedTotp(user.client)).secret });
  }
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('an organisation’s data', () => {
  it('its administrator downloads the export; two system administrators erase it and the registry keeps a tombstone', async () => {
    // The administrators sign in (with their codes) while the member exports: the steps that wait on nothing of each other.
    const adminPages = Promise.all(admins.map(databasePage));
    // Awaited below; a failure meanwhile must not count as unhandled.
    adminPages.catch(() => undefined);

    // Export our data, as the organisation's own administrator.
    const member = await newPage();
    await openSignedIn(member, org.admin.email, '/dashboard/organization-details');
    const section = member.getByRole('region', { name: 'Your organisation’s data' });
    await section.getByRole('button', { name: 'Export our data' }).click();
    const link = section.getByRole('link', { name: /^Download .*\.zip$/ });
    await link.waitFor(WAIT);
    const [download] = await Promise.all([member.waitForEvent('download', WAIT), link.click()]);
    const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const manifest = JSON.parse(strFromU8(zip['manifest.json'])) as Manifest;
    expect(manifest.organization).toEqual({ id: org.id, name: org.name });
    const [{ n: conversations }] = await sql<{ n: number }>('select count(*)::int as n from public.conversations where organization_id = $1', [org.id]);
    expect(manifest.tables.find((t) => t.table === 'public.conversations')?.rows).toBe(conversations);
    const exported = JSON.parse(strFromU8(zip['tables/public.conversations.json'])) as { subject: string; organization_id: string }[];
    expect(exported).toEqual([expect.objectContaining({ subject: 'Our registration', organization_id: org.id })]);
    expect(manifest.files.map((f) => f.entry).sort()).toEqual(org.files.map((f) => `files/${f.bucket}/${f.path}`).sort());

    // The same person's own data, from their account settings, as one JSON file.
    await member.goto(app('/dashboard/settings'));
    const personal = member.getByRole('region', { name: 'Your data' });
    const [saved] = await Promise.all([member.waitForEvent('download', WAIT), personal.getByRole('button', { name: 'Download my data' }).click()]);
    expect(saved.suggestedFilename()).toMatch(/^accord-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const mine = JSON.parse(readFileSync(await saved.path(), 'utf8')) as { person: string; tables: Record<string, Record<string, unknown>[]> };
    expect(mine.person).toBe(org.admin.id);
    expect(mine.tables['public.organization_members']).toEqual([expect.objectContaining({ organization_id: org.id, role: 'admin' })]);
    expect(mine.tables['public.conversation_messages']).toEqual([expect.objectContaining({ body: 'Here is the extract.' })]);
    await personal.getByRole('status').getByText(/^Saved accord-personal-data-.*\.json: \d+ records\.$/).waitFor(WAIT);

    // ▶ Erase…: the first administrator types the name.
    const [first, second] = await adminPages;
    const data = first.getByRole('region', { name: 'Organisation data' });
    await data.getByRole('textbox', { name: 'Organisation name' }).fill(org.name);
    await data.getByRole('button', { name: 'Find' }).click();
    await data.getByRole('button', { name: `Request the erasure of ${org.name}` }).click();
    const dialog = first.getByRole('dialog', { name: `Erase ${org.name}?` });
    await dialog.getByRole('textbox', { name: 'Type the organisation’s name to confirm' }).fill(org.name);
    await dialog.getByRole('button', { name: 'Request erasure' }).click();
    const requests = () => data.getByRole('table', { name: 'Erasure requests' }).getByRole('row').filter({ hasText: org.name });
    await requests().getByText('Waiting for a second administrator').waitFor(WAIT);
    // Nobody approves their own request.
    await expect(requests().getByRole('button', { name: `Approve the erasure of ${org.name}` }).count()).resolves.toBe(0);

    // The second administrator approves.
    await second.reload();
    const theirs = second.getByRole('region', { name: 'Organisation data' }).getByRole('table', { name: 'Erasure requests' }).getByRole('row').filter({ hasText: org.name });
    await theirs.getByRole('button', { name: `Approve the erasure of ${org.name}` }).click();
    await theirs.getByText(/^Erasing on /).waitFor(WAIT);

    // Seven days' grace, cut short here; then the sweep, as the schedule calls it.
    await sql('update private.erasure_requests set due_at = now() where organization_id = $1 and executed_at is null and cancelled_at is null', [org.id]);
    const swept = await callAsSchedule('organisation-data-sweep');
    expect(swept.status, JSON.stringify(swept.body)).toBe(200);
    // The minute schedule may have taken the request first; either way it is carried out.
    await expect
      .poll(async () => (await sql<{ erased: boolean }>('select erased_at is not null as erased from public.organizations where id = $1', [org.id]))[0].erased, WAIT)
      .toBe(true);
    await callAsSchedule('organisation-data-sweep');
    const left = await sql<{ f: string }>(`select bucket_id || '/' || name as f from storage.objects where name like $1 || '/%' order by 1`, [org.id]);
    expect(left.map((r) => r.f)).toEqual([`invoices/${org.files.find((f) => f.bucket === 'invoices')!.path}`]);
    const invoices = await sql<{ id: string; status: string }>('select id, status from public.invoices where organization_id = $1', [org.id]);
    expect(invoices).toEqual([{ id: org.issuedInvoiceId, status: 'issued' }]);

    // The registry still answers, with the tombstone.
    await member.goto(app(`/trust-registry/${org.id}`));
    await member.getByRole('heading', { level: 1, name: org.name }).waitFor(WAIT);
    await member.getByText(/^Removed on \d{1,2} [A-Z][a-z]+ \d{4} at the organisation's request\.$/).waitFor(WAIT);
    await member.getByText(/^Revoked on /).first().waitFor(WAIT);

    // The first administrator's list says it was erased.
    await first.reload();
    await first.getByRole('region', { name: 'Organisation data' }).getByRole('table', { name: 'Erasure requests' }).getByRole('row').filter({ hasText: org.name }).getByText(/^Erased on /).waitFor(WAIT);
  }, 180_000);
});
