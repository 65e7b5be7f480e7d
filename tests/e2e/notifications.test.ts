import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { listMail, mailIds, nextMail } from '../support/inbox.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Notifications end to end, in Chromium against the local stack (decision
 * 049). Every notification comes from a real event caused by another person
 * through the real RPCs: an administrator of the network answers in a
 * conversation (post_message), a colleague joins through the team invitation
 * RPCs. The member sees the count in the header and the side navigation,
 * sees new ones arrive while the page is open (no reload), marks one and all
 * read, opens the thing itself; and, after choosing in settings, gets the
 * e-mail of a kind switched on and not of a kind switched off.
 */
const config = stackConfig('test');
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the page at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
const LONG = 30_000;

let browser: Browser;
let member: TestUser;
let otherAdmin: TestUser;
let network: TestUser;
let organizationId: string;
let conversationId: string;

/** The whole page, or only `part` of it, at 1280 and 360 px. */
async function screenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const path = join(shots, `${name}-${width}.png`);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    // Nothing wider than the screen: no sideways scrolling at 360 px.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The network answers in the organisation's conversation, as an administrator does from the back office. */
async function networkAnswers(body: string): Promise<void> {
  expectOk(await network.client.rpc('post_message', { p_conversation_id: conversationId, p_body: body }));
}

/** A new colleague joins: the other admin invites them and they accept, through the team invitation RPCs. */
async function colleagueJoins(label: string, fullName: string): Promise<TestUser> {
  const colleague = await newUser(label, { email: `${label}.${Date.now()}@e2e.accord.test`, fullName });
  const sent = expectOk(
    await otherAdmin.client.rpc('create_tenant_invitation', { p_organization_id: organizationId, p_email: colleague.email, p_role: 'member' }),
  ) as { token: string };
  expectOk(await colleague.client.rpc('accept_tenant_invitation', { p_token: sent.token, p_organization_id: organizationId }));
  return colleague;
}

const bell = (page: Page, unread: number) => page.locator('header').getByRole('link', { name: unread ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Member area' }).first();
const unreadSection = (page: Page) => page.getByRole('region', { name: 'Unread' });
const readSection = (page: Page) => page.getByRole('region', { name: 'Read' });

/** The header's bell and the side navigation's Notifications item both say `unread`. */
async function countsAre(page: Page, unread: number): Promise<void> {
  await bell(page, unread).waitFor({ timeout: LONG });
  const item = sideNav(page).getByRole('link', { name: /^Notifications/ });
  await expect
    .poll(async () => ((await item.textContent()) ?? '').replace(/\s+/g, ' ').trim(), { timeout: LONG })
    .toBe(unread ? `Notifications${unread > 99 ? '99+' : unread} unread` : 'Notifications');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now();
  member = await newUser('notif-member', { email: `notif-member.${stamp}@e2e.accord.test`, fullName: 'Ada Lovelace' });
  otherAdmin = await newUser('notif-other-admin', { email: `notif-other-admin.${stamp}@e2e.accord.test`, fullName: 'Grace Hopper' });
  network = await newUser('notif-network', { email: `notif-network.${stamp}@e2e.accord.test`, fullName: 'Network Desk' });
  await makeSystemAdmin(network);
  organizationId = await createOrganization(member, { status: 'approved' });
  await addMember(organizationId, otherAdmin, 'admin');
  conversationId = expectOk(
    await network.client.rpc('start_conversation', {
      p_organization_id: organizationId,
      p_subject: 'Renewal documents',
      p_body: 'Your registration is due for renewal.',
    }),
  ) as string;
  // Arranging the organisation (the other admin added) told the member things already: start from nothing unread.
  await sql('update public.notifications set read_at = now() where user_id = $1 and read_at is null', [member.id]);
});

afterAll(async () => {
  await browser?.close();
});

describe('notifications, end to end', () => {
  it('counts in the header and the navigation, arrive live, are marked read, open the thing, and go by e-mail as chosen', async () => {
    // Two events before the member looks: an answer from the network (e-mailed by default) and a colleague joining (not).
    const seen = await mailIds(member.email);
    await networkAnswers('Please send your certificate of registration.');
    await colleagueJoins('notif-colleague-one', 'Katherine Johnson');
    const defaultMail = await nextMail(member.email, seen, LONG);
    expect(defaultMail.subject).toBe('Accord: The network answered: Renewal documents');

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, member.email, '/dashboard');
    await countsAre(page, 2);

    // The bell leads to the page: unread first, each with its text, its time and a link to the thing.
    await bell(page, 2).click();
    await page.waitForURL(`${config.appUrl}/dashboard/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await unreadSection(page).getByRole('link', { name: 'The network answered: Renewal documents' }).waitFor({ timeout: LONG });
    await unreadSection(page).getByRole('link', { name: /^Katherine Johnson joined/ }).waitFor();
    await expect(unreadSection(page).getByText('Please send your certificate of registration.').isVisible()).resolves.toBe(true);
    await page.locator('[data-live-status="live"]').waitFor({ timeout: LONG });
    await screenshot(page, 'notifications');

    // Settings: colleagues joining by e-mail from now on; answers from the network no longer.
    await page.goto(`${config.appUrl}/dashboard/settings#notifications`);
    // By its address: the toaster's live region is also named "Notifications".
    const settings = page.locator('section#notifications');
    const joined = settings.getByRole('switch', { name: 'E-mail me: A colleague joined' });
    const answers = settings.getByRole('switch', { name: 'E-mail me: Answers from the network' });
    // The switch's input is visually hidden (its control is what one sees and clicks).
    await settings.getByRole('listitem').filter({ hasText: 'A colleague joined' }).waitFor({ timeout: LONG });
    await joined.waitFor({ state: 'attached', timeout: LONG });
    await expect(joined.isChecked()).resolves.toBe(false);
    await expect(answers.isChecked()).resolves.toBe(true);
    const control = (label: string) => settings.getByRole('listitem').filter({ hasText: label }).locator('[data-part="control"]');
    await control('A colleague joined').click();
    await page.getByText('E-mail turned on').waitFor({ timeout: LONG });
    await control('Answers from the network').click();
    await page.getByText('E-mail turned off').waitFor({ timeout: LONG });
    await expect.poll(() => joined.isChecked(), { timeout: LONG }).toBe(true);
    await expect.poll(() => answers.isChecked(), { timeout: LONG }).toBe(false);
    await screenshot(page, 'notification-settings', settings);

    // Back on the page (through the side navigation: the toasts sit over the bell for now), new events arrive while it is open: no reload.
    await sideNav(page).getByRole('link', { name: /^Notifications/ }).click();
    await page.waitForURL(`${config.appUrl}/dashboard/notifications`);
    await page.locator('[data-live-status="live"]').waitFor({ timeout: LONG });
    await unreadSection(page).getByRole('link', { name: /^Katherine Johnson joined/ }).waitFor({ timeout: LONG });
    const beforeLive = await mailIds(member.email);
    await networkAnswers('We have everything we need, thank you.');
    await unreadSection(page).getByText('We have everything we need, thank you.').waitFor({ timeout: LONG });
    await countsAre(page, 3);
    await colleagueJoins('notif-colleague-two', 'Dorothy Vaughan');
    await unreadSection(page).getByRole('link', { name: /^Dorothy Vaughan joined/ }).waitFor({ timeout: LONG });
    await countsAre(page, 4);

    // E-mail as chosen: the join (switched on) arrives; the answer (switched off) was never queued nor sent.
    const joinedMail = await nextMail(member.email, beforeLive, LONG);
    expect(joinedMail.subject).toMatch(/^Accord: Dorothy Vaughan joined /);
    expect(joinedMail.text).toContain(`${config.auth.siteUrl}/dashboard/members`);
    expect(joinedMail.text).toContain(`${config.auth.siteUrl}/dashboard/settings#notifications`);
    const answerQueued = await sql<{ queued: boolean }>(
      `select exists (select 1 from private.notification_emails q join public.notifications n on n.id = q.notification_id
                       where n.user_id = $1 and n.kind = 'network_reply' and n.body = 'We have everything we need, thank you.') as queued`,
      [member.id],
    );
    expect(answerQueued[0].queued).toBe(false);
    // The queue is sent oldest first, so the answer (older than the join) would have come before it.
    const answersMailed = (await listMail()).filter(
      (m) =>
        !beforeLive.has(m.id) &&
        m.to.some((t) => t.address.toLowerCase() === member.email.toLowerCase()) &&
        m.subject === 'Accord: The network answered: Renewal documents',
    );
    expect(answersMailed).toEqual([]);

    // With unread notifications and their buttons on screen, axe finds nothing serious
    // (each "Mark as read" button's name starts with the words it shows).
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);

    // Mark one read: it moves to the read section, and both counts follow.
    await unreadSection(page).getByRole('button', { name: 'Mark as read: “The network answered: Renewal documents”' }).first().click();
    await countsAre(page, 3);
    await readSection(page).getByRole('link', { name: 'The network answered: Renewal documents' }).first().waitFor({ timeout: LONG });

    // Following a link opens the thing itself and reads it.
    await unreadSection(page).getByRole('link', { name: /^Dorothy Vaughan joined/ }).click();
    await page.waitForURL(`${config.appUrl}/dashboard/members`);
    await page.getByRole('table', { name: 'The team' }).waitFor({ timeout: LONG });
    await countsAre(page, 2);

    // Mark all read.
    await bell(page, 2).click();
    await page.waitForURL(`${config.appUrl}/dashboard/notifications`);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('All notifications marked as read').waitFor({ timeout: LONG });
    await countsAre(page, 0);
    await unreadSection(page).getByText('Nothing unread').waitFor({ timeout: LONG });
    for (const title of [/^Katherine Johnson joined/, /^Dorothy Vaughan joined/]) await readSection(page).getByRole('link', { name: title }).waitFor();
    // The conversation's opening message (read before the test looked) and the two answers.
    await expect(readSection(page).getByRole('link', { name: 'The network answered: Renewal documents' }).count()).resolves.toBe(3);
    await screenshot(page, 'notifications-read');
  });
});
