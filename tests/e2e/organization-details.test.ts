import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { drawablePng } from '../support/storage-files.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * /dashboard/organization-details end to end, in Chromium against the local
 * stack: an approved organisation's admin asks to change the website; a
 * public suffix (https://co.uk) is refused at its field first; a system
 * administrator approves the request through its RPC (the /admin/tenants
 * page is other work) and the registry profile shows the new website. A
 * description saved on the page shows on the registry profile at once.
 */
const config = stackConfig('test');
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
let browser: Browser;
let owner: TestUser;
let organizationId: string;
let systemAdmin: TestUser;

/** A PNG's signature and header start, padded to `size` bytes: enough for Storage's type and size limits. */

async function screenshot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  systemAdmin = await newUser('details-sysadmin');
  await makeSystemAdmin(systemAdmin);
  owner = await newUser('details-owner');
  const unique = Date.now();
  organizationId = await createOrganization(owner, { status: 'approved', name: `Harbour Clinic ${unique}` });
  // Registered facts change only with an authority (decision 024): here, the test's own setup.
  await sql(
    `set local accord.registered_facts_change = 'operator: e2e fixture';
     update public.organizations
        set legal_name = 'Harbour Clinic ${unique} Ltd', registration_number = 'HC-${unique}', country = 'GB',
            website = 'https://harbour-clinic-${unique}.example', sector = 'healthcare', size = '10-49'
      where id = '${organizationId}'`,
  );
});

afterAll(async () => {
  await browser?.close();
});

describe('organisation details, end to end', () => {
  it('a website change waits for approval, a public suffix is refused at its field, and the description shows at once', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, owner.email, '/dashboard/organization-details');
    const facts = page.getByRole('form', { name: 'Ask to change the registered details' });
    await facts.waitFor();
    await screenshot(page, 'organization-details-admin');

    // A shared domain: refused by the database, said at the field, what was typed kept.
    const website = facts.getByRole('textbox', { name: /Website/ });
    await website.fill('https://co.uk');
    await facts.getByRole('textbox', { name: /Why should these details change/ }).fill('We moved to a new domain.');
    await facts.getByRole('button', { name: 'Ask for this change' }).click();
    await facts.getByText(/This one ends in a shared domain such as co\.uk/).waitFor();
    await expect(website.inputValue()).resolves.toBe('https://co.uk');
    await expect(sql('select 1 from public.organization_change_requests where organization_id = $1', [organizationId])).resolves.toEqual([]);

    const newWebsite = `https://new-domain-${Date.now()}.example`;
    await website.fill(newWebsite);
    await facts.getByRole('button', { name: 'Ask for this change' }).click();
    const pending = page.getByRole('region', { name: 'Change waiting for a decision' });
    await pending.waitFor();
    await expect(pending.textContent()).resolves.toContain(newWebsite);
    await screenshot(page, 'organization-details-pending');

    // The registry keeps the approved website until a system administrator decides.
    const profile = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await profile.goto(`${config.appUrl}/trust-registry/${organizationId}`);
    await profile.getByRole('heading', { level: 1 }).waitFor();
    await expect(profile.getByText(newWebsite.replace('https://', '')).count()).resolves.toBe(0);

    const [request] = await sql<{ id: string }>(
      `select id from public.organization_change_requests where organization_id = $1 and status = 'pending'`,
      [organizationId],
    );
    const decision = await systemAdmin.client.rpc('approve_organization_change', { p_request_id: request.id });
    expect(decision.error).toBeNull();
    await profile.reload();
    await profile.getByText(newWebsite.replace('https://', '')).first().waitFor();

    // The description takes effect at once.
    await page.reload();
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor();
    await expect(page.getByRole('region', { name: 'Change waiting for a decision' }).count()).resolves.toBe(0);
    const description = `We run clinics on the harbour front. (${Date.now()})`;
    await form.getByRole('textbox', { name: /Description/ }).fill(description);
    await form.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Details saved').first().waitFor();
    await profile.reload();
    await profile.getByText(description).waitFor();

    // A logo: the wrong kind of file is refused at the field; a PNG replaces it, and a second one removes the first.
    const logo = page.getByLabel('Upload a logo');
    await logo.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Upload the logo as a PNG or JPEG image.').waitFor();
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: drawablePng([0x1f, 0x6f, 0x5b]) });
    await page.getByRole('img', { name: /logo$/ }).waitFor();
    const [first] = await sql<{ logo_path: string }>('select logo_path from public.organizations where id = $1', [organizationId]);
    expect(first.logo_path).toMatch(new RegExp(`^${organizationId}/logo-[0-9a-f-]{36}\\.png$`));
    await page.getByLabel('Replace the logo').setInputFiles({ name: 'logo2.png', mimeType: 'image/png', buffer: drawablePng([0xd9, 0x8c, 0x1e]) });
    await expect
      .poll(async () => (await sql<{ logo_path: string }>('select logo_path from public.organizations where id = $1', [organizationId]))[0].logo_path)
      .not.toBe(first.logo_path);
    await expect
      .poll(async () => (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', ['brand_assets', first.logo_path])).length)
      .toBe(0);
    await profile.reload();
    // The new logo is drawn (a logo that fails to load falls back to initials, so "drawn" is the test).
    const drawn = profile.locator('img[src*="/brand_assets/"]').first();
    await drawn.waitFor();
    await expect.poll(() => drawn.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(drawn.getAttribute('src')).resolves.not.toContain(first.logo_path);
    await screenshot(page, 'organization-details-logo');
  });
});
