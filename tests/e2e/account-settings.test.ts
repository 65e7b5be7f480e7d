import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { signInThroughInbox } from '../support/sign-in.ts';
import { newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * /dashboard/settings end to end, in Chromium against the local stack
 * (decision 042): the profile saves; an address change mails both addresses
 * and completes once both links are followed; the sessions list shows this
 * browser and another sign-in, and "Sign out of all other sessions" ends the
 * other one.
 */
const config = stackConfig('test');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function memberAtSettings(label: string): Promise<{ page: Page; member: TestUser }> {
  // newUser signs in over the API too: that is the member's "other" session.
  const member = await newUser(label, { fullName: 'Ada Lovelace' });
  await createOrganization(member, { status: 'approved', name: `Settings School ${Date.now()}` });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInThroughInbox(page, member.email);
  await page.goto(`${config.appUrl}/dashboard/settings`);
  await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
  return { page, member };
}

describe('account settings, end to end', () => {
  it('saves the name and job title', async () => {
    const { page, member } = await memberAtSettings('settings-profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByRole('textbox', { name: /Full name/ }).fill('Ada King');
    await form.getByRole('textbox', { name: /Job title/ }).fill('  Head of admissions ');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await expect(form.getByRole('textbox', { name: /Job title/ }).inputValue()).resolves.toBe('Head of admissions');
    expect(await sql('select full_name, job_title from public.profiles where id = $1', [member.id])).toEqual([
      { full_name: 'Ada King', job_title: 'Head of admissions' },
    ]);
  });

  it('changes the e-mail address once the links sent to both addresses have been followed', async () => {
    const { page, member } = await memberAtSettings('settings-email');
    const next = uniqueEmail('settings-new-address');
    const [seenOld, seenNew] = await Promise.all([mailIds(member.email), mailIds(next)]);
    const form = page.getByRole('form', { name: 'Change e-mail address' });
    await form.getByRole('textbox', { name: /New e-mail address/ }).fill(next);
    await form.getByRole('button', { name: 'Change e-mail address' }).click();
    await page.getByText('Check both inboxes').waitFor();
    await page.getByRole('status', { name: 'Change waiting for confirmation' }).getByText(`Waiting for confirmation: ${next}`).waitFor();

    const [toOld, toNew] = await Promise.all([nextMail(member.email, seenOld), nextMail(next, seenNew)]);
    // The first link confirms one side only; the account keeps its address.
    await page.goto(linkIn(toOld));
    await page.getByRole('status', { name: 'One address confirmed' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await sql('select email from auth.users where id = $1', [member.id])).toEqual([{ email: member.email }]);
    // The second completes it, and the page says so.
    await page.goto(linkIn(toNew));
    await page.getByRole('status', { name: 'Your e-mail address has been changed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/settings');
    expect(await sql('select email, email_change from auth.users where id = $1', [member.id])).toEqual([{ email: next, email_change: '' }]);
    await page.getByRole('region', { name: 'E-mail address' }).getByText(`You sign in with ${next}.`).waitFor();
    expect(await page.getByRole('status', { name: 'Change waiting for confirmation' }).count()).toBe(0);
  });

  it('lists this session and the other, and signs the other out', async () => {
    const { page, member } = await memberAtSettings('settings-sessions');
    const section = page.getByRole('region', { name: 'Active sessions' });
    const table = section.getByRole('table', { name: 'Your sessions' });
    await table.waitFor();
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect(rows.nth(1).textContent()).resolves.toContain('This session');
    await expect(rows.nth(1).textContent()).resolves.toContain('Chrome on Linux');

    await section.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of all other sessions?' });
    await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
    await page.getByText('Signed out elsewhere').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    // The API session (newUser's) is over: its token is refused, and this browser is still signed in.
    expect((await member.client.rpc('my_sessions')).error?.code).toBe('session_not_found');
    await page.reload();
    await section.getByRole('table', { name: 'Your sessions' }).waitFor();
    expect(await section.getByRole('button', { name: 'Sign out of all other sessions' }).isDisabled()).toBe(true);
  });
});
