import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type axe from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, injectAxe, launchBrowser } from '../support/browser.ts';
import { createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { signInThroughInbox } from '../support/sign-in.ts';
import { pdfBytes } from '../support/storage-files.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Conversations end to end, in two browsers against the local stack
 * (PostgREST, Storage, Realtime): a member starts a conversation at
 * /dashboard/messages; an administrator in another browser finds it at
 * /admin/messages, takes it and answers; the answer, a closing and a
 * reopening reach the member's page while it stays open (Realtime, no
 * reload); a PDF sent by the member is opened by the administrator through
 * its signed URL.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
/** Set ACCORD_SCREENSHOTS to a directory to keep screenshots of the pages at 1280 and 360 px. */
const shots = process.env.ACCORD_SCREENSHOTS;
const WAIT = { timeout: 30_000 };

let browser: Browser;
let member: TestUser;

/** axe-core's serious and critical violations on the page, one line each with the elements concerned. */
async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // Not the toasts: one fading in or out is half transparent, which axe measures as low contrast. The toaster is not these pages'.
    const results = await (window as unknown as { axe: typeof axe }).axe.run({ exclude: [['[data-scope="toast"]']] }, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.targets.join(', ')}`);
}

/** At 1280 and 360 px: nothing scrolls sideways, axe finds nothing serious, and (with ACCORD_SCREENSHOTS) a picture. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expect(seriousViolations(page), `${name} at ${width} px`).resolves.toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The member's and the administrator's browsers, each signed in once, at the
 * same time: signing in through the inbox takes seconds each, and done one
 * after the other inside each flow it left the first flow at 48 s of a 60 s
 * limit on an idle machine (over it on a loaded one).
 */
let memberBrowser: BrowserContext;
let adminBrowser: BrowserContext;

async function signedIn(email: string, at?: '/accord-login'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughInbox(page, email, at ? { at } : {});
  await page.close();
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
  member = await newUser('messages-member', { email: `messages-member.${Date.now()}@e2e.accord.test`, fullName: 'Mary Somerville' });
  await createOrganization(member, { status: 'approved', name: `Messages Org ${randomUUID().slice(0, 8)}` });
  [memberBrowser, adminBrowser] = await Promise.all([signedIn(member.email), signedIn('admin@accord.test', '/accord-login')]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('conversations between an organisation and the network', () => {
  // The first conversation's two pages, kept open from its first flow into the next: the member's is never reloaded.
  let memberPage: Page;
  let adminPage: Page;
  let memberThread: Locator;
  let subject: string;

  it('a member writes, an administrator in another browser answers, and the answer arrives without a reload', async () => {
    subject = `Question about our renewal ${randomUUID().slice(0, 6)}`;

    // The member's page: opened once, never reloaded.
    memberPage = await memberBrowser.newPage();
    await memberPage.goto(app('/dashboard/messages'));
    await appStarted(memberPage);
    await memberPage.getByText('No conversations yet').waitFor(WAIT);

    // A link that cannot be a conversation, and one to a conversation that is not theirs, explain themselves.
    await memberPage.goto(app('/dashboard/messages?c=not-a-conversation'));
    await memberPage.getByText('This link does not lead to a conversation').waitFor(WAIT);
    await memberPage.goto(app(`/dashboard/messages?c=${randomUUID()}`));
    await memberPage.getByText('Conversation not found').waitFor(WAIT);
    await memberPage.getByRole('link', { name: 'Back to all conversations' }).first().click();

    // Start a conversation: an empty form is told what is missing first.
    await memberPage.getByRole('button', { name: 'Start a conversation' }).click();
    const dialog = memberPage.getByRole('dialog', { name: 'Start a conversation' });
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await dialog.getByText('Give the conversation a subject.').waitFor(WAIT);
    await dialog.getByRole('textbox', { name: /Subject/ }).fill(subject);
    await dialog.getByRole('textbox', { name: /Message/ }).fill('When does our membership renew, and what will it cost?');
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await memberPage.waitForURL((url) => /^\?c=[0-9a-f-]{36}$/.test(url.search), WAIT);
    const conversationId = new URL(memberPage.url()).searchParams.get('c')!;
    memberThread = memberPage.getByRole('list', { name: 'Messages' });
    await memberThread.getByText('When does our membership renew').waitFor(WAIT);
    await memberPage.getByRole('heading', { level: 2, name: subject }).waitFor(WAIT);
    await memberPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The administrator, in a browser of their own.
    adminPage = await adminBrowser.newPage();
    await adminPage.goto(app('/admin/messages'));
    await appStarted(adminPage);
    await adminPage.getByRole('tab', { name: 'Conversations', selected: true }).waitFor(WAIT);
    await adminPage.getByRole('searchbox', { name: 'Search subjects' }).fill(subject);
    const row = adminPage.getByRole('list', { name: 'The network’s conversations' }).getByRole('link', { name: new RegExp(subject) });
    // Unread for the administrator until they open it.
    await row.getByText('1 unread message').waitFor(WAIT);
    await row.click();
    await adminPage.getByRole('heading', { level: 2, name: subject }).waitFor(WAIT);
    await adminPage.getByText('Unassigned', { exact: true }).waitFor(WAIT);

    await adminPage.getByRole('button', { name: 'Assign to me' }).click();
    await adminPage.getByText('Assigned to you', { exact: true }).waitFor(WAIT);
    const [assigned] = await sql<{ assigned_to: string | null }>('select assigned_to from public.conversations where id = $1', [conversationId]);
    const [admin] = await sql<{ id: string }>("select id from auth.users where email = 'admin@accord.test'");
    expect(assigned?.assigned_to).toBe(admin?.id);

    // The answer, sent with Ctrl+Enter.
    const reply = adminPage.getByRole('textbox', { name: 'Your reply' });
    await reply.fill('It renews on 1 January; the price stays the same.');
    await reply.press('Control+Enter');
    await adminPage.getByRole('list', { name: 'Messages' }).getByText('It renews on 1 January').waitFor(WAIT);
    // The box empties once the send has finished, which may be just after the live update showed the message.
    await expect.poll(() => reply.inputValue()).toBe('');

    // It reaches the member's page, which was never reloaded, with the network's side named.
    const answer = memberThread.getByRole('article').filter({ hasText: 'It renews on 1 January' });
    await answer.waitFor(WAIT);
    await expect(answer.getByText('Accord network').count()).resolves.toBe(1);
    await expect(memberPage.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).resolves.toBe(true);

    // A file that is not a PDF, PNG or JPEG is turned away before any upload.
    const picker = memberPage.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await memberPage.getByText('notes.txt is not a PDF, PNG or JPEG file. Send one of those.').waitFor(WAIT);

    // The member sends a PDF; the administrator opens it through its signed URL.
    const pdf = pdfBytes(2048, 'renewal letter');
    await picker.setInputFiles({ name: 'renewal-letter.pdf', mimeType: 'application/pdf', buffer: pdf });
    await memberPage.getByRole('list', { name: 'Files to send' }).getByText('renewal-letter.pdf').waitFor(WAIT);
    await memberPage.getByRole('textbox', { name: 'Your reply' }).fill('Thank you. Our letter is attached.');
    await memberPage.getByRole('button', { name: 'Send reply' }).click();
    await memberThread.getByText('Our letter is attached').waitFor(WAIT);

    const file = adminPage.getByRole('button', { name: /^Open renewal-letter\.pdf/ });
    await file.waitFor(WAIT);
    const [opened] = await Promise.all([adminPage.context().waitForEvent('page', WAIT), file.click()]);
    await opened.waitForURL(/\/storage\/v1\/object\/sign\/conversation_attachments\//, WAIT);
    const download = await fetch(opened.url());
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    await opened.close();

    await checkWidths(memberPage, 'messages-member');
    await checkWidths(adminPage, 'messages-admin');
  });

  it('closing, reopening and a dropped connection reach the member’s open page; the lists on their own', async () => {
    // Closing reaches the member's page: it says so and offers a new conversation.
    await adminPage.getByRole('button', { name: 'Close conversation' }).click();
    await adminPage.getByRole('button', { name: 'Reopen conversation' }).waitFor(WAIT);
    await memberPage.getByText('This conversation is closed').waitFor(WAIT);
    await expect(memberPage.getByRole('textbox', { name: 'Your reply' }).count()).resolves.toBe(0);
    await memberPage.getByRole('button', { name: 'Start a new conversation' }).waitFor(WAIT);
    await checkWidths(memberPage, 'messages-member-closed');

    // Reopening gives the member the reply box back, still without a reload.
    await adminPage.getByRole('button', { name: 'Reopen conversation' }).click();
    await adminPage.getByRole('button', { name: 'Close conversation' }).waitFor(WAIT);
    await memberPage.getByRole('textbox', { name: 'Your reply' }).waitFor(WAIT);

    // Offline and back: the view has no channel while offline, and what was written meanwhile is fetched when it joins again.
    await memberPage.context().setOffline(true);
    await memberPage.locator('[data-live-status="offline"]').waitFor(WAIT);
    // The person is told, and the page they were on stays (a chunk fetched only now could not arrive).
    await memberPage.getByRole('status').getByText('You’re offline.').waitFor(WAIT);
    await adminPage.getByRole('textbox', { name: 'Your reply' }).fill('Written while you were offline.');
    await adminPage.getByRole('button', { name: 'Send reply' }).click();
    await adminPage.getByRole('list', { name: 'Messages' }).getByText('Written while you were offline.').waitFor(WAIT);
    // The member replies while offline: told it is not sent yet, it goes by itself once they are back, once.
    const memberReply = memberPage.getByRole('textbox', { name: 'Your reply' });
    await memberReply.fill('Sent from a train.');
    await memberPage.getByRole('button', { name: 'Send reply' }).click();
    await memberPage.getByRole('alert').getByText('Your message is not sent yet').waitFor(WAIT);
    await memberPage.context().setOffline(false);
    await memberPage.locator('[data-live-status="live"]').waitFor(WAIT);
    await memberThread.getByText('Sent from a train.').waitFor(WAIT);
    await expect.poll(() => memberReply.inputValue(), WAIT).toBe('');
    await adminPage.getByRole('list', { name: 'Messages' }).getByText('Sent from a train.').waitFor(WAIT);
    const sentFromTrain = await sql<{ n: number }>(
      "select count(*)::int as n from public.conversation_messages m join public.conversations c on c.id = m.conversation_id where c.subject = $1 and m.body = 'Sent from a train.'",
      [subject],
    );
    expect(sentFromTrain).toEqual([{ n: 1 }]);
    await memberPage.getByRole('status').getByText('You’re offline.').waitFor({ ...WAIT, state: 'detached' });
    await memberThread.getByText('Written while you were offline.').waitFor(WAIT);
    await expect(memberPage.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).resolves.toBe(true);

    // The lists on their own, as a phone shows them before a conversation is opened.
    await adminPage.goto(app(`/admin/messages?status=all&q=${encodeURIComponent(subject)}`));
    await adminPage.getByRole('list', { name: 'The network’s conversations' }).getByRole('link', { name: new RegExp(subject) }).waitFor(WAIT);
    await checkWidths(adminPage, 'messages-admin-list');
    await memberPage.goto(app('/dashboard/messages'));
    await memberPage.getByRole('list', { name: 'Your organisation’s conversations' }).getByRole('link', { name: new RegExp(subject) }).waitFor(WAIT);
    await checkWidths(memberPage, 'messages-member-list');

    // The Contact Us tab is the other view of the same page, kept in the address.
    await adminPage.getByRole('tab', { name: 'Contact Us' }).click();
    await adminPage.waitForURL((url) => url.search === '?view=contact', WAIT);
    await adminPage.getByRole('tab', { name: 'Contact Us', selected: true }).waitFor(WAIT);
    await Promise.all([memberPage.close(), adminPage.close()]);
  });

  it('an administrator starts a conversation with an organisation, and it appears unread in the member’s open list', async () => {
    const subject = `Your annual review ${randomUUID().slice(0, 6)}`;
    const colleagueName = `Grace Admin ${randomUUID().slice(0, 4)}`;
    await makeSystemAdmin(await newUser('messages-admin', { fullName: colleagueName }));
    const [org] = await sql<{ name: string }>('select o.name from public.organizations o join public.organization_members m on m.organization_id = o.id where m.user_id = $1', [member.id]);

    const memberPage = await memberBrowser.newPage();
    await memberPage.goto(app('/dashboard/messages'));
    await appStarted(memberPage);
    const memberList = memberPage.getByRole('list', { name: 'Your organisation’s conversations' });
    await memberList.waitFor(WAIT);

    const adminPage = await adminBrowser.newPage();
    await adminPage.goto(app('/admin/messages'));
    await appStarted(adminPage);
    await adminPage.getByRole('button', { name: 'Start a conversation' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Start a conversation' });
    // Without an organisation the dialog says what is missing.
    await dialog.getByRole('textbox', { name: /Subject/ }).fill(subject);
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Please confirm your registered address for the annual review.');
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await dialog.getByText('Choose the organisation to write to.').waitFor(WAIT);
    await dialog.getByRole('searchbox', { name: 'Organisation' }).fill(org!.name);
    // Choosing replaces the choices with the chosen name, so a click, not check() (which waits for a checked box).
    await dialog.getByRole('radio', { name: org!.name }).click();
    await dialog.getByRole('button', { name: 'Choose another organisation' }).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await adminPage.getByRole('heading', { level: 2, name: subject }).waitFor(WAIT);
    await adminPage.getByText('Assigned to you', { exact: true }).waitFor(WAIT);

    // Handed to a colleague, then to nobody.
    await adminPage.getByRole('combobox', { name: 'Assign to another administrator' }).selectOption({ label: colleagueName });
    await adminPage.getByRole('button', { name: 'Assign', exact: true }).click();
    await adminPage.getByText(`Assigned to ${colleagueName}`, { exact: true }).waitFor(WAIT);
    await adminPage.getByRole('button', { name: 'Unassign' }).click();
    await adminPage.getByText('Unassigned', { exact: true }).waitFor(WAIT);
    const [row0] = await sql<{ assigned_to: string | null }>('select assigned_to from public.conversations where subject = $1', [subject]);
    expect(row0?.assigned_to).toBeNull();

    // The member's list, open all along, shows it first and unread.
    const row = memberList.getByRole('link', { name: new RegExp(subject) });
    await row.getByText('1 unread message').waitFor(WAIT);
    await expect(memberList.getByRole('link').first().textContent()).resolves.toContain(subject);

    // The back office filters by that organisation.
    await adminPage.getByRole('button', { name: 'Filter by organisation' }).click();
    await adminPage.getByRole('searchbox', { name: 'Organisation' }).fill(org!.name);
    await adminPage.getByRole('radio', { name: org!.name }).click();
    await adminPage.waitForURL((url) => url.searchParams.has('org'), WAIT);
    await adminPage.getByText(`Organisation: ${org!.name}`).waitFor(WAIT);
    const adminList = adminPage.getByRole('list', { name: 'The network’s conversations' });
    await adminList.getByRole('link', { name: new RegExp(subject) }).waitFor(WAIT);
    for (const text of await adminList.getByRole('link').allTextContents()) expect(text).toContain(org!.name);
  });
});
