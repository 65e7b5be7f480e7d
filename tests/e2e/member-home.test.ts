import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { launchBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, type TestUser } from '../support/users.ts';

/**
 * The member home end to end (decision 034): an approved member sees the
 * registry status, member since and the organisation's activity; once a system
 * administrator suspends the organisation the home shows the banner with the
 * date, and reinstating removes it.
 */
const config = stackConfig('test');
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
let browser: Browser;
let member: TestUser;
let sysAdmin: TestUser;
let organizationId: string;

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
  member = await newUser('home-member', { email: `home-member.${Date.now()}@e2e.accord.test`, fullName: 'Grace Hopper' });
  sysAdmin = await newUser('home-sysadmin');
  await makeSystemAdmin(sysAdmin);
  organizationId = await createOrganization(member, { status: 'approved' });
});

afterAll(async () => {
  await browser?.close();
});

it('shows status, member since and activity; a suspension shows the banner with its date, and reinstating removes it', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, member.email, '/dashboard');
  await page.getByText('Member since').waitFor();
  await expect.poll(() => page.getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe(`/trust-registry/${organizationId}`);
  await page.getByRole('list', { name: 'Recent activity' }).getByText('Active in the trust registry').waitFor();
  expect(await page.getByTestId('registry-status-banner').count()).toBe(0);
  await screenshot(page, 'member-home');

  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: organizationId, p_status: 'suspended', p_reason: 'Audit' }));
  await page.reload();
  const banner = page.getByTestId('registry-status-banner');
  await banner.waitFor();
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  expect(await banner.textContent()).toContain(`Your organisation is suspended since ${today}`);
  await page.getByRole('list', { name: 'Recent activity' }).getByText('Suspended in the trust registry').waitFor();
  await screenshot(page, 'member-home-suspended');
  // On every member page, not only the home: the area's shell carries it.
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  await banner.waitFor();
  // Its admin is told before trying that no one can be invited while it is suspended.
  await page.getByText('While your organisation is suspended, it cannot invite colleagues').waitFor();
  await expect(page.getByRole('button', { name: 'Invite a colleague' }).isDisabled()).resolves.toBe(true);
  await page.goto(`${config.appUrl}/dashboard`);

  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: organizationId, p_status: 'active', p_reason: 'Resolved' }));
  await page.reload();
  await page.getByRole('list', { name: 'Recent activity' }).getByText('Active in the trust registry').first().waitFor();
  await page.getByText('Member since').waitFor();
  expect(await banner.count()).toBe(0);
  await page.goto(`${config.appUrl}/dashboard/members`);
  await expect(page.getByRole('button', { name: 'Invite a colleague' }).isEnabled()).resolves.toBe(true);
  expect(await page.getByText('While your organisation is suspended').count()).toBe(0);
});
