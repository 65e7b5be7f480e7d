import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { linkIn, mailIds, nextMail, type CaughtMail } from '../support/inbox.ts';

/**
 * Administrator invitations end to end, in Chromium against the local stack
 * (gateway, auth service, PostgREST, the invite-admin Edge Function on Deno,
 * the mail catcher): an administrator invites from /admin/users, the invitee
 * opens the e-mail in a browser of their own and becomes an administrator, the
 * used link is refused to the next person, and revoking and resending work.
 */
const config = stackConfig('test');
const SUBJECT = "You're invited to administer Accord";
let browser: Browser;
let admin: BrowserContext;
let adminPage: Page;

const freshAddress = (label: string) => `${label}.${randomUUID().slice(0, 8)}@e2e.accord.test`;

/** Signs in through a login page and the inbox, as a person would; resolves once the callback has moved on. */
async function signIn(page: Page, loginPath: '/login' | '/accord-login', email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(`${config.appUrl}${loginPath}`);
  await page.getByRole('textbox', { name: loginPath === '/login' ? 'Work e-mail' : 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

async function inviteFromDialog(email: string): Promise<void> {
  await adminPage.getByRole('button', { name: 'Invite administrator' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Invite an administrator' });
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function invitationMail(email: string, seen: Set<string>): Promise<CaughtMail> {
  const mail = await nextMail(email, seen);
  expect(mail.subject).toBe(SUBJECT);
  return mail;
}

/** Every address this tab's history holds (Chromium's own list, not only what the page can see). */
async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  await cdp.detach();
  return entries.map((entry) => entry.url);
}

/** The 64-hex-digit invitation token a link carries. */
const tokenOf = (link: string): string => {
  const token = /(?:invitation_token|token)=([0-9a-f]{64})/.exec(decodeURIComponent(link))?.[1];
  if (!token) throw new Error(`No invitation token in ${link}`);
  return token;
};

/**
 * Once the invitation screen has read the token, it is nowhere a person or
 * another site could see it: not in the address bar, not in any entry of the
 * history, not in a Referer of any request (collected by `watchRequests`).
 */
async function expectTokenGone(page: Page, token: string, referers: string[]): Promise<void> {
  expect(page.url()).not.toContain(token);
  expect((await historyUrls(page)).filter((url) => url.includes(token))).toEqual([]);
  expect(await page.evaluate(() => history.length)).toBe((await historyUrls(page)).length);
  expect(referers.filter((referer) => referer.includes(token))).toEqual([]);
}

/** Collects the Referer of every request the page makes from now on. */
function watchRequests(page: Page): string[] {
  const referers: string[] = [];
  page.on('request', (request) => {
    const referer = request.headers()['referer'];
    if (referer) referers.push(referer);
  });
  return referers;
}

/** The invitation's row in the invitations table (the users table lists the same address once they have an account). */
const pendingRow = (email: string) =>
  adminPage.getByRole('table', { name: 'Administrator invitations' }).getByRole('row').filter({ hasText: email });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext();
  adminPage = await admin.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('administrator invitations, end to end', () => {
  const invitee = freshAddress('new-admin');
  let invitationLink = '';

  it('an administrator signs in and invites a new address from /admin/users', async () => {
    await signIn(adminPage, '/accord-login', 'admin@accord.test');
    expect(new URL(adminPage.url()).pathname).toMatch(/^\/admin\//);

    await adminPage.goto(`${config.appUrl}/admin/users`);
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const seen = await mailIds(invitee);
    await inviteFromDialog(invitee);
    await adminPage.getByText('Invitation sent').first().waitFor();
    await pendingRow(invitee).getByText('Pending').waitFor();

    const mail = await invitationMail(invitee, seen);
    expect(mail.text).toContain('admin@accord.test has invited you');
    invitationLink = linkIn(mail);
  });

  it('on a 360 px phone the tables become cards whose values are labelled by their columns, with no sideways scroll', async () => {
    await adminPage.setViewportSize({ width: 360, height: 740 });
    try {
      const table = adminPage.getByRole('table', { name: 'Administrator invitations' });
      await pendingRow(invitee).waitFor();
      // The header row gives way to a label before each value (the column's label, from the same list of columns).
      await table.getByRole('columnheader', { name: 'Sent' }).waitFor({ state: 'hidden' });
      const sent = pendingRow(invitee).locator('[data-label="Sent"]');
      await expect(sent.evaluate((cell) => getComputedStyle(cell, '::before').content)).resolves.not.toBe('none');
      for (const name of ['Administrator invitations', 'Users']) {
        const box = await adminPage.getByRole('table', { name }).evaluate((element) => ({
          right: element.getBoundingClientRect().right,
          overflow: element.scrollWidth - element.clientWidth,
        }));
        expect(box.right, `${name} fits the screen`).toBeLessThanOrEqual(360);
        expect(box.overflow, `${name} does not scroll sideways`).toBeLessThanOrEqual(0);
      }
    } finally {
      await adminPage.setViewportSize({ width: 1280, height: 720 });
    }
    await adminPage.getByRole('table', { name: 'Administrator invitations' }).getByRole('columnheader', { name: 'Sent' }).waitFor();
  });

  it('refuses to invite someone who already is an administrator, in the dialog, keeping the address', async () => {
    await adminPage.getByRole('button', { name: 'Invite administrator' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Invite an administrator' });
    const field = dialog.getByRole('textbox', { name: 'E-mail address' });
    // The dialog opens with the cursor in its one field.
    await adminPage.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    await field.fill('admin@accord.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByRole('alert').getByText('admin@accord.test is already a system administrator.').waitFor();
    await expect(field.inputValue()).resolves.toBe('admin@accord.test');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the invitee opens the e-mail in a browser of their own, becomes an administrator and lands on the dashboard', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const token = tokenOf(invitationLink);
    const referers = watchRequests(page);
    await page.goto(invitationLink);
    // Through /auth/callback?invitation_token=… to the invitation screen, already signed in,
    // with the token held by the app and not in the address.
    await page.waitForURL((url) => url.pathname === '/admin/accept-invitation');
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('You are now a system administrator of the network.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome to the back office' }).waitFor();
    await expectTokenGone(page, token, referers);
    // After 2 s the app goes on, with the new role loaded: the admin guard lets them in.
    await page.waitForURL(`${config.appUrl}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    await page.getByRole('link', { name: 'See users' }).waitFor();
    await expectTokenGone(page, token, referers);
    // The invitation screen was a step, not a page to return to: it left the history as it went on.
    // (The tab's first entry is the blank page every new tab starts with.)
    const visited = (await historyUrls(page)).filter((url) => url !== 'about:blank');
    expect(visited.map((url) => new URL(url).pathname)).toEqual(['/admin/dashboard']);
    await context.close();

    await adminPage.reload();
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expect(pendingRow(invitee).count()).resolves.toBe(0);
  });

  it('the same link opened again by someone else is refused with the spec’s message', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, '/login', 'member@accord.test');
    await page.goto(invitationLink);
    await page.waitForURL((url) => url.pathname === '/admin/accept-invitation');
    await page.getByText('Failed to accept invitation. The link may be expired or already used.').waitFor();
    await expect(page.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).resolves.toBe('/accord-login');
    await expect(page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).resolves.toBe('/');
    await context.close();
  });

  it('an invitee who is not signed in is asked to sign in and comes back to accept', async () => {
    const address = freshAddress('signs-in-first');
    const seen = await mailIds(address);
    await inviteFromDialog(address);
    const mail = await invitationMail(address, seen);
    // The mail's second link: the invitation screen itself, for when the sign-in button has lapsed.
    const screenLink = /https?:\/\/\S+\/admin\/accept-invitation#token=[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(screenLink).toBeDefined();

    const token = tokenOf(screenLink!);
    const context = await browser.newContext();
    const page = await context.newPage();
    const referers = watchRequests(page);
    await page.goto(screenLink!);
    await page.getByText('You must be logged in to accept this invitation.').waitFor();
    await expectTokenGone(page, token, referers);
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    // The remembered location is the screen, without its token.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin/accept-invitation');
    await expectTokenGone(page, token, referers);

    const signInSeen = await mailIds(address);
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill(address);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText(/check your inbox/i).first().waitFor();
    const signInLink = linkIn(await nextMail(address, signInSeen));
    expect(decodeURIComponent(signInLink)).not.toContain(token);
    // The sign-in link opens in a new tab, as it does from a mail program.
    const tab = await context.newPage();
    const tabReferers = watchRequests(tab);
    await tab.goto(signInLink);
    await tab.getByText('You are now a system administrator of the network.').waitFor();
    await expectTokenGone(tab, token, tabReferers);
    await tab.waitForURL(`${config.appUrl}/admin/dashboard`);
    await expectTokenGone(page, token, referers);
    await context.close();
  });

  it('resend sends a new link; revoke asks first, then the link no longer makes anyone an administrator', async () => {
    const address = freshAddress('revoked');
    const seen = await mailIds(address);
    await inviteFromDialog(address);
    seen.add((await invitationMail(address, seen)).id);

    await pendingRow(address).getByRole('button', { name: `Resend the invitation to ${address}` }).click();
    await adminPage.getByText('Invitation sent again').first().waitFor();
    const resent = await invitationMail(address, seen);

    await pendingRow(address).getByRole('button', { name: `Revoke the invitation to ${address}` }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await pendingRow(address).getByText('Pending').waitFor();

    await pendingRow(address).getByRole('button', { name: `Revoke the invitation to ${address}` }).click();
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await adminPage.getByText('Invitation revoked').first().waitFor();
    await pendingRow(address).waitFor({ state: 'detached' });

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(linkIn(resent));
    await page.getByText('Failed to process invitation. The link may be expired or invalid.').waitFor();
    await context.close();
  });
});
