import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { formatMinor } from '../../supabase/functions/_shared/billing/money.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { billedOrganization, ensureSeller } from '../support/billing-fixtures.ts';
import { issuedInvoice } from '../support/card-payments.ts';
import { addMember, makeSystemAdmin } from '../support/db-fixtures.ts';
import { awayFromStepBoundary, enrolVerifiedTotp, TOTP_PERIOD_MS, totpCode } from '../support/mfa.ts';
import { openSignedIn, requestSignInLink } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 26's card payments in Chromium against the stack and its local
 * Stripe, on this file's own organisation, administrators and invoices: the
 * success card pays an invoice and the member sees it paid without a reload;
 * the declined card says why and the invoice stays to pay; a system
 * administrator refunds part of the card payment and the member sees the
 * credit note. The details: tests/db/card-payments.test.ts and the
 * component tests of the member's billing page and the refund dialog.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
// The webhook's round trip and the page's next look (every 2 s) on a loaded 2-core machine.
const WAIT = { timeout: 30_000 };

let browser: Browser;
let member: Page;
let back: Page;
let orgAdmin: TestUser;
let sysAdmin: TestUser;
let secret = '';
let org: string;
const invoices: { paid: { id: string; number: string }; declined: { id: string; number: string } } = {
  paid: { id: '', number: '' },
  declined: { id: '', number: '' },
};

async function numbered(id: string): Promise<{ id: string; number: string }> {
  const [{ number }] = await sql<{ number: string }>('select number from public.invoices where id = $1', [id]);
  return { id, number };
}

beforeAll(async () => {
  await ensureSeller();
  const tag = Date.now().toString(36);
  [orgAdmin, sysAdmin] = await Promise.all([
    newUser('card-e2e-admin', { email: `card-e2e-admin.${tag}@e2e.accord.test` }),
    newUser('card-e2e-sys', { email: `card-e2e-sys.${tag}@e2e.accord.test` }),
  ]);
  org = await billedOrganization('NL');
  await addMember(org, orgAdmin, 'admin');
  await makeSystemAdmin(sysAdmin);
  ({ secret } = await enrolVerifiedTotp(sysAdmin.client));
  invoices.paid = await numbered(await issuedInvoice(org, 12_000));
  invoices.declined = await numbered(await issuedInvoice(org, 8_000));

  browser = await launchBrowser();
  member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  back = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(member, orgAdmin.email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** On the hosted page: the card number, then Pay. */
async function payWith(page: Page, card: string): Promise<void> {
  await page.waitForURL((url) => url.origin !== config.appUrl, WAIT);
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

describe('card payments', () => {
  it('the success card pays the invoice, and the member sees it paid without a reload', async () => {
    await member.goto(app('/dashboard/billing'));
    await appStarted(member);
    const owed = member.getByRole('heading', { name: new RegExp(`^${invoices.paid.number}: `) });
    await owed.waitFor(WAIT);
    await member.getByRole('button', { name: `Pay by card: ${invoices.paid.number}` }).click();
    await payWith(member, '4242 4242 4242 4242');
    await member.waitForURL((url) => url.origin === config.appUrl && url.searchParams.get('payment') === 'returned', WAIT);
    // The same page load from here on: the result arrives with the webhook.
    await member.getByText(`${invoices.paid.number} is paid`).waitFor(WAIT);
    await member.getByText(`Your card payment of ${formatMinor(12_000, 'EUR')} went through.`, { exact: false }).waitFor(WAIT);
    await owed.waitFor({ state: 'detached', ...WAIT });
    const row = member.getByRole('table', { name: 'Invoices and credit notes' }).getByRole('row').filter({ hasText: invoices.paid.number });
    await row.getByText('Paid', { exact: true }).waitFor(WAIT);
    const [{ payment_status }] = await sql<{ payment_status: string }>('select payment_status from public.invoices where id = $1', [invoices.paid.id]);
    expect(payment_status).toBe('paid');
  });

  it('the declined card says why, and the invoice stays to pay', async () => {
    await member.getByRole('button', { name: `Pay by card: ${invoices.declined.number}` }).click();
    await payWith(member, '4000 0000 0000 0002');
    await member.getByRole('alert').getByText('Your card was declined.').waitFor(WAIT);
    await member.getByRole('link', { name: 'Back to the merchant' }).click();
    await member.waitForURL((url) => url.origin === config.appUrl && url.searchParams.get('payment') === 'cancelled', WAIT);
    const alert = member.getByRole('alert').filter({ hasText: 'Your card was declined' });
    await alert.getByText(`Your card was declined. ${invoices.declined.number} is not paid: try another card or pay by bank transfer.`).waitFor(WAIT);
    await member.getByRole('heading', { name: new RegExp(`^${invoices.declined.number}: `) }).waitFor(WAIT);
    const [{ payment_status }] = await sql<{ payment_status: string }>('select payment_status from public.invoices where id = $1', [invoices.declined.id]);
    expect(payment_status).toBe('unpaid');
  });

  it('a system administrator refunds part of the card payment, and the member sees the credit note', async () => {
    await back.goto(await requestSignInLink(back, sysAdmin.email, { at: '/accord-login' }));
    await back.getByRole('heading', { level: 1, name: 'Enter your authentication code' }).waitFor(WAIT);
    await awayFromStepBoundary();
    // The enrolment used this step's code; the next step's is accepted too.
    await back.getByRole('textbox', { name: '6-digit code' }).fill(totpCode(secret, Date.now() + TOTP_PERIOD_MS));
    await back.getByRole('button', { name: 'Verify' }).click();
    await back.waitForURL((url) => !url.pathname.startsWith('/auth'), WAIT);

    await back.goto(app(`/admin/invoices?invoice=${invoices.paid.id}`));
    await appStarted(back);
    const payments = back.getByRole('table', { name: `Payments of ${invoices.paid.number}` });
    await payments.getByRole('button', { name: `Refund the card payment of ${formatMinor(12_000, 'EUR')}` }).click();
    const dialog = back.getByRole('dialog', { name: `Refund the card payment of ${invoices.paid.number}` });
    await dialog.getByRole('combobox', { name: /^What to refund/ }).selectOption('partial');
    await dialog.getByRole('textbox', { name: /^Amount to refund \(EUR\)/ }).fill('45.00');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Two months unused');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await back.getByText('Card payment refunded').waitFor(WAIT);
    await payments.getByRole('cell', { name: formatMinor(4_500, 'EUR') }).waitFor(WAIT);

    const [note] = await sql<{ number: string; total_minor: string }>(
      `select number, total_minor from public.invoices where credited_invoice_id = $1 and kind = 'credit_note' and status = 'issued'`,
      [invoices.paid.id],
    );
    expect(note.total_minor).toBe('4500');
    await back.getByRole('region', { name: 'Credit notes' }).getByRole('link', { name: note.number }).waitFor(WAIT);

    await member.goto(app('/dashboard/billing'));
    const row = member.getByRole('table', { name: 'Invoices and credit notes' }).getByRole('row').filter({ hasText: note.number });
    await row.getByText('Credit note', { exact: true }).first().waitFor(WAIT);
    await row.getByText(/45\.00/).waitFor(WAIT);
  });
});
