import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Verification schemas end to end, in Chromium against the local stack
 * (decision 056): a system administrator adds a schema in /admin/schemas (an
 * attributes schema ajv refuses is said at its field first) and activates it;
 * an organisation's admin declares it in /dashboard/organization-details; a
 * visitor sees it on the registry profile and in the open API's answer,
 * fetched from the visitor's browser.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;

let browser: Browser;
let systemAdmin: TestUser;
let owner: TestUser;
let organizationId: string;
const unique = Date.now().toString(36);
const schemaName = `Seafarer discharge book ${unique}`;
const schemaTitle = `${schemaName} 1.0`;

async function screenshot(page: Page, name: string): Promise<void> {
  // Whatever the screenshots, the page never scrolls sideways on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  if (shots) {
    mkdirSync(shots, { recursive: true });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signInAsAdministrator(page: Page, email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(app('/accord-login'));
  await page.getByRole('textbox', { name: 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

beforeAll(async () => {
  browser = await launchBrowser();
  systemAdmin = await newUser('schemas-sysadmin');
  await makeSystemAdmin(systemAdmin);
  owner = await newUser('schemas-owner');
  organizationId = await createOrganization(owner, { status: 'approved', name: `Harbour Crewing ${unique}` });
});

afterAll(async () => {
  await browser?.close();
});

describe('verification schemas, end to end', () => {
  it('a schema added and activated in the back office, declared by a member, shows on its profile and in the API', async () => {
    // The administrator adds the schema.
    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsAdministrator(adminPage, systemAdmin.email);
    await adminPage.goto(app('/admin/schemas'));
    await appStarted(adminPage);
    // The seeded set is listed, drafts included.
    await adminPage.getByRole('listitem', { name: 'Driving licence 1.0' }).waitFor();
    await adminPage.getByRole('button', { name: 'Add schema' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(schemaName);
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('A seafarer’s discharge book, confirmed with the flag state’s maritime register.');
    await dialog.getByRole('combobox', { name: /Level of assurance/ }).selectOption({ label: 'High' });
    const attributes = dialog.getByRole('textbox', { name: /^Attributes/ });
    // Not a JSON type: ajv refuses it at the field and nothing is saved.
    await attributes.fill('{"type":"object","properties":{"book_number":{"type":"text"}}}');
    await dialog.getByRole('button', { name: 'Add draft' }).click();
    await dialog.getByText(/not a valid JSON Schema/).waitFor();
    await expect(sql('select 1 from public.verification_schemas where name = $1', [schemaName])).resolves.toEqual([]);
    await attributes.fill(
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { family_name: { type: 'string' }, book_number: { type: 'string' }, flag_state: { type: 'string' } },
        required: ['family_name', 'book_number'],
      }),
    );
    await dialog.getByRole('button', { name: 'Add draft' }).click();
    await adminPage.getByText('Draft added').first().waitFor();
    const card = adminPage.getByRole('listitem', { name: schemaTitle });
    await card.getByText('Draft', { exact: true }).waitFor();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-schemas');

    await card.getByRole('button', { name: `Activate ${schemaTitle}` }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
    await adminPage.getByText('Schema activated').first().waitFor();
    await card.getByText('Active', { exact: true }).waitFor();

    // The organisation's admin declares it.
    const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(ownerPage, owner.email, '/dashboard/organization-details');
    const section = ownerPage.getByRole('region', { name: 'Verified schemas' });
    const box = section.getByRole('checkbox', { name: schemaTitle });
    await box.check();
    // A draft is never offered.
    await expect(section.getByRole('checkbox', { name: 'Driving licence 1.0' }).count()).resolves.toBe(0);
    await section.getByRole('button', { name: 'Save verified schemas' }).click();
    await ownerPage.getByText('Verified schemas saved').first().waitFor();
    await expect(
      sql(
        `select d.organization_id from public.organization_verification_schemas d
           join public.verification_schemas s on s.id = d.schema_id where s.name = $1`,
        [schemaName],
      ),
    ).resolves.toEqual([{ organization_id: organizationId }]);
    await screenshot(ownerPage, 'organization-verified-schemas');

    // A visitor sees it on the profile, and in the open API's answer.
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(app(`/trust-registry/${organizationId}`));
    const verifies = visitor.getByRole('region', { name: 'What it verifies' });
    await verifies.getByText(schemaTitle).waitFor();
    await verifies.getByText('Assurance: High').waitFor();
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'registry-profile-verified-schemas');

    const answer = await visitor.evaluate(
      async ({ url, key }) => {
        const response = await fetch(url, { headers: { apikey: key } });
        return { status: response.status, body: (await response.json()) as { verification_schemas: { name: string; status: string; assurance_level: string }[] }[] };
      },
      { url: `${config.apiUrl}/rest/v1/rpc/registry_by_id?p_id=${organizationId}&select=name,verification_schemas`, key: config.keys.anonKey },
    );
    expect(answer.status).toBe(200);
    expect(answer.body[0].verification_schemas).toEqual([
      expect.objectContaining({ name: schemaName, version: '1.0', status: 'active', assurance_level: 'high' }),
    ]);
  });
});
