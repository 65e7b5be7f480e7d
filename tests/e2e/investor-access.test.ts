import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { checkPageWidths } from '../support/page-widths.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, uniqueEmail } from '../support/users.ts';

/**
 * Investor access granted from requests, in Chromium against the local stack
 * (decision 059): a visitor asks on /investors/access, an administrator grants
 * lite on /admin/investors, the e-mailed link lands on the investor dashboard
 * and the data room stays closed; a decline e-mails the reason; a stakeholder
 * invited on /admin/stakeholder-data lands on their dashboard.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Opens a mailed sign-in link in a browser of its own; resolves once it is past the callback. */
async function openMailedLink(link: string): Promise<{ context: BrowserContext; page: Page }> {
  const fresh = await freshPage();
  await fresh.page.goto(link);
  await fresh.page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback', { timeout: 15_000 });
  return fresh;
}

async function openInvestorsPage(query = ''): Promise<void> {
  await admin.goto(app(`/admin/investors${query}`));
  await appStarted(admin);
  await admin.getByRole('heading', { level: 1, name: 'Investors' }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminContext = await browser.newContext();
  admin = await adminContext.newPage();
  await openSignedIn(admin, 'admin@accord.test');
});
afterAll(async () => {
  await browser?.close();
});

describe('investor access from a request', () => {
  const name = `Margit Lindqvist ${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail('e2e-investor');

  it('a visitor requests access, an administrator grants lite, and the e-mailed link lands on the investor dashboard', async () => {
    // Every browser test's visitor writes from 127.0.0.1, and the form allows 5
    // a network an hour (decision 026); earlier files' requests are made an hour
    // old so this one is judged on its own. Browser test files run one at a time.
    await sql(`update private.visitor_form_submissions set created_at = now() - interval '61 minutes' where form = 'request_investor_access'`);
    const visitor = await freshPage();
    await visitor.page.goto(app('/investors/access'));
    await appStarted(visitor.page);
    await visitor.page.getByRole('textbox', { name: 'Full name' }).fill(name);
    await visitor.page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
    await visitor.page.getByRole('textbox', { name: 'Fund, firm or organisation' }).fill('Nordkap Ventures');
    await visitor.page.getByRole('combobox', { name: 'Kind of investor' }).selectOption('venture_capital');
    await visitor.page.getByRole('textbox', { name: /Message/ }).fill('We invest in European trust infrastructure.');
    await visitor.page.getByRole('button', { name: 'Request access' }).click();
    await visitor.page.getByRole('heading', { level: 2, name: 'Thank you. We have your request.' }).waitFor();
    await visitor.context.close();

    await openInvestorsPage();
    const requests = admin.getByRole('table', { name: 'Investor access requests' });
    const row = requests.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain('We invest in European trust infrastructure.');
    await row.getByRole('button', { name: `Grant access to ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Grant access to ${name}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Access level' }).inputValue()).toBe('lite');
    // A day already past is refused here, and what was chosen stays.
    await dialog.getByLabel('Access ends on (optional)').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await dialog.getByText('Choose a date after today, or leave it empty for no expiry.').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Access level' }).inputValue()).toBe('lite');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await dialog.getByLabel('Access ends on (optional)').fill('');

    const seen = await mailIds(email);
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await admin.getByText('Access granted').first().waitFor();
    // The request is no longer new; the investor is in the list.
    await row.waitFor({ state: 'detached' });
    const investors = admin.getByRole('table', { name: 'Investors with access' });
    const investorRow = investors.getByRole('row').filter({ hasText: email });
    await investorRow.waitFor();
    expect(await investorRow.innerText()).toMatch(/Lite[\s\S]*admin@accord\.test[\s\S]*No expiry[\s\S]*Not yet/);

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your access to the Accord investor area');
    const investor = await openMailedLink(linkIn(mail));
    await investor.page.waitForURL(app('/investor/dashboard'));
    await investor.page.getByRole('heading', { level: 1, name: 'Investor dashboard' }).waitFor();

    // The data room stays closed to a lite investor: back to the dashboard, told why.
    await investor.page.goto(app('/investor/data-room'));
    await investor.page.waitForURL(app('/investor/dashboard'));
    await investor.page.getByText('Access Denied').first().waitFor();
    await investor.context.close();

    // The visit is what the back office sees as the last visit.
    await expect
      .poll(async () => (await sql<{ seen: boolean }>(`select last_seen_at is not null as seen from public.investor_access ia join auth.users u on u.id = ia.user_id where lower(u.email) = lower($1)`, [email]))[0]?.seen)
      .toBe(true);
    await openInvestorsPage();
    expect(await admin.getByRole('table', { name: 'Investors with access' }).getByRole('row').filter({ hasText: email }).innerText()).not.toContain('Not yet');
  });

  it('declines a request with a reason, which the requester receives by e-mail', async () => {
    const declinedName = `Alan Declined ${randomUUID().slice(0, 6)}`;
    const declinedEmail = uniqueEmail('e2e-declined');
    // Stored as request_investor_access() stores it; the form itself is exercised above.
    await sql(
      `insert into public.investor_access_requests (name, email, organization, investor_kind) values ($1, $2, 'Turing Partners', 'angel')`,
      [declinedName, declinedEmail],
    );
    await openInvestorsPage();
    const row = admin.getByRole('table', { name: 'Investor access requests' }).getByRole('row').filter({ hasText: declinedEmail });
    await row.getByRole('button', { name: `Decline ${declinedName}’s request` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Decline and send' }).click();
    await dialog.getByText('Write the reason the requester will read.').waitFor();
    const reason = 'We admit institutional funds only for now.';
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
    const seen = await mailIds(declinedEmail);
    await dialog.getByRole('button', { name: 'Decline and send' }).click();
    await admin.getByText('Request declined').first().waitFor();
    const mail = await nextMail(declinedEmail, seen);
    expect(mail.subject).toBe('Your request for investor access to Accord');
    expect(mail.text).toContain(reason);

    await openInvestorsPage('?status=declined');
    const declined = admin.getByRole('table', { name: 'Investor access requests' }).getByRole('row').filter({ hasText: declinedEmail });
    expect(await declined.innerText()).toContain(`Reason: ${reason}`);
    await checkPageWidths(admin, 'admin-investors');
  });
});

describe('an investor\'s grant, changed from the list', () => {
  it('shows an expired grant clearly, extends it, changes the level and revokes it, each in the activity log', async () => {
    const investor = await newUser('e2e-expired-investor');
    await sql(`insert into public.investor_access (user_id, level, expires_at) values ($1, 'lite', now() - interval '1 day')`, [investor.id]);
    await openInvestorsPage();
    const row = () => admin.getByRole('table', { name: 'Investors with access' }).getByRole('row').filter({ hasText: investor.email });
    await row().waitFor();
    expect(await row().innerText()).toContain('Expired');

    await row().getByRole('button', { name: `Extend for ${investor.email}` }).click();
    const expiry = admin.getByRole('dialog');
    const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const day = `${inAMonth.getFullYear()}-${String(inAMonth.getMonth() + 1).padStart(2, '0')}-${String(inAMonth.getDate()).padStart(2, '0')}`;
    await expiry.getByLabel('Access ends on').fill(day);
    await expiry.getByRole('button', { name: 'Save expiry' }).click();
    await admin.getByText('Expiry saved').first().waitFor();
    await expect.poll(async () => (await row().innerText()).includes('Expired')).toBe(false);

    await row().getByRole('button', { name: `Change level for ${investor.email}` }).click();
    const level = admin.getByRole('dialog');
    expect(await level.getByRole('combobox', { name: 'Access level' }).inputValue()).toBe('data_room');
    await level.getByRole('button', { name: 'Change level' }).click();
    await admin.getByText('Level changed').first().waitFor();
    await expect.poll(async () => (await row().innerText()).includes('Data room')).toBe(true);

    await row().getByRole('button', { name: `Revoke access for ${investor.email}` }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
    await admin.getByText('Access revoked').first().waitFor();
    await row().waitFor({ state: 'detached' });

    const [{ id: adminId }] = await sql<{ id: string }>(`select id from auth.users where email = 'admin@accord.test'`);
    expect(
      await sql(`select action from public.network_activity where subject_user_id = $1 and actor_id = $2 order by id`, [investor.id, adminId]),
    ).toEqual([{ action: 'investor_access.expiry_changed' }, { action: 'investor_access.level_changed' }, { action: 'investor_access.revoked' }]);
  });
});

describe('stakeholders', () => {
  it('an administrator invites a stakeholder whose link lands on the stakeholder dashboard', async () => {
    const email = uniqueEmail('e2e-stakeholder');
    await admin.goto(app('/admin/stakeholder-data'));
    await appStarted(admin);
    await admin.getByRole('heading', { level: 1, name: 'Stakeholder data' }).waitFor();
    await admin.getByRole('button', { name: 'Invite stakeholder' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a stakeholder' });
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-address');
    await dialog.getByRole('textbox', { name: /Affiliation/ }).fill('Central Bank of Testing');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(/valid e-mail address/).first().waitFor();
    expect(await dialog.getByRole('textbox', { name: /Affiliation/ }).inputValue()).toBe('Central Bank of Testing');
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    const seen = await mailIds(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText('Stakeholder invited').first().waitFor();
    const row = admin.getByRole('table', { name: 'Stakeholders' }).getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain('Central Bank of Testing');
    await checkPageWidths(admin, 'admin-stakeholder-data');

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your access to the Accord stakeholder dashboard');
    const stakeholder = await openMailedLink(linkIn(mail));
    await stakeholder.page.waitForURL(app('/stakeholder/dashboard'));
    await stakeholder.page.getByRole('heading', { level: 1 }).first().waitFor();
    await stakeholder.context.close();
  });
});
