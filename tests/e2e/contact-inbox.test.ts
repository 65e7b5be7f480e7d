import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser, seriousAxeViolations } from '../support/browser.ts';
import { mailIds, nextMail } from '../support/inbox.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { anonFrom } from '../support/client-address.ts';
import { expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asServiceRole, newUser, sql, uniqueEmail } from '../support/users.ts';

/**
 * A visitor's Contact Us message reaches /admin/messages and is answered by
 * e-mail (issue 15): the visitor sends the footer's form; the seeded system
 * administrator opens the Contact Us tab, finds the message, answers it; the
 * visitor's inbox holds the answer; after a reload the answer is still shown,
 * e-mailed. Then the same view at 360 px and 1280 px.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const shots = process.env.ACCORD_SCREENSHOTS;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((element) => `${element.tagName}: ${(element.textContent ?? '').slice(0, 40)}`),
  );
  expect(cut, what).toEqual([]);
}

describe('Contact Us in /admin/messages', () => {
  it('a visitor writes; the message reaches the open inbox live; the administrator answers it by e-mail, and the answer stays shown', async () => {
    const tag = randomUUID().slice(0, 8);
    const visitorEmail = uniqueEmail('contact-inbox-visitor');
    const question = `Can a college join if an outside provider runs its identity checks? (${tag})`;
    const reply = `Yes, it can. List the provider in your application. (${tag})`;

    // The administrator.
    const context = await browser.newContext();
    const page = await context.newPage();
    await openSignedIn(page, 'admin@accord.test', '/admin/messages');
    await appStarted(page);
    await page.getByRole('tab', { name: 'Contact Us' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'contact');
    await page.getByText('Live', { exact: true }).waitFor();

    // Searched for before it exists; the filters live in the address beside the page's view=contact.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await page.waitForURL((url) => url.searchParams.get('q') === tag && url.searchParams.get('view') === 'contact');
    const list = page.getByRole('list', { name: 'Contact Us messages' });
    await page.getByText('Nothing matches').waitFor();

    // The visitor, in a browser of their own, while the administrator watches.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(app('/about'));
    await appStarted(visitor);
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Contact Accord' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Fiona Gallagher');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(visitorEmail);
    await dialog.getByRole('textbox', { name: 'Organisation (optional)' }).fill('Lakeside College');
    await dialog.getByRole('combobox', { name: 'Topic' }).selectOption('membership');
    await dialog.getByRole('textbox', { name: 'Message' }).fill(question);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByRole('heading', { name: 'Message sent' }).waitFor();
    await visitorContext.close();

    // It arrives without a reload.
    const item = list.getByRole('button').filter({ hasText: tag });
    await item.waitFor({ timeout: 30_000 });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
    expect(await item.innerText()).toContain('New');
    await item.click();

    const message = page.getByRole('article', { name: 'Message from Fiona Gallagher' });
    await message.waitFor();
    const details = await message.innerText();
    expect(details).toContain(visitorEmail);
    expect(details).toContain('Lakeside College');
    expect(details).toContain('Joining the network');
    expect(details).toContain(question);
    await message.getByText('Not answered yet.').waitFor();

    // The answer goes by e-mail.
    const seen = await mailIds(visitorEmail);
    await message.getByRole('textbox', { name: /Your answer/ }).fill(reply);
    await message.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('Answer sent').first().waitFor();
    const answers = message.getByRole('list', { name: 'Answers' });
    await answers.getByText(reply).waitFor();
    await answers.getByText('E-mailed', { exact: true }).waitFor();
    expect(await message.getByRole('textbox', { name: /Your answer/ }).inputValue()).toBe('');

    const mail = await nextMail(visitorEmail, seen);
    expect(mail.to.map((to) => to.address)).toEqual([visitorEmail]);
    expect(mail.subject).toBe('Your message to Accord');
    expect(mail.text).toContain('Dear Fiona Gallagher,');
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(`> ${question}`);

    // Kept: after a reload the answer is still there, e-mailed, and the message handled.
    await page.reload();
    await appStarted(page);
    const again = page.getByRole('article', { name: 'Message from Fiona Gallagher' });
    await again.getByRole('list', { name: 'Answers' }).getByText(reply).waitFor();
    await again.getByRole('list', { name: 'Answers' }).getByText('E-mailed', { exact: true }).waitFor();
    await again.getByRole('button', { name: 'Mark as not handled' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('contact');
    const [stored] = await sql<{ handled: boolean; answers: number }>(
      `select m.handled, (select count(*)::int from public.contact_message_answers a where a.message_id = m.id) as answers
         from public.contact_messages m where m.email = $1`,
      [visitorEmail],
    );
    expect(stored).toEqual({ handled: true, answers: 1 });
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);

    // At both widths: nothing wider than the screen. Screenshots when asked for.
    if (shots) mkdirSync(shots, { recursive: true });
    try {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        await page.goto(app(`/admin/messages?view=contact&q=${tag}`));
        await list.getByRole('button').filter({ hasText: tag }).waitFor();
        await noSidewaysScroll(page, `list at ${width} px`);
        // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        if (shots) await page.screenshot({ path: `${shots}/contact-inbox-list-${width}.png`, fullPage: true });
        await list.getByRole('button').filter({ hasText: tag }).click();
        await page.getByRole('article', { name: 'Message from Fiona Gallagher' }).getByText(reply).waitFor();
        await noSidewaysScroll(page, `message at ${width} px`);
        await page.evaluate(() => window.scrollTo(0, 0));
        if (shots) await page.screenshot({ path: `${shots}/contact-inbox-message-${width}.png`, fullPage: true });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await context.close();
  });

  it('an answer whose e-mail failed is kept, says why, and goes with "Send again"; a failed connection keeps the text; an address that is not one mailbox is refused with a clear sentence', async () => {
    const tag = randomUUID().slice(0, 8);
    const send = async (email: string) => {
      const { data, error } = await anonFrom().rpc('send_contact_message', {
        p_name: `Gerrit ${tag}`,
        p_email: email,
        p_topic: 'support',
        p_message: `Where do I find the API keys? (${tag})`,
      });
      expect(error).toBeNull();
      return data as string;
    };
    // One answer whose e-mail failed earlier (arranged as the function records a failure: claim, then failed).
    const visitorEmail = uniqueEmail('contact-inbox-failed');
    const failedId = await send(visitorEmail);
    const arranger = await newUser('contact-inbox-arranger', { fullName: 'Rosa Arranger' });
    await makeSystemAdmin(arranger);
    const [kept] = expectOk(
      await arranger.client.rpc('answer_contact_message', { p_message_id: failedId, p_body: `Under Settings, then API. (${tag})`, p_request_id: randomUUID() }),
    ) as { answer_id: string }[];
    expect(expectOk(await asServiceRole().rpc('claim_contact_answer_delivery', { p_answer_id: kept.answer_id }))).toBe(true);
    expectOk(await asServiceRole().rpc('record_contact_answer_delivery', { p_answer_id: kept.answer_id, p_sent: false, p_error: 'The mail server did not answer.' }));

    const context = await browser.newContext();
    const page = await context.newPage();
    await openSignedIn(page, 'admin@accord.test', `/admin/messages?view=contact&message=${failedId}`);
    await appStarted(page);
    const message = page.getByRole('article', { name: `Message from Gerrit ${tag}` });
    const answers = message.getByRole('list', { name: 'Answers' });
    await answers.getByText('Not delivered', { exact: true }).waitFor();
    await answers.getByText('The mail server did not answer.').waitFor();
    const seen = await mailIds(visitorEmail);
    await answers.getByRole('button', { name: 'Send again' }).click();
    await answers.getByText('E-mailed', { exact: true }).waitFor();
    expect(await answers.getByRole('button', { name: 'Send again' }).count()).toBe(0);
    expect((await nextMail(visitorEmail, seen)).text).toContain(`Under Settings, then API. (${tag})`);

    // "someone,victim@…" passes the form's check but is two mailboxes to a mail server: kept, not mailed, and said so.
    const listId = await send(`someone,victim.${tag}@elsewhere.accord.test`);
    await page.goto(app(`/admin/messages?view=contact&message=${listId}`));
    const second = page.getByRole('article', { name: `Message from Gerrit ${tag}` });
    await second.getByText('Not answered yet.').waitFor();
    const text = `Please write from your own address. (${tag})`;
    await second.getByRole('textbox', { name: /Your answer/ }).fill(text);
    // First the connection fails: the text stays, with a sentence saying why.
    await page.route('**/functions/v1/reply-contact-message', (route) => route.abort('internetdisconnected'));
    await second.getByRole('button', { name: 'Send answer' }).click();
    await second.getByText("We couldn't reach Accord. Check your connection and try again.").waitFor();
    expect(await second.getByRole('textbox', { name: /Your answer/ }).inputValue()).toBe(text);
    await page.unroute('**/functions/v1/reply-contact-message');
    await second.getByRole('button', { name: 'Send answer' }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'Your answer was kept, but it was not e-mailed' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/is not an address Accord can write to/);
    await second.getByRole('list', { name: 'Answers' }).getByText(text).waitFor();
    await second.getByRole('list', { name: 'Answers' }).getByText('Not delivered', { exact: true }).waitFor();
    await context.close();
  });
});
