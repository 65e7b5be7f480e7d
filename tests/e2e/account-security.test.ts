import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { IDP_PASSWORD } from '../../supabase/local/oidc/users.ts';
import { launchBrowser } from '../support/browser.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { awayFromStepBoundary, TOTP_PERIOD_MS, totpCode } from '../support/mfa.ts';
import { requestSignInLink, signInThroughInbox } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 14's flows in Chromium against the local stack: a member sets up an
 * authenticator app from the settings page (the codes are computed from the
 * key the page shows), a wrong code is refused in words, and the next sign-in
 * asks for the code and only then reaches the dashboard. A member links the
 * local identity provider in settings (confirming which account, decision 067)
 * and unlinks it again; a linking URL opened in another browser links nothing;
 * and a new person signs in with the provider from the login screen.
 */
const config = stackConfig('test');
let browser: Browser;
let member: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await newUser('security-member', { fullName: 'Mary Jackson' });
  await createOrganization(member, { status: 'approved', name: `Security School ${Date.now()}` });
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1280): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

async function atSettings(page: Page, email: string): Promise<void> {
  await signInThroughInbox(page, email);
  await page.goto(`${config.appUrl}/dashboard/settings`);
  await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
}

/** Signs in at the local provider's page, as a person of a company's identity provider would. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.port === String(config.ports.idp));
  await page.getByLabel('E-mail or username').fill(login);
  await page.getByLabel('Password').fill(IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('two-factor authentication, end to end', () => {
  let secret = '';

  it('a member sets up an authenticator app: a wrong code is refused in words, the right one turns it on', async () => {
    const page = await newPage();
    await atSettings(page, member.email);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('textbox', { name: /Name/ }).fill('Work phone');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Scan the code with your authenticator app' }).waitFor();
    await page.getByRole('img', { name: /QR code to add “Work phone”/ }).waitFor();
    // The key as a person would type it into their app: the text shown, without its grouping spaces.
    secret = (await page.locator('code').filter({ hasText: /[A-Z2-7]{4}/ }).first().innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await awayFromStepBoundary();
    const right = totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const field = page.getByRole('textbox', { name: '6-digit code from the app' });
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByText(/code.*(not right|wrong|incorrect|invalid)/i).first().waitFor();
    await expect(field.inputValue()).resolves.toBe(wrong);
    expect(await sql(`select status::text from auth.mfa_factors where user_id = $1`, [member.id])).toEqual([{ status: 'unverified' }]);

    await field.fill(right);
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByText('Work phone').first().waitFor();
    await page.getByText('Active').first().waitFor();
    expect(await sql(`select status::text, friendly_name from auth.mfa_factors where user_id = $1`, [member.id])).toEqual([
      { status: 'verified', friendly_name: 'Work phone' },
    ]);
    await page.context().close();
  });

  it('the next sign-in asks for the code, refuses a wrong one, and only the right one reaches the dashboard', async () => {
    expect(secret).not.toBe('');
    const page = await newPage(360);
    const link = await requestSignInLink(page, member.email, { at: '/login' });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/dashboard');

    const field = page.getByRole('textbox', { name: '6-digit code' });
    // A code from a step long past: not one the app would show now.
    await field.fill(totpCode(secret, Date.now() - 10 * TOTP_PERIOD_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Refused at the field, in words, and the person stays on the challenge.
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const said = await field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(said).toMatch(/code/i);
    expect(new URL(page.url()).pathname).not.toBe('/dashboard');

    // The code from enrolment was used once; the next step's code is one the app shows half a minute later.
    await field.fill(totpCode(secret, Date.now() + TOTP_PERIOD_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Member dashboard' }).waitFor();
    const aal = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
      const token = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
      return token ? (JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal : undefined;
    });
    expect(aal).toBe('aal2');
    await page.context().close();
  });
});

describe('a sign-in provider, end to end', () => {
  it('a member links the provider in settings, confirming which account at 360 px, and unlinks it again', async () => {
    const login = `test-link-${randomUUID().slice(0, 8)}@idp.accord.test`;
    const linker = await newUser('identity-linker', { fullName: 'Dorothy Vaughan' });
    await createOrganization(linker, { status: 'approved', name: `Identity School ${Date.now()}` });
    const page = await newPage(360);
    await atSettings(page, linker.email);
    const identities = page.getByRole('region', { name: 'Linked identities' });
    await identities.getByRole('button', { name: /^Link / }).click();
    await signInAtProvider(page, login);

    // Back from the provider: the account is named, and nothing is linked until “Link”.
    const question = page.getByRole('heading', { level: 1, name: /^Link .+ to your Accord account\?$/ });
    await question.waitFor();
    await page.getByText(`will be linked to the Accord account ${linker.email}.`, { exact: false }).waitFor();
    expect(await sql(`select provider from auth.identities where user_id = $1`, [linker.id])).toEqual([{ provider: 'email' }]);
    const link = page.getByRole('button', { name: /^Link / });
    // Long names wrap inside the buttons rather than spilling off a 360 px screen.
    for (const button of [link, page.getByRole('button', { name: 'Cancel' })]) {
      expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    }
    await link.click();
    await page.waitForURL((url) => url.origin === config.appUrl && url.pathname === '/dashboard/settings');
    await page.getByText('Sign-in method linked').first().waitFor();
    await identities.getByText(login).waitFor();
    expect(await sql(`select provider from auth.identities where user_id = $1 order by provider`, [linker.id])).toEqual([
      { provider: 'email' },
      { provider: 'keycloak' },
    ]);

    await identities.getByRole('button', { name: /^Unlink (?!E-mail)/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await sql(`select provider from auth.identities where user_id = $1`, [linker.id])).length).toBe(1);
    await expect(identities.getByText(login).count()).resolves.toBe(0);
    // The last way in cannot be unlinked, and the page says so rather than offering it.
    await expect(identities.getByRole('button', { name: /^Unlink/ }).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('a linking URL opened in another browser says so and links nothing (issue 23, finding 3)', async () => {
    const victimLogin = `test-victim-${randomUUID().slice(0, 8)}@idp.accord.test`;
    const attacker = await newUser('identity-attacker', { fullName: 'Link Attacker' });
    await createOrganization(attacker, { status: 'approved', name: `Attacker School ${Date.now()}` });
    const attackerPage = await newPage();
    await atSettings(attackerPage, attacker.email);
    // The attacker copies the provider's authorisation address (its state names the flow) to send to the victim.
    const authorize = attackerPage.waitForRequest((request) => request.isNavigationRequest() && request.url().includes('/protocol/openid-connect/auth?'));
    await attackerPage.getByRole('region', { name: 'Linked identities' }).getByRole('button', { name: /^Link / }).click();
    const sent = (await authorize).url();
    await attackerPage.context().close();

    const victimPage = await newPage();
    await victimPage.goto(sent);
    await signInAtProvider(victimPage, victimLogin);
    await victimPage.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
    await victimPage.getByText('Nothing was linked').first().waitFor();
    await victimPage.getByText(/^This link was started in another browser/).first().waitFor();
    expect(await sql(`select provider from auth.identities where user_id = $1`, [attacker.id])).toEqual([{ provider: 'email' }]);
    expect(await sql(`select user_id from auth.identities where identity_data ->> 'email' = $1`, [victimLogin])).toEqual([]);
    await victimPage.context().close();
  });

  it('a new person signs in with the provider from the login screen, at 360 px, and is taken to onboarding', async () => {
    const login = `test-new-${randomUUID().slice(0, 8)}@idp.accord.test`;
    const page = await newPage(360);
    await page.goto(`${config.appUrl}/login`);
    const button = page.getByRole('button', { name: /^Sign in with / });
    await button.waitFor();
    // The provider's name wraps inside the button rather than spilling out of it.
    expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    await button.click();
    await signInAtProvider(page, login);
    await page.waitForURL((url) => url.origin === config.appUrl && url.pathname === '/onboarding');
    await page.getByText(`You are signed in as ${login}`).waitFor();
    await page.context().close();
  });
});
