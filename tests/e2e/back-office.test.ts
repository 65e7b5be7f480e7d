import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { submittedApplicant } from '../support/application-fixtures.ts';
import { expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The back office's tenants and activity log in Chromium against the local
 * stack, as the seeded system administrator: suspend an organisation with a
 * reason, the public registry shows it suspended, the activity log shows the
 * action, reinstatement restores it; a website change the organisation's
 * admin asked for is approved and the registry profile shows the new website.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: { user: TestUser; orgId: string };
let orgName: string;

async function signIn(email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(app('/accord-login'));
  await page.getByRole('textbox', { name: 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

async function openTenant(): Promise<void> {
  await page.goto(app(`/admin/tenants?org=${member.orgId}`));
  await appStarted(page);
  await page.getByRole('heading', { level: 2, name: orgName }).waitFor();
}

async function registryProfileShows(text: string | RegExp): Promise<void> {
  await page.goto(app(`/trust-registry/${member.orgId}`));
  await page.getByRole('heading', { level: 1, name: orgName }).waitFor();
  await page.getByText(text).first().waitFor();
}

async function changeStatus(verb: 'Suspend' | 'Reinstate', reason: string): Promise<void> {
  await openTenant();
  await page.getByRole('button', { name: verb, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: verb, exact: true }).click();
  await page.getByText(verb === 'Suspend' ? 'Organisation suspended' : 'Organisation reinstated').first().waitFor();
}

beforeAll(async () => {
  // No name and an address with nowhere to break: the log shows it where a name would be, and it must still fit at 360 px.
  const approver = await newUser('back-office-approver', { email: `approver${randomUUID().replace(/-/g, '')}@backofficetests.example` });
  await makeSystemAdmin(approver);
  member = await submittedApplicant('back-office');
  expectOk(await approver.client.rpc('approve_application', { p_organization_id: member.orgId }));
  orgName = (await sql<{ name: string }>('select name from public.organizations where id = $1', [member.orgId]))[0]!.name;
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
  await signIn('admin@accord.test');
});
afterAll(async () => {
  await browser?.close();
});

describe('/admin/tenants and /admin/network-activity', () => {
  it('suspends with a reason: the registry shows it suspended and the activity log shows the action', async () => {
    const reason = `Unpaid membership fees ${randomUUID().slice(0, 6)}`;
    await changeStatus('Suspend', reason);
    await registryProfileShows(/^Suspended since /);

    await page.goto(app(`/admin/network-activity?org=${member.orgId}&action=registry.suspended`));
    const table = page.getByRole('table', { name: 'Network activity' });
    const row = table.getByRole('row').filter({ hasText: reason });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Organisation suspended');
    expect(text).toContain('registry.suspended');
    expect(text).toContain(orgName);
  });

  it('reinstates: the registry shows it active again', async () => {
    await changeStatus('Reinstate', 'Fees paid');
    await registryProfileShows(/^Active since /);
    // The suspension stays in the history; it is no longer the current status.
    await expect(page.getByText(/^Suspended since /).count()).resolves.toBe(0);
  });

  it("approves the organisation admin's website change, and the registry profile shows the new website", async () => {
    const website = `https://new-site-${randomUUID().slice(0, 8)}.example`;
    expectOk(
      await member.user.client.rpc('request_organization_change', {
        p_organization_id: member.orgId,
        p_changes: { website },
        p_reason: 'We moved our website',
      }),
    );
    await openTenant();
    await page.getByText('We moved our website').waitFor();
    await page.getByRole('button', { name: 'Approve change' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve change' }).click();
    await page.getByText('Change approved').first().waitFor();
    await registryProfileShows(website.replace('https://', ''));
  });

  it('reads at 360 px and 1280 px: the list, the organisation and the log fit without a sideways scroll', async () => {
    const views: [string, string, () => Promise<void>][] = [
      ['tenants', `/admin/tenants?q=${encodeURIComponent(orgName)}`, () => page.getByRole('table', { name: 'Organisations' }).getByText(orgName).waitFor()],
      ['tenant', `/admin/tenants?org=${member.orgId}`, () => page.getByRole('heading', { level: 2, name: orgName }).waitFor()],
      ['activity', `/admin/network-activity?org=${member.orgId}`, () => page.getByRole('table', { name: 'Network activity' }).waitFor()],
    ];
    try {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        for (const [name, path, ready] of views) {
          await page.goto(app(path));
          await ready();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
          // Nor is anything cut off at the edge (a clipping container hides overflow from scrollWidth).
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll('main *')]
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
              .map((element) => `${element.tagName}: ${(element.textContent ?? '').slice(0, 40)}`),
          );
          expect(cut, `${name} at ${width} px`).toEqual([]);
          if (process.env.ACCORD_SCREENSHOTS) await page.screenshot({ path: `${process.env.ACCORD_SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
