import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { formatMinor } from '../../supabase/functions/_shared/billing/money.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { camt053For, draftInvoice, ensureSeller, invoiceRow, issueAt, newPlan, startMembership } from '../support/billing-fixtures.ts';
import { addMember, createOrganization } from '../support/db-fixtures.ts';
import { pdfText } from '../support/pdf-text.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 25's billing flows in Chromium against the stack, on this file's own
 * organisations and invoices (made in beforeAll as the database owner, numbers
 * read back, never the seed's): an organisation admin's billing details and
 * PDF; a payment and a credit note recorded by the administrator and seen by
 * the member; a camt.053 statement matched to two invoices; an overdue
 * member's banner; a plain member who sees no amounts.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const SELLER = 'Accord Trust Network B.V.';
const nowIso = () => new Date().toISOString();

let browser: Browser;
let admin: Page;
let orgAdminPage: Page;
let plainPage: Page;
let orgAdmin: TestUser;
let plain: TestUser;
let billedOrg: string;
let overdueOrg: string;
let statementOrg: string;

interface Issued {
  id: string;
  number: string;
  totalMinor: number;
  rfReference: string;
}

async function issuedNow(org: string, amountMinor: number): Promise<Issued> {
  const row = await issueAt(await draftInvoice(org, [{ amountMinor, rateBp: null }]), nowIso());
  const stored = await invoiceRow(row.id);
  return { id: row.id, number: row.number, totalMinor: Number(row.total_minor), rfReference: String(stored.rf_reference) };
}

async function billedOrganization(name: string, creator: TestUser | null): Promise<string> {
  const org = await createOrganization(creator, { status: 'approved', name });
  await sql(
    `insert into public.billing_profiles (organization_id, address_line1, postal_code, city, country)
     values ($1, 'Keizersgracht 1', '1015 CJ', 'Amsterdam', 'NL')
     on conflict (organization_id) do nothing`,
    [org],
  );
  await startMembership(org, await newPlan(100), new Date().toISOString().slice(0, 10));
  return org;
}

beforeAll(async () => {
  await ensureSeller();
  const tag = Date.now().toString(36);
  orgAdmin = await newUser('billing-org-admin', { email: `billing-org-admin.${tag}@e2e.accord.test` });
  plain = await newUser('billing-plain', { email: `billing-plain.${tag}@e2e.accord.test` });
  billedOrg = await billedOrganization(`Billed Flows ${tag}`, orgAdmin);
  overdueOrg = await billedOrganization(`Overdue Flows ${tag}`, null);
  await addMember(overdueOrg, plain, 'member');
  statementOrg = await billedOrganization(`Statement Flows ${tag}`, null);
  // Issued long enough ago that its due date has passed: the organisation is overdue today.
  await issueAt(await draftInvoice(overdueOrg, [{ amountMinor: 50000, rateBp: null }]), '2026-01-15T10:00:00Z');

  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  orgAdminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  plainPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(admin, 'admin@accord.test');
  await openSignedIn(orgAdminPage, orgAdmin.email);
  await openSignedIn(plainPage, plain.email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** The member's row of a document in the invoices table. */
const memberRow = (page: Page, number: string) => page.getByRole('table', { name: 'Invoices and credit notes' }).getByRole('row').filter({ hasText: number });

async function openAdminInvoice(id: string): Promise<void> {
  await admin.goto(app(`/admin/invoices?invoice=${id}`));
  await appStarted(admin);
  await admin.getByRole('table', { name: /^Lines of/ }).waitFor();
}

describe('billing flows', () => {
  it('an organisation admin saves billing details and downloads an invoice whose PDF holds its number, both parties and the total', async () => {
    const billingName = `Flows Billing Name ${Date.now().toString(36)}`;
    await orgAdminPage.goto(app('/dashboard/billing'));
    await appStarted(orgAdminPage);
    const form = orgAdminPage.getByRole('form', { name: 'Billing details' });
    await form.getByLabel('Billing name').fill(billingName);
    await form.getByLabel('City').fill('Utrecht');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await orgAdminPage.getByText('Billing details saved').first().waitFor();
    expect((await sql<{ billing_name: string }>('select billing_name from public.billing_profiles where organization_id = $1', [billedOrg]))[0].billing_name).toBe(billingName);

    // Issued after the details were saved, so its buyer snapshot holds them.
    const invoice = await issuedNow(billedOrg, 12000);
    await orgAdminPage.reload();
    const row = memberRow(orgAdminPage, invoice.number);
    await row.waitFor();
    const [download] = await Promise.all([
      orgAdminPage.waitForEvent('download'),
      row.getByRole('button', { name: `Download PDF: ${invoice.number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    const text = (await pdfText(readFileSync(await download.path()))).flat().join('\n');
    expect(text).toContain(invoice.number);
    expect(text).toContain(SELLER);
    expect(text).toContain(billingName);
    expect(text).toContain(formatMinor(invoice.totalMinor, 'EUR'));
  }, 180_000);

  it('an administrator records a payment and the member’s invoice shows paid', async () => {
    const invoice = await issuedNow(billedOrg, 20000);
    await orgAdminPage.goto(app('/dashboard/billing'));
    await memberRow(orgAdminPage, invoice.number).getByText('Unpaid').waitFor();

    await openAdminInvoice(invoice.id);
    await admin.getByRole('button', { name: 'Record a payment' }).click();
    const dialog = admin.getByRole('dialog', { name: `Record a payment for ${invoice.number}` });
    // Prefilled with what the invoice still owes.
    expect(await dialog.getByLabel(/^Amount/).inputValue()).toMatch(/^[\d.,\s]+$/);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const payments = admin.getByRole('table', { name: /^Payments of/ });
    await payments.getByRole('cell', { name: 'Bank transfer' }).waitFor();
    // The payment's entry names the payment; the invoice's history shows it all the same.
    await admin.getByText('Payment recorded', { exact: true }).waitFor();

    await orgAdminPage.reload();
    await memberRow(orgAdminPage, invoice.number).getByText('Paid', { exact: true }).waitFor();
  }, 180_000);

  it('an administrator issues a credit note and both documents show it', async () => {
    const invoice = await issuedNow(billedOrg, 30000);
    await openAdminInvoice(invoice.id);
    await admin.getByRole('button', { name: 'Issue a credit note' }).click();
    const dialog = admin.getByRole('dialog', { name: `Issue a credit note for ${invoice.number}` });
    await dialog.getByLabel('What to credit').selectOption('full');
    await dialog.getByLabel('Reason').fill('Billed twice by mistake');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const credited = await sql<{ id: string; number: string; total_minor: string }>(
      `select id, number, total_minor from public.invoices where credited_invoice_id = $1 and status = 'issued'`,
      [invoice.id],
    );
    expect(credited).toHaveLength(1);
    const note = credited[0];
    expect(Number(note.total_minor)).toBe(invoice.totalMinor);
    // The invoice lists its credit note; the credit note names its invoice.
    await admin.getByRole('region', { name: 'Credit notes' }).getByText(note.number).waitFor();
    await openAdminInvoice(note.id);
    await admin.getByRole('region', { name: 'Credits invoice' }).getByText(invoice.number).waitFor();
    await admin.getByText('Billed twice by mistake').waitFor();

    await orgAdminPage.goto(app('/dashboard/billing'));
    await memberRow(orgAdminPage, invoice.number).getByText('Credited').waitFor();
    await memberRow(orgAdminPage, note.number).getByText('Credit note').first().waitFor();
  }, 180_000);

  it('a camt.053 statement with two credits is matched to two invoices by their RF references and recorded in one step', async () => {
    const first = await issuedNow(statementOrg, 41000);
    const second = await issuedNow(statementOrg, 42000);
    const xml = camt053For([
      { rfReference: first.rfReference, amountMinor: first.totalMinor, name: 'Statement Payer One' },
      { rfReference: second.rfReference, amountMinor: second.totalMinor, name: 'Statement Payer Two' },
    ]);
    await admin.goto(app('/admin/billing'));
    await appStarted(admin);
    await admin.getByLabel('Statement file').setInputFiles({ name: `statement-${first.number}.xml`, mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await admin.getByText('2 credits: 2 matched, 0 unmatched.').waitFor();
    const matches = admin.getByRole('table', { name: 'Credits on the statement and their proposed invoices' });
    await matches.getByRole('row').filter({ hasText: first.number }).waitFor();
    await matches.getByRole('row').filter({ hasText: second.number }).waitFor();
    // Matched, not yet recorded lines are preselected.
    expect(await matches.getByRole('checkbox', { name: `Confirm line 1: ${first.number}` }).isChecked()).toBe(true);
    expect(await matches.getByRole('checkbox', { name: `Confirm line 2: ${second.number}` }).isChecked()).toBe(true);
    await admin.getByRole('button', { name: 'Record 2 payments' }).click();
    await admin.getByText('2 payments recorded').first().waitFor();
    await expect
      .poll(async () => (await sql<{ payment_status: string }>('select payment_status from public.invoices where id = any($1::uuid[])', [[first.id, second.id]])).map((r) => r.payment_status), {
        timeout: 30_000,
      })
      .toEqual(['paid', 'paid']);
  }, 180_000);

  it('a member of an organisation with an overdue invoice sees the banner on every member page', async () => {
    await plainPage.goto(app('/dashboard'));
    await appStarted(plainPage);
    const banner = plainPage.getByRole('region', { name: 'Overdue invoice' });
    await banner.waitFor();
    await plainPage.goto(app('/dashboard/billing'));
    await banner.waitFor();
    await plainPage.getByText('An invoice is overdue').first().waitFor();
  }, 180_000);

  it('a plain member sees the plan and standing but no amounts and no invoices', async () => {
    await plainPage.goto(app('/dashboard/billing'));
    await appStarted(plainPage);
    await plainPage.getByRole('heading', { name: 'Your plan' }).waitFor();
    await plainPage.getByText('Next renewal').waitFor();
    const main = plainPage.getByRole('main');
    expect(await main.textContent()).not.toMatch(/€|EUR/);
    expect(await plainPage.getByRole('table', { name: 'Invoices and credit notes' }).count()).toBe(0);
    expect(await plainPage.getByRole('form', { name: 'Billing details' }).count()).toBe(0);
  }, 180_000);
});
