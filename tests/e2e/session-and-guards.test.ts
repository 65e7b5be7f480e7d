import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { hasStoredSession, requestSignInLink, signInThroughInbox } from '../support/sign-in.ts';
import { sql } from '../support/users.ts';

/**
 * Issue 3 in a real browser against the local stack: sign-in through the
 * inbox, the callback's routing and error paths, sign-out, and the route
 * guards — with the seeded demo accounts.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const toast = (page: Page, title: string, description: string) =>
  Promise.all([
    page.getByText(title, { exact: true }).first().waitFor(),
    page.getByText(description, { exact: true }).first().waitFor(),
  ]);

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('signing in and out', () => {
  it('a member signs in through the inbox, lands on the dashboard, and signs out', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'member@accord.test');
    await page.waitForURL(app('/dashboard'));
    await page.getByRole('heading', { level: 2, name: 'Northwind Learning Trust' }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Member Dashboard' }).waitFor();

    await banner.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText('member@accord.test').isVisible()).resolves.toBe(true);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await toast(page, 'Signed out', 'You have been successfully signed out.');
    await page.waitForURL(app('/login'));
    await banner.getByRole('link', { name: 'Member Login' }).waitFor();
    await expect(hasStoredSession(page)).resolves.toBe(false);
    await context.close();
  });

  it('a session ended elsewhere ("sign out everywhere") sends the tab to /login at its next request, not to an error', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'member@accord.test');
    await page.waitForURL(app('/dashboard'));
    await page.getByRole('heading', { level: 2, name: 'Northwind Learning Trust' }).waitFor();
    // End only this browser's session, as the auth service does for every session on "sign out everywhere".
    const stored = (await page.evaluate(
      `Object.entries(localStorage).find(([key]) => /^sb-.*-auth-token$/.test(key))?.[1]`,
    )) as string;
    const { access_token: token } = JSON.parse(stored) as { access_token: string };
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { session_id: string })
      .session_id;
    await sql('delete from auth.sessions where id = $1', [sessionId]);

    // The token has not expired, so the reloaded app starts with it and asks for its facts: refused.
    await page.reload();
    await page.waitForURL(app('/login?next=%2Fdashboard'));
    await page.getByRole('banner').getByRole('link', { name: 'Member Login' }).waitFor();
    await expect(hasStoredSession(page)).resolves.toBe(false);
    await context.close();
  });

  it('remembers a deep link through sign-in', async () => {
    const { context, page } = await freshPage();
    await page.goto(app('/dashboard/settings'));
    await page.waitForURL(app('/login?next=%2Fdashboard%2Fsettings'));
    const link = await requestSignInLink(page, 'member@accord.test');
    // The link carries the remembered location to the callback.
    const callback = new URL(new URL(link).searchParams.get('redirect_to')!);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('next')).toBe('/dashboard/settings');
    await page.goto(link);
    await page.waitForURL(app('/dashboard/settings'));
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await context.close();
  });

  it('the administrator login lands a system admin on /admin/applications', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'admin@accord.test', { at: '/accord-login' });
    await page.waitForURL(app('/admin/applications'));
    await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    await context.close();
  });

  it('refuses a member who uses the administrator login: Access Denied, signed out, /login', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'member@accord.test', { at: '/accord-login' });
    await toast(page, 'Access Denied', 'This login link is for administrators only.');
    await page.waitForURL(app('/login'));
    await page.getByRole('banner').getByRole('link', { name: 'Member Login' }).waitFor();
    await expect(hasStoredSession(page)).resolves.toBe(false);
    await context.close();
  });

  it('sends a pending applicant to /application-pending', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'pending@accord.test');
    await page.waitForURL(app('/application-pending'));
    await page.getByRole('heading', { level: 1, name: 'Application under review' }).waitFor();
    await context.close();
  });
});

describe("the callback's error paths", () => {
  it('no tokens: "No token found", then /login', async () => {
    const { context, page } = await freshPage();
    await page.goto(app('/auth/callback'));
    await toast(page, 'Authentication Error', 'No token found');
    await page.waitForURL(app('/login'));
    await context.close();
  });

  it('a token that is not a JWT: "Invalid token structure", and the tokens leave the address bar', async () => {
    const { context, page } = await freshPage();
    await page.goto(app('/auth/callback#access_token=garbage&refresh_token=x'));
    await toast(page, 'Authentication Error', 'Invalid token structure');
    await page.waitForURL(app('/login'));
    // The callback replaced its own history entry: Back never returns to the tokens.
    await page.goBack();
    expect(page.url()).not.toContain('access_token');
    await context.close();
  });

  it('a well-formed token the auth server rejects: "Authentication Failed" with its message', async () => {
    const { context, page } = await freshPage();
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${part({ alg: 'ES256', typ: 'JWT', kid: 'forged' })}.${part({
      sub: '5eed0000-0000-4000-8000-000000000002',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    })}.${Buffer.from('not a signature').toString('base64url')}`;
    await page.goto(app(`/auth/callback#access_token=${forged}&refresh_token=forged`));
    await page.getByText('Authentication Failed', { exact: true }).waitFor();
    await page.waitForURL(app('/login'));
    await expect(hasStoredSession(page)).resolves.toBe(false);
    await context.close();
  });
});

describe('the route guards for a signed-in member', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await freshPage());
    await signInThroughInbox(page, 'member@accord.test');
    await page.waitForURL(app('/dashboard'));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('refuses /admin/dashboard: Access Denied, then /dashboard', async () => {
    await page.goto(app('/admin/dashboard'));
    await toast(page, 'Access Denied', "You don't have permission to access this area");
    await page.waitForURL(app('/dashboard'));
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('asks the server nothing about the guard while moving between member pages', async () => {
    await page.goto(app('/dashboard'));
    await page.getByRole('heading', { level: 2, name: 'Northwind Learning Trust' }).waitFor();
    const factRequests: string[] = [];
    const watch = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      // The session's facts (the guard's questions), not what a page itself reads (the members page asks for its team;
      // the account settings page reads the profile's job title, so it is not one of the pages walked here).
      if (/^\/rest\/v1\/(rpc\/(is_user_admin|is_any_organization_admin|check_user_org_approval_status)$|profiles|stakeholders|investor_access)/.test(pathname)) {
        factRequests.push(pathname);
      }
    };
    page.on('request', watch);
    for (const [path, title] of [
      ['/dashboard/how-to', 'How-to guides'],
      ['/dashboard/help', 'Help'],
      ['/dashboard/members', 'Members'],
      ['/dashboard', 'Member dashboard'],
    ] as const) {
      // A client-side navigation, as a link inside the app makes it.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }
    page.off('request', watch);
    expect(factRequests).toEqual([]);
  });
});
