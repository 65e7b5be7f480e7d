import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * Tenant invitations end to end, in Chromium against the local stack: an
 * organisation's admin invites through the invite-tenant Edge Function (with
 * their own JWT; the members page is built elsewhere), the invitee opens the
 * mail's link in a browser of their own, the sign-in callback accepts it
 * through accept_tenant_invitation and lands them on /dashboard with the
 * welcome toast (spec §4, §8; decisions 030 and 033). The invitation cannot be
 * used twice, and an expired one tells them to contact the system administrator.
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/invite-tenant`;

let browser: Browser;
let orgAdmin: TestUser;
let org: string;
let orgName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  orgAdmin = await newUser('e2e-tenant-admin');
  org = await createOrganization(orgAdmin, { status: 'approved' });
  [{ name: orgName }] = await sql<{ name: string }>('select name from public.organizations where id = $1', [org]);
});

afterAll(async () => {
  await browser?.close();
});

/** Invites `email` as the organisation's admin, as the members page will; resolves with the mail's first link. */
async function invite(email: string): Promise<{ link: string; text: string }> {
  const seen = await mailIds(email);
  const token = (await orgAdmin.client.auth.getSession()).data.session!.access_token;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId: org, email, role: 'member' }),
  });
  expect(res.status).toBe(201);
  const mail = await nextMail(email, seen);
  return { link: linkIn(mail), text: mail.text };
}

/** Opens a link in the page and waits until the callback has moved on. */
async function open(page: Page, link: string): Promise<URL> {
  await page.goto(link);
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
  return new URL(page.url());
}

/** Every address this tab's history holds (Chromium's own list). */
async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  await cdp.detach();
  return entries.map((entry) => entry.url);
}

async function expectToast(page: Page, title: string, description: string | RegExp): Promise<void> {
  const toast = page.locator('[role="status"], [role="alert"]').filter({ hasText: title });
  await toast.getByText(description).first().waitFor();
}

const membershipsOf = (email: string) =>
  sql<{ organization_id: string; role: string }>(
    `select m.organization_id, m.role::text as role
       from public.organization_members m join auth.users u on u.id = m.user_id
      where lower(u.email) = lower($1)`,
    [email],
  );

describe('tenant invitations, end to end', () => {
  const invitee = uniqueEmail('e2e-tenant-invitee');
  let context: BrowserContext;
  let page: Page;
  let secondLink = '';

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the invitee opens the link from the inbox and lands on /dashboard with the welcome toast, a member', async () => {
    const { link, text } = await invite(invitee);
    const landed = await open(page, link);
    expect(landed.pathname).toBe('/dashboard');
    await expectToast(page, 'Welcome to Accord', `You have joined ${orgName} in the Accord trust network.`);
    expect(await membershipsOf(invitee)).toEqual([{ organization_id: org, role: 'member' }]);

    // The token left the address and the history as soon as the callback read it (decision 027).
    const token = /tenant_invitation_token=([0-9a-f]{64})/.exec(text)?.[1];
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(page.url()).not.toContain(token!);
    expect((await historyUrls(page)).filter((url) => url.includes(token!))).toEqual([]);
    secondLink = `${config.appUrl}/auth/callback?type=tenant_invitation&org_id=${org}#tenant_invitation_token=${token}`;
    expect(text).toContain(secondLink);

    // Having given no name yet, they see the team (themselves by their e-mail), and no way to invite.
    await page.goto(`${config.appUrl}/dashboard/members`);
    const team = page.getByRole('table', { name: 'The team' });
    await team.getByRole('row').filter({ hasText: invitee }).filter({ hasText: '(you)' }).waitFor();
    await team.getByRole('row').filter({ hasText: orgAdmin.email }).waitFor();
    await expect(page.getByRole('button', { name: 'Invite a colleague' }).count()).resolves.toBe(0);
  });

  it('the same invitation used again is refused with the spec’s Invitation Error, and nothing changes', async () => {
    // The mail's second link: the same invitation, for someone already signed in with the invited address.
    const landed = await open(page, secondLink);
    expect(landed.pathname).toBe('/dashboard');
    await expectToast(
      page,
      'Invitation Error',
      'This invitation link appears to be invalid. Please contact your administrator for a new invitation.',
    );
    expect(await membershipsOf(invitee)).toEqual([{ organization_id: org, role: 'member' }]);
  });
});

describe('an expired tenant invitation', () => {
  it('tells the invitee to contact the system administrator, and makes no membership', async () => {
    const invitee = uniqueEmail('e2e-tenant-expired');
    const { link } = await invite(invitee);
    // Seven days pass (only the invitation's; the sign-in link is still fresh).
    await sql(
      `update public.tenant_invitations
          set created_at = now() - interval '8 days', last_sent_at = now() - interval '8 days',
              resend_available_at = now() - interval '8 days', expires_at = now() - interval '1 day'
        where organization_id = $1 and lower(email::text) = lower($2)`,
      [org, invitee],
    );
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const landed = await open(page, link);
      // Signed in, without an organisation: where they belong (onboarding), told what to do.
      expect(landed.pathname).toBe('/onboarding');
      await expectToast(page, 'Invitation Failed', /contact the system administrator/);
      expect(await membershipsOf(invitee)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
