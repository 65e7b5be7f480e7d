import { randomUUID } from 'node:crypto';
import type axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, injectAxe, launchBrowser } from '../support/browser.ts';
import { signInThroughInbox } from '../support/sign-in.ts';
import { asServiceRole } from '../support/users.ts';

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
