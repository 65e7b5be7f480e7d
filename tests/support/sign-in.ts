import type { Session } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { authStorageKey } from '../../src/data/auth/storage-key.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { authClient, serviceClient } from './auth-helpers.ts';
import { linkIn, mailIds, nextMail } from './inbox.ts';
import { awayFromStepBoundary, TOTP_PERIOD_MS, totpCode } from './mfa.ts';

/**
 * Signing in as a person does in the browser tests: ask for a link on a login
 * screen, take the e-mail from the local inbox and open its link in the same
 * page (the PKCE code verifier lives in that browser context).
 */
const config = stackConfig('test');

export type LoginScreen = '/login' | '/accord-login';

/**
 * Fills in the login form of the page as it is (call it on a login screen, or
 * pass `at` to open one first) and returns the sign-in link from the mail.
 */
export async function requestSignInLink(page: Page, email: string, { at }: { at?: LoginScreen } = {}): Promise<string> {
  if (at) await page.goto(`${config.appUrl}${at}`);
  const seen = await mailIds(email);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  return linkIn(await nextMail(email, seen));
}

/** Requests a link on `at` and opens it; resolves once the browser is back on the app, past the auth server. */
export async function signInThroughInbox(page: Page, email: string, { at = '/login' }: { at?: LoginScreen } = {}): Promise<void> {
  const link = await requestSignInLink(page, email, { at });
  await page.goto(link);
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback', { timeout: 30_000 });
}

/** Whether the browser holds a stored session (supabase-js keeps it in localStorage). */
export async function hasStoredSession(page: Page): Promise<boolean> {
  return page.evaluate(`Object.keys(localStorage).some((key) => /^sb-.*-auth-token$/.test(key))`) as Promise<boolean>;
}

/**
 * Opens `path` in `page` already signed in as `email`, for tests whose subject
 * is what lies behind sign-in. Signing in through the inbox starts the app
 * twice before the test's own page (the login screen, then the callback): on
 * CI's two cores that is seconds of Chromium per test (decision 085). The
 * session is the auth server's own: a magic link the service role generates
 * (no mail), verified as the link would be, then stored where supabase-js
 * keeps it, from a blank page of the app's origin. Without `path` the page
 * stays there, for the test's own first `goto`.
 * Signing in itself keeps its browser tests (magic-link-sign-in,
 * session-and-guards, account-security), which go through the inbox.
 */
export async function openSignedIn(page: Page, email: string, path?: string): Promise<void> {
  const generated = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
  if (generated.error) throw generated.error;
  const verified = await authClient().auth.verifyOtp({ token_hash: generated.data.properties.hashed_token, type: 'magiclink' });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error(`verifyOtp gave ${email} no session`);
  await openWithSession(page, verified.data.session, path);
}

/**
 * Opens `path` (or leaves a blank page of the app's origin) with `session`
 * stored where supabase-js keeps it: for a session a test shaped first (a
 * second factor checked long ago, for /admin/database's code prompt).
 */
export async function openWithSession(page: Page, session: Session, path?: string): Promise<void> {
  // A blank page of the app's origin, answered in the browser: no app start, no favicon request.
  const blank = `${config.appUrl}/__signed-in-test-blank`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto(blank);
  await page.unroute(blank);
  // As text: tests/support is compiled without the DOM's types.
  await page.evaluate(`localStorage.setItem(${JSON.stringify(authStorageKey(config.apiUrl))}, ${JSON.stringify(JSON.stringify(session))})`);
  if (path !== undefined) await page.goto(`${config.appUrl}${path}`);
}

/**
 * Signs a person with a verified TOTP factor in on the network's login screen
 * and enters their code, leaving the browser at aal2 with a second factor
 * checked just now (what /admin/database's actions want, decision 075).
 */
export async function signInWithCode(page: Page, email: string, secret: string): Promise<void> {
  await page.goto(await requestSignInLink(page, email, { at: '/accord-login' }));
  await page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }).waitFor({ timeout: 30_000 });
  await awayFromStepBoundary();
  // The enrolment used this step's code; the next step's is accepted too.
  await page.getByRole('textbox', { name: '6-digit code' }).fill(totpCode(secret, Date.now() + TOTP_PERIOD_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 });
}
