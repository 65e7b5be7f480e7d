import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/db-fixtures.ts';
import { launchBrowser } from '../support/browser.ts';
import { mailIds, nextMail } from '../support/inbox.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The team page end to end, in Chromium against the local stack (PostgREST,
 * the invite-tenant Edge Function on Deno, the mail catcher): an organisation
 * admin invites a colleague from /dashboard/members, the invitation shows as
 * pending and its mail arrives; once the colleague has accepted (through the
 * RPC: the callback is another piece of work), they are in the team, and
 * signed in as the colleague the page has no invite button. The last admin
 * cannot leave: the page says so up front, and when it did not know (the other
 * admin was demoted behind its back) it shows the database's refusal.
 */
const LAST_ADMIN = 'An organisation always needs an admin. Make another member an admin first.';
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
let browser: Browser;
let admin: TestUser;
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

async function membersPage(email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, email, '/dashboard/members');
  await page.getByRole('table', { name: 'The team' }).waitFor();
  return page;
}

/** The 64-hex-digit token the invitation mail's link carries (in the redirect's fragment). */
function tokenIn(text: string): string {
  const token = /tenant_invitation_token(?:=|%3D|%253D)([0-9a-f]{64})/i.exec(text)?.[1];
  if (!token) throw new Error('No tenant invitation token in the mail');
  return token;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newUser('team-admin', { email: `team-admin.${Date.now()}@e2e.accord.test`, fullName: 'Ada Lovelace' });
  organizationId = await createOrganization(admin, { status: 'approved' });
});

afterAll(async () => {
  await browser?.close();
});

describe('the team, end to end', () => {
  it('an admin invites a colleague, who joins and sees the team without an invite button; the last admin cannot leave', async () => {
    const colleague = await newUser('team-colleague', { email: `team-colleague.${Date.now()}@e2e.accord.test`, fullName: 'Grace Hopper' });
    const page = await membersPage(admin.email);

    // The only admin: told up front, and Leave is not offered.
    await expect(page.getByText(LAST_ADMIN).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Leave organisation' }).isDisabled()).resolves.toBe(true);

    const seen = await mailIds(colleague.email);
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid e-mail address, for example name@organisation.org.').waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(colleague.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: colleague.email });
    await pending.waitFor();
    await expect(pending.textContent()).resolves.toContain('Ada Lovelace');
    await expect(pending.textContent()).resolves.toMatch(/Expires|\d{4}, \d\d:\d\d/);
    const mail = await nextMail(colleague.email, seen);
    expect(mail.subject).toMatch(/^You're invited to join .+ on Accord$/);
    await screenshot(page, 'members-admin');

    // Inviting the same address again is refused in words, and what was typed stays.
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(colleague.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(/already been invited.*Resend it/).waitFor();
    await expect(dialog.getByRole('textbox', { name: 'E-mail address' }).inputValue()).resolves.toBe(colleague.email);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Sending it again at once is refused by the 60-second cool-down, and the page says until when.
    await pending.getByRole('button', { name: `Resend the invitation to ${colleague.email}` }).click();
    await page.getByText(/You can send it again at \d\d:\d\d:\d\d\./).waitFor();

    // The colleague accepts (the callback's part, done here through its RPC).
    const accepted = await colleague.client.rpc('accept_tenant_invitation', { p_token: tokenIn(`${mail.text} ${mail.html}`), p_organization_id: organizationId });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({ success: true });

    await page.reload();
    const team = page.getByRole('table', { name: 'The team' });
    await team.getByRole('row').filter({ hasText: 'Grace Hopper' }).waitFor();
    await page.getByText('No pending invitations').waitFor();

    const colleaguePage = await membersPage(colleague.email);
    await colleaguePage.getByRole('table', { name: 'The team' }).getByRole('row').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await expect(colleaguePage.getByRole('button', { name: 'Invite a colleague' }).count()).resolves.toBe(0);
    await expect(colleaguePage.getByRole('button', { name: /Make admin|Remove/ }).count()).resolves.toBe(0);
    await screenshot(colleaguePage, 'members-member');

    // The admin makes the colleague an admin; then, behind the page's back, the colleague is demoted again.
    await team.getByRole('button', { name: 'Make admin: Grace Hopper' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Make this person an admin?' });
    await confirm.getByRole('button', { name: 'Make admin' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Leave organisation', disabled: false }).waitFor();
    await sql(`update public.organization_members set role = 'member' where organization_id = $1 and user_id = $2`, [organizationId, colleague.id]);

    // The page still thinks there are two admins, so it offers Leave: the database refuses and the dialog says why.
    await page.getByRole('button', { name: 'Leave organisation' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave this organisation?' });
    await leave.getByRole('button', { name: 'Leave organisation' }).click();
    await leave.getByRole('alert').getByText(LAST_ADMIN).waitFor();
    const [still] = await sql<{ role: string }>('select role from public.organization_members where organization_id = $1 and user_id = $2', [
      organizationId,
      admin.id,
    ]);
    expect(still?.role).toBe('admin');
    await screenshot(page, 'members-last-admin-refused');

    // The colleague leaves: the session reloads its facts and the app moves on without loading the page again.
    await colleaguePage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await colleaguePage.getByRole('button', { name: 'Leave organisation' }).click();
    const leaving = colleaguePage.getByRole('alertdialog', { name: 'Leave this organisation?' });
    await leaving.getByRole('button', { name: 'Leave organisation' }).click();
    await colleaguePage.waitForURL((url) => url.pathname === '/onboarding');
    await expect(colleaguePage.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).resolves.toBe(true);
    const left = await sql('select 1 from public.organization_members where user_id = $1', [colleague.id]);
    expect(left).toHaveLength(0);
  });
});
