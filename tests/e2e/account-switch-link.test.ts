import type { Session } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { authClient, callbackUrl, follow, linkIn, mailIds, nextMail } from '../support/auth-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { signInThroughInbox } from '../support/sign-in.ts';
import { newUser, type TestUser } from '../support/users.ts';

/**
 * Login CSRF (issue 12, finding 7): someone signed in as A opens a sign-in
 * link that carries the session of another account B — an attacker's, who
 * wants A to work in the attacker's account without noticing. The callback
 * must not switch accounts silently: it asks, and A stays A unless they
 * choose otherwise (decision 027).
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const A = 'member@accord.test';
let browser: Browser;
let attacker: TestUser;

beforeAll(async () => {
  [browser, attacker] = await Promise.all([launchBrowser(), newUser('attacker')]);
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh session of the attacker's account, as they could copy it from their own browser. */
async function attackerSession(): Promise<Session> {
  const { data, error } = await attacker.client.auth.refreshSession();
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

const tokenLink = (accessToken: string, refreshToken: string) =>
  app(`/auth/callback#access_token=${accessToken}&refresh_token=${refreshToken}&expires_in=3600&token_type=bearer&type=magiclink`);

/** Who this browser is signed in as: the account of the session supabase-js keeps in localStorage. */
function storedAccount(page: Page): Promise<{ id: string; email: string } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    if (!key) return null;
    const { user } = JSON.parse(localStorage.getItem(key)!) as { user: { id: string; email: string } };
    return { id: user.id, email: user.email };
  });
}

async function signedInAsA(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughInbox(page, A);
  await page.waitForURL(app('/dashboard'));
  return { context, page };
}

const question = (page: Page) => page.getByRole('heading', { level: 1, name: 'This link is for another account' });

/** Waits until the callback has either asked or moved on, whichever it does. */
async function callbackSettled(page: Page): Promise<void> {
  await Promise.race([question(page).waitFor(), page.waitForURL((url) => url.pathname !== '/auth/callback')]);
}

/** Every address this tab's history holds. */
async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  await cdp.detach();
  return entries.map((entry) => entry.url);
}

describe('a sign-in link for another account (login CSRF)', () => {
  it('asks instead of switching; A stays signed in as A when they choose to, and the link’s tokens are nowhere', async () => {
    const { context, page } = await signedInAsA();
    const session = await attackerSession();

    await page.goto(tokenLink(session.access_token, session.refresh_token));
    await callbackSettled(page);
    // The attack: before the fix the browser was now signed in as the attacker.
    await expect(storedAccount(page)).resolves.toMatchObject({ email: A });

    await question(page).waitFor();
    await page.getByText(`You are signed in as ${A}. This link would sign you in as ${attacker.email}.`).waitFor();
    // The question takes the focus, so a screen reader starts there.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    // Nothing is decided for the person while they read, not even after the callback's 5 s fallback.
    await page.waitForTimeout(5_500);
    await question(page).waitFor();
    await expect(storedAccount(page)).resolves.toMatchObject({ email: A });

    await page.getByRole('button', { name: `Stay signed in as ${A}` }).click();
    await page.waitForURL(app('/dashboard'));
    await page.getByText(`You are still signed in as ${A}.`).first().waitFor();
    await expect(storedAccount(page)).resolves.toMatchObject({ email: A });
    expect((await historyUrls(page)).filter((url) => url.includes('access_token') || url.includes(session.refresh_token))).toEqual([]);
    await context.close();
  });

  it('switches only when the person chooses “Continue as …”', async () => {
    const { context, page } = await signedInAsA();
    const session = await attackerSession();
    await page.goto(tokenLink(session.access_token, session.refresh_token));
    await question(page).waitFor();
    await page.getByRole('button', { name: `Continue as ${attacker.email}` }).click();
    await page.waitForURL((url) => url.pathname !== '/auth/callback');
    await expect(storedAccount(page)).resolves.toMatchObject({ email: attacker.email });
    await context.close();
  });

  it('is not fooled by an access token that claims to be A’s: who the link signs in is asked of the auth server', async () => {
    const { context, page } = await signedInAsA();
    const me = (await storedAccount(page))!;
    const session = await attackerSession();
    // An unsigned, expired token naming A, beside the attacker's refresh token:
    // a client that trusts the token's claims, or refreshes it unseen, adopts the attacker.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claimsA = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: me.id, email: A, exp: Math.floor(Date.now() / 1000) - 60 })}.${part({ x: 1 })}`;

    await page.goto(tokenLink(claimsA, session.refresh_token));
    await callbackSettled(page);
    await expect(storedAccount(page)).resolves.toMatchObject({ email: A });
    await page.getByText(`This link would sign you in as ${attacker.email}.`).waitFor();
    await context.close();
  });

  it('a PKCE code started in another browser is refused, and A stays signed in', async () => {
    const { context, page } = await signedInAsA();
    // The attacker asks for a link in their own client (the code verifier stays there) and keeps the code.
    const seen = await mailIds(attacker.email);
    const client = authClient();
    const sent = await client.auth.signInWithOtp({ email: attacker.email, options: { emailRedirectTo: callbackUrl(), shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const code = (await follow(linkIn(await nextMail(attacker.email, seen)))).searchParams.get('code');
    expect(code).toBeTruthy();

    await page.goto(app(`/auth/callback?code=${code}`));
    await page.waitForURL((url) => url.pathname !== '/auth/callback');
    await page.getByText('Authentication Failed', { exact: true }).first().waitFor();
    await expect(storedAccount(page)).resolves.toMatchObject({ email: A });
    await context.close();
  });
});
