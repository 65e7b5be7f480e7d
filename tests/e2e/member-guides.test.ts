import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { checkPageWidths } from '../support/page-widths.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, type TestUser } from '../support/users.ts';

/**
 * A member's guides in Chromium against the local stack: the how-to guide's
 * contents link moves focus to its section, and a command copied from the page
 * answers in a shell what the page says; the FAQ narrows as the member types;
 * a question asked on /dashboard/help becomes a conversation in
 * /dashboard/messages.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const WAIT = { timeout: 30_000 };
const exec = promisify(execFile);

let browser: Browser;
let member: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await newUser('guides-member', { email: `guides-member.${Date.now()}@e2e.accord.test`, fullName: 'Grace Hopper' });
  await createOrganization(member, { status: 'approved', name: `Guides Org ${randomUUID().slice(0, 8)}` });
});

afterAll(async () => {
  await browser?.close();
});

describe('a member’s guides and help', () => {
  it('reads the how-to guide, searches the FAQ and asks the network a question that arrives in Messages', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, member.email);

    // The how-to guide: a contents link moves focus to its section.
    await page.goto(app('/dashboard/how-to'));
    await appStarted(page);
    await page.getByRole('heading', { level: 1, name: 'How-to guides' }).waitFor(WAIT);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Levels of assurance in practice' }).click();
    await page.waitForURL(/#levels-in-practice$/, WAIT);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), WAIT)
      .toBe('levels-in-practice');
    const inView = await page.getByRole('heading', { level: 2, name: 'Levels of assurance in practice' }).evaluate((heading) => {
      const { top } = heading.getBoundingClientRect();
      return top >= 0 && top < window.innerHeight;
    });
    expect(inView).toBe(true);

    // A command as printed, with the address this build talks to, answers in a shell what the page shows.
    const command = page.getByLabel('Command: Is Grachtenbank a member, and is it active?');
    const printed = await command.innerText();
    expect(printed.startsWith(`curl -s "${config.apiUrl}/rest/v1/rpc/registry_search?`)).toBe(true);
    const shown = JSON.parse(await page.getByLabel('Answer: Is Grachtenbank a member, and is it active?').innerText());
    const { stdout } = await exec('sh', ['-c', printed], { env: { ...process.env, ANON_KEY: config.keys.anonKey }, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual(shown);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkPageWidths(page, 'member-how-to');

    // Help: the FAQ narrows as the member types.
    await page.goto(app('/dashboard/help'));
    await appStarted(page);
    const faq = page.getByRole('region', { name: 'Questions and answers' });
    await faq.getByRole('searchbox', { name: 'Search the questions' }).fill('invitation expired');
    await faq.getByRole('status').getByText('1 question matches your search.').waitFor(WAIT);
    // The match is open: its answer shows without another click.
    await faq.getByText('A colleague’s invitation did not arrive, or has expired. What now?').waitFor(WAIT);
    await faq.getByText('An invitation link works for seven days.', { exact: false }).waitFor(WAIT);
    await expect(faq.getByText('Are there limits on the API?').count()).resolves.toBe(0);
    await faq.getByRole('searchbox', { name: 'Search the questions' }).fill('');
    await checkPageWidths(page, 'member-help');

    // Asking the network: an empty form is told what is missing, then the question starts a conversation.
    const subject = `Renewal and the API ${randomUUID().slice(0, 6)}`;
    const ask = page.getByRole('region', { name: 'Ask the network' });
    await ask.getByRole('button', { name: 'Send question' }).click();
    await ask.getByText('Give the conversation a subject.').waitFor(WAIT);
    await ask.getByRole('textbox', { name: /Subject/ }).fill(subject);
    await ask.getByRole('textbox', { name: /Your question/ }).fill('Is there a daily limit on registry_status_on calls from our onboarding system?');
    await ask.getByRole('button', { name: 'Send question' }).click();
    const open = ask.getByRole('link', { name: 'Open the conversation' });
    await open.waitFor(WAIT);
    await checkPageWidths(page, 'member-help-sent');
    await open.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/messages' && /^\?c=[0-9a-f-]{36}$/.test(url.search), WAIT);
    await page.getByRole('heading', { level: 2, name: subject }).waitFor(WAIT);
    await page.getByRole('list', { name: 'Messages' }).getByText('Is there a daily limit on registry_status_on calls').waitFor(WAIT);
    await page.getByRole('list', { name: 'Your organisation’s conversations' }).getByRole('link', { name: new RegExp(subject) }).waitFor(WAIT);
  });
});
