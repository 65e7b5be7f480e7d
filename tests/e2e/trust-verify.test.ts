import { readFile } from 'node:fs/promises';

import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { networkDid, trustListUrl } from '../../supabase/functions/_shared/trust/identity.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { callScheduledFunction } from '../../supabase/local/function-schedule.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { withLongerExpiry } from '../support/credentials.ts';
import { createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, type TestUser } from '../support/users.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';

/**
 * Issue 30's browser flows, in Chromium against the local stack, on an
 * organisation of the file's own: its admin downloads the membership
 * credential from /dashboard/organization-details; a visitor pastes it on
 * /trust-registry/verify and reads "Valid" with what it discloses; a changed
 * credential is refused with its reason; a system administrator suspends the
 * organisation and, once the next publishing run has put it in the status
 * list, the same credential reads "Suspended". And the signed trust list, as
 * anyone fetches it over HTTP, verifies with jose against the JWKS the app
 * publishes.
 */
const config = stackConfig('test');

let browser: Browser;
let admin: TestUser;
let sysAdmin: TestUser;
let organizationId: string;
let organizationName: string;
let credential: string;
let visitor: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, sysAdmin] = await Promise.all([newUser('trust-verify-admin'), newUser('trust-verify-sysadmin')]);
  await makeSystemAdmin(sysAdmin);
  organizationName = `Verified Harbour ${Date.now()}`;
  organizationId = await createOrganization(admin, { status: 'approved', name: organizationName });
  visitor = await (await browser.newContext()).newPage();
  // Chromium's start and two sign-ups: seconds each on CI's loaded two cores.
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Pastes `text` on the verify page and waits for the result's heading, which it returns. */
async function verifyOnPage(text: string): Promise<string> {
  await visitor.goto(`${config.appUrl}/trust-registry/verify`);
  // The page is prerendered: what is typed before the app starts would not reach its form.
  await appStarted(visitor);
  await visitor.getByRole('textbox', { name: 'Credential or trust list' }).fill(text);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  const result = visitor.getByRole('region', { name: 'Result' });
  await result.waitFor();
  return result.innerText();
}

describe('a membership credential, from download to verdict', () => {
  it('the organisation’s admin downloads it from the organisation details page', async () => {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await openSignedIn(page, admin.email, '/dashboard/organization-details');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_CEILING_MS }),
      page.getByRole('button', { name: 'Download membership credential' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^accord-membership-verified-harbour-\d+\.sd-jwt$/);
    credential = await readFile(await download.path(), 'utf8');
    await page.getByText('Membership credential downloaded').first().waitFor();
    expect(credential.split('~').length).toBeGreaterThan(8);
  });

  it('a visitor pastes it on the verify page and sees it valid, with what it discloses', async () => {
    const result = await verifyOnPage(credential);
    expect(result).toContain('Valid: issued by Accord, signature intact, not expired, and the member is in good standing.');
    expect(result).toContain('Issued by Accord: yes');
    // Dates in words, as everywhere else in Accord.
    expect(result).toMatch(/Valid until: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(result).toMatch(/Member since\s+\d{1,2} [A-Z][a-z]+ \d{4}/);
    const disclosed = visitor.getByRole('region', { name: 'Result' });
    await expect(disclosed.getByText(organizationName, { exact: true }).count()).resolves.toBe(1);
    await expect(disclosed.getByText(organizationId, { exact: true }).count()).resolves.toBe(1);
  });

  it('a changed credential is refused, saying why', async () => {
    // A year more of validity written into the signed part: the signature no longer matches.
    const result = await verifyOnPage(withLongerExpiry(credential));
    expect(result).toContain('Not valid');
    expect(result).toContain('Not valid: the signature does not match. It was changed after Accord signed it, or signed by someone else.');
    expect(result).toContain('Issued by Accord: no');
  });

  it('once a system administrator suspends the organisation, the same credential shows suspended', async () => {
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: organizationId, p_status: 'suspended', p_reason: 'Browser test' }));
    // The stack publishes every 15 s, as pg_cron does every minute on hosted; one run now, as the schedule's would.
    const run = await callScheduledFunction(config, 'publish-trust-list');
    expect(run.status, run.body).toBe(200);
    const result = await verifyOnPage(credential);
    expect(result).toContain('Suspended');
    expect(result).toContain('Not valid: the organisation’s membership is suspended.');
    expect(result).toContain('Issued by Accord: yes');
  });
});

describe('the signed trust list', () => {
  it('fetched over HTTP, verifies with jose against the JWKS the app publishes, and lists the suspension', async () => {
    const res = await fetch(`${trustListUrl(config.apiUrl)}?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/jwt');
    const jwks = createRemoteJWKSet(new URL(`${config.appUrl}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(await res.text(), jwks, { issuer: networkDid(config.auth.siteUrl), typ: 'trust-list+jwt', algorithms: ['ES256'] });
    const fields = payload.member_fields as string[];
    const statuses = payload.statuses as string[];
    const member = (payload.members as unknown[][]).find((m) => m[fields.indexOf('id')] === organizationId);
    expect(member?.[fields.indexOf('name')]).toBe(organizationName);
    expect(statuses[member?.[fields.indexOf('status')] as number]).toBe('suspended');
  });
});
