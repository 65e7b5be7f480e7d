import { randomUUID } from 'node:crypto';
import type axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, injectAxe, launchBrowser } from '../support/browser.ts';
import { fetchFrom, freshClientAddress } from '../support/client-address.ts';
import { signInThroughInbox } from '../support/sign-in.ts';
import { asServiceRole, sql } from '../support/users.ts';

/**
 * The public site's two forms in Chromium against the local stack: an
 * investor access request and a Contact Us message, each first with bad input
 * (clear messages, nothing typed lost) and then good input (the confirmation,
 * and the row the back office will read, checked with the service role). The
 * contact dialog is used with the keyboard only. Axe finds no serious or
 * critical problem on the pages and in the dialog.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@e2e.accord.test`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** Serious and critical accessibility violations on the page (or in `within`), as axe reports them. */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (selector) => {
    const result = await window.axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, within);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** The field's own error message, as a screen reader hears it after the field. */
const description = (page: Page, role: 'textbox' | 'combobox', name: string | RegExp) =>
  page.getByRole(role, { name }).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.textContent);

describe('/investors', () => {
  it('tells investors what Accord is and leads to the access request', async () => {
    const { context, page } = await freshPage();
    await page.goto(app('/investors'));
    await page.getByRole('heading', { level: 1, name: 'The trust layer for identity and document verification' }).waitFor();
    for (const name of ['The market: organisations that must verify', 'How the network works', 'Traction you can check', 'What investors see']) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/investing in/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Request investor access' }).first().click();
    await page.waitForURL(app('/investors/access'));
    await page.getByRole('heading', { level: 1, name: 'Request investor access' }).waitFor();
    await context.close();
  });

  it('offers a signed-in investor their dashboard instead', async () => {
    const { context, page } = await freshPage();
    await signInThroughInbox(page, 'investor.lite@accord.test');
    await page.waitForURL(app('/investor/dashboard'));
    await page.goto(app('/investors'));
    await page.getByRole('link', { name: 'Go to your investor dashboard' }).first().click();
    await page.waitForURL(app('/investor/dashboard'));
    await context.close();
  });
});

describe('/investors/access', () => {
  it('names every problem at its field, keeps what was typed, survives a failed send, then confirms and stores the request', async () => {
    const { context, page } = await freshPage();
    const email = uniqueEmail('investor');
    await page.goto(app('/investors/access'));
    await page.getByRole('heading', { level: 1, name: 'Request investor access' }).waitFor();
    await appStarted(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Bad input: a missing name and a malformed address.
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill('margit@nordkap');
    await page.getByRole('textbox', { name: 'Fund, firm or organisation' }).fill('Nordkap Ventures');
    await page.getByRole('textbox', { name: /Message/ }).fill('We invest in European trust infrastructure.');
    await page.getByRole('button', { name: 'Request access' }).click();

    await expect.poll(() => focusedName(page)).toBe('name');
    expect(await description(page, 'textbox', 'Full name')).toContain('Enter your name.');
    expect(await description(page, 'textbox', 'Work e-mail')).toContain('Enter a valid e-mail address, for example name@organisation.org.');
    expect(await description(page, 'combobox', 'Kind of investor')).toContain('Choose the kind of investor you are.');
    expect(await page.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe('margit@nordkap');
    expect(await page.getByRole('textbox', { name: 'Fund, firm or organisation' }).inputValue()).toBe('Nordkap Ventures');
    expect(await page.getByRole('textbox', { name: /Message/ }).inputValue()).toBe('We invest in European trust infrastructure.');
    expect(await seriousViolations(page)).toEqual([]);

    // Good input, but the connection drops on the first try.
    await page.getByRole('textbox', { name: 'Full name' }).fill('Margit Lindqvist');
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
    await page.getByRole('combobox', { name: 'Kind of investor' }).selectOption('venture_capital');
    const rpc = `${config.apiUrl}/rest/v1/rpc/request_investor_access`;
    await page.route(rpc, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Request access' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Your request was not sent').waitFor();
    expect(await alert.textContent()).toContain('Everything you typed is still here');
    expect(await page.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Margit Lindqvist');
    expect(await page.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe(email);
    expect(await page.getByRole('combobox', { name: 'Kind of investor' }).inputValue()).toBe('venture_capital');

    // Sending again works.
    await page.unroute(rpc);
    await page.getByRole('button', { name: 'Request access' }).click();
    const received = page.getByRole('heading', { level: 2, name: 'Thank you. We have your request.' });
    await received.waitFor();
    await expect.poll(() => received.evaluate((el) => el === document.activeElement)).toBe(true);
    const confirmation = page.getByRole('region', { name: 'Thank you. We have your request.' });
    expect(await confirmation.textContent()).toContain(email);
    expect(await confirmation.textContent()).toMatch(/reviews every request, usually within three business days/);
    expect(await confirmation.textContent()).toMatch(/sign-in link/);
    expect(await seriousViolations(page)).toEqual([]);

    const { data, error } = await asServiceRole()
      .from('investor_access_requests')
      .select('name, email, organization, investor_kind, message, status')
      .eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Margit Lindqvist',
        email,
        organization: 'Nordkap Ventures',
        investor_kind: 'venture_capital',
        message: 'We invest in European trust infrastructure.',
        status: 'new',
      },
    ]);
    await context.close();
  });
});

describe('Contact Us', () => {
  it('opens from the footer with the keyboard, checks the message, sends it, and closes with Escape back to the link', async () => {
    const { context, page } = await freshPage();
    const email = uniqueEmail('contact');
    await page.goto(app('/about'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Before the app has started, Contact Us is a plain mailto: link.
    await appStarted(page);

    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contact Accord' });
    await dialog.waitFor();
    await expect.poll(() => focusedName(page)).toBe('name');
    expect(await dialog.getByRole('link', { name: 'hello@accord.network' }).getAttribute('href')).toBe('mailto:hello@accord.network');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // Bad input, typed and sent from the keyboard.
    await page.keyboard.type('Fiona Gallagher');
    await page.keyboard.press('Tab');
    await page.keyboard.type('fiona at lakeside');
    await dialog.getByRole('button', { name: 'Send message' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('email');
    expect(await description(page, 'textbox', 'E-mail')).toContain('Enter a valid e-mail address');
    expect(await description(page, 'combobox', 'Topic')).toContain('Choose what your message is about.');
    expect(await description(page, 'textbox', 'Message')).toContain('Write your message.');
    expect(await dialog.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Fiona Gallagher');
    expect(await dialog.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('fiona at lakeside');

    // Closing by accident loses nothing.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Fiona Gallagher');

    // Good input.
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Organisation (optional)' }).fill('Lakeside College');
    await dialog.getByRole('combobox', { name: 'Topic' }).selectOption('membership');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Can a college join if an outside provider runs its identity checks?');
    await dialog.getByRole('button', { name: 'Send message' }).focus();
    await page.keyboard.press('Enter');
    const sent = dialog.getByRole('heading', { name: 'Message sent' });
    await sent.waitFor();
    await expect.poll(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.textContent()).toContain(email);
    expect(await dialog.textContent()).toMatch(/usually within two business days/);

    const { data, error } = await asServiceRole()
      .from('contact_messages')
      .select('name, email, organization, topic, message, handled')
      .eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Fiona Gallagher',
        email,
        organization: 'Lakeside College',
        topic: 'membership',
        message: 'Can a college join if an outside provider runs its identity checks?',
        handled: false,
      },
    ]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('keeps the dialog’s code out of the first load: it is fetched when the link is used', async () => {
    const { context, page } = await freshPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(app('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await appStarted(page);
    expect(fetched.filter((path) => path.includes('contact-dialog'))).toEqual([]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('dialog', { name: 'Contact Accord' }).waitFor();
    expect(fetched.filter((path) => path.includes('contact-dialog')).length).toBeGreaterThan(0);
    await context.close();
  });
});

/**
 * The hourly limits (docs/decisions/026-public-form-limits.md) as a person
 * meets them: others have used up what the form takes — real submissions,
 * through the gateway, from this browser's connection (127.0.0.1) or from many
 * — so the form says which limit it is, keeps everything typed, and sends once
 * the hour has passed (the counted submissions are back-dated, as time would).
 */
describe('the hourly limits', () => {
  const rpc = (fn: string) => `${config.apiUrl}/rest/v1/rpc/${fn}`;
  const post = (from: string, fn: string, body: Record<string, string>) =>
    fetchFrom(from)(rpc(fn), {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const FORMS = { request_investor_access: 'investor_access_requests', send_contact_message: 'contact_messages' } as const;
  /** Others send through `fn`, each from `from()`, until `network` (null: everyone) has sent `limit` this hour. */
  async function useUp(
    fn: keyof typeof FORMS,
    { network, limit, from }: { network: string | null; limit: number; from: () => string },
    body: () => Record<string, string>,
  ) {
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from private.visitor_form_submissions
        where form = $1 and ($2::cidr is null or client_network = $2::cidr) and created_at > now() - interval '1 hour'`,
      [FORMS[fn], network],
    );
    for (let sent = n; sent < limit; sent += 1) expect((await post(from(), fn, body())).status).toBe(200);
  }
  const hourPasses = (form: string) =>
    sql(`update private.visitor_form_submissions set created_at = now() - interval '61 minutes' where form = $1`, [form]);

  it('an investor request from a connection that has sent 5 this hour is refused with a sentence saying so, keeps what was typed, and goes through later', async () => {
    // Others on this connection (127.0.0.1, as the browser is) send what it may send this hour.
    await useUp('request_investor_access', { network: '127.0.0.1/32', limit: 5, from: () => '127.0.0.1' }, () => ({
      p_name: 'Colleague',
      p_email: uniqueEmail('colleague'),
      p_organization: 'Shared Office Ltd',
      p_investor_kind: 'angel',
    }));

    const { context, page } = await freshPage();
    const email = uniqueEmail('limited-investor');
    await page.goto(app('/investors/access'));
    await appStarted(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Margit Lindqvist');
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Fund, firm or organisation' }).fill('Nordkap Ventures');
    await page.getByRole('combobox', { name: 'Kind of investor' }).selectOption('angel');
    await page.getByRole('button', { name: 'Request access' }).click();

    const alert = page.getByRole('alert');
    await alert.getByText('Your request was not sent').waitFor();
    expect(await alert.textContent()).toMatch(
      /several from your internet connection in the last hour.*Everything you typed is still here\. Please try again in an hour, or write to us at hello@accord\.network/,
    );
    expect(await page.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Margit Lindqvist');
    expect(await page.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe(email);
    expect(await page.getByRole('combobox', { name: 'Kind of investor' }).inputValue()).toBe('angel');
    expect(await seriousViolations(page)).toEqual([]);
    const stored = () => asServiceRole().from('investor_access_requests').select('email').eq('email', email);
    expect((await stored()).data).toEqual([]);

    await hourPasses('investor_access_requests');
    await page.getByRole('button', { name: 'Request access' }).click();
    await page.getByRole('heading', { level: 2, name: 'Thank you. We have your request.' }).waitFor();
    expect((await stored()).data).toEqual([{ email }]);
    await context.close();
  });

  it('a contact message when everyone together has sent 120 this hour is refused with a sentence saying so, and goes through later', async () => {
    // Visitors on many connections use up the hour's ceiling.
    await useUp('send_contact_message', { network: null, limit: 120, from: freshClientAddress }, () => ({
      p_name: 'Someone',
      p_email: uniqueEmail('crowd'),
      p_topic: 'other',
      p_message: 'Hello',
    }));

    const { context, page } = await freshPage();
    const email = uniqueEmail('limited-contact');
    await page.goto(app('/about'));
    await appStarted(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Accord' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Fiona Gallagher');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Topic' }).selectOption('press');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('A question from the press.');
    await dialog.getByRole('button', { name: 'Send message' }).click();

    const alert = dialog.getByRole('alert');
    await alert.getByText('Your message was not sent').waitFor();
    expect(await alert.textContent()).toMatch(
      /more than we can take in just now.*Everything you typed is still here\. Please try again later, or write to us at hello@accord\.network/,
    );
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('A question from the press.');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await hourPasses('contact_messages');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByRole('heading', { name: 'Message sent' }).waitFor();
    const { data } = await asServiceRole().from('contact_messages').select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
    await context.close();
  });
});
