import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import { MemberBilling } from './member-billing-page';

/**
 * /dashboard/billing against a fake client: what a plain member and an
 * organisation admin see, the failure with its retry, and the billing-profile
 * function's refusal of a VAT number with what was typed kept. The real RPCs,
 * functions and PDF: tests/e2e/billing-flows.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const ORG = '00000000-0000-4000-8000-000000000001';
const STANDING = { has_membership: true, plan_name: 'Professional', status: 'active', next_renewal: '2027-01-01', in_good_standing: false, overdue: true };
const SELLER = { name: 'Accord Network B.V.', addressLines: ['Keizersgracht 1'], country: 'NL', vatId: 'NL001', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };
const invoice = (overrides: Record<string, unknown>) => ({
  id: String(overrides.number),
  organization_id: ORG,
  kind: 'invoice',
  status: 'issued',
  issue_date: '2026-10-01',
  due_date: '2026-10-31',
  period_start: '2026-10-01',
  period_end: '2026-11-01',
  currency: 'EUR',
  subtotal_minor: 120000,
  vat_minor: 25200,
  total_minor: 145200,
  credited_minor: 0,
  paid_minor: 0,
  balance_minor: 145200,
  payment_status: 'unpaid',
  credited_invoice_id: null,
  created_at: '2026-10-01T00:00:00Z',
  rf_reference: 'RF18539007547034',
  seller: SELLER,
  buyer: { name: 'Acme', addressLines: [] },
  ...overrides,
});
const INVOICES = [
  invoice({ number: 'ACC-2026-000002' }),
  invoice({ number: 'ACC-2026-000001', balance_minor: 0, paid_minor: 145200, payment_status: 'paid', due_date: '2026-09-30' }),
];
const TABLES: Record<string, unknown> = {
  memberships: { plan_id: 'p', status: 'active', current_period_start: '2026-10-01', next_plan_id: null },
  membership_periods: { plan_name: 'Professional', unit_amount_minor: 120000, currency: 'EUR', billing_period: 'year', period_start: '2026-10-01', period_end: '2027-01-01' },
  billing_profiles: null,
  invoices: INVOICES,
};

function fakeClient({
  standing = async () => ({ data: STANDING, error: null }),
  invoke,
  tables = TABLES,
}: { standing?: () => Promise<Answer>; invoke?: () => Promise<unknown>; tables?: Record<string, unknown> } = {}) {
  const from = vi.fn((table: string) => {
    // Read at each call: a test changes what the database holds meanwhile.
    const answer = (): Promise<Answer> => Promise.resolve({ data: tables[table] ?? null, error: null });
    const chain: Record<string, unknown> = {};
    for (const name of ['select', 'eq', 'order', 'limit', 'gt', 'is']) chain[name] = () => chain;
    chain.maybeSingle = answer;
    chain.then = (resolve: (value: Answer) => unknown, reject: (error: unknown) => unknown) => answer().then(resolve, reject);
    return chain;
  });
  const rpc = vi.fn((name: string) => (name === 'billing_standing' ? standing() : Promise.resolve({ data: null, error: null })));
  const functions = { invoke: vi.fn(invoke ?? (async () => ({ data: null, error: null }))) };
  return { client: { from, rpc, functions } as unknown as AccordClient, from, functions };
}

function renderBilling(client: AccordClient, isAdmin: boolean, { at = '/dashboard/billing', openPage }: { at?: string; openPage?: (url: string) => void } = {}) {
  renderAt(
    <>
      <MemberBilling client={client} viewer={{ organizationId: ORG, isAdmin }} today="2026-11-27" openPage={openPage} />
      <ToastList />
    </>,
    { at, path: '/dashboard/billing' },
  );
  return userEvent.setup({ delay: null });
}

describe('/dashboard/billing', () => {
  it('shows a plain member the plan and standing, and no amounts or invoices', async () => {
    const { client, from } = fakeClient();
    renderBilling(client, false);
    expect(await screen.findByText('Professional')).toBeInTheDocument();
    expect(screen.getByText('An invoice is overdue')).toBeInTheDocument();
    expect(screen.getByText('1 Jan 2027')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/€/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(from).not.toHaveBeenCalled();
  });

  it('shows an admin the price, what is owed with how to pay, and every invoice with its state', async () => {
    renderBilling(fakeClient().client, true);
    const table = await screen.findByRole('table', { name: 'Invoices and credit notes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ACC-2026-000002');
    expect(rows[0]).toHaveTextContent('€1,452.00');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('button', { name: 'Download PDF: ACC-2026-000002' })).toBeEnabled();
    expect(screen.getByText('€1,200.00 a year, excluding VAT')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ACC-2026-000002: €1,452.00 to pay by 31 Oct 2026' })).toBeInTheDocument();
    expect(screen.getByText('RF18 5390 0754 7034')).toBeInTheDocument();
    expect(screen.getByText('NL91 ABNA 0417 1643 00')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to pay ACC-2026-000002 with a banking app' })).toBeInTheDocument();
  });

  it('explains a failure and loads on retry', async () => {
    let calls = 0;
    const { client } = fakeClient({
      standing: async () => (++calls === 1 ? { data: null, error: { message: 'Service unavailable' } } : { data: STANDING, error: null }),
    });
    const user = renderBilling(client, false);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your plan could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Professional')).toBeInTheDocument();
  });

  it('shows the function’s refusal of a VAT number at the field and keeps what was typed', async () => {
    const refusal = { name: 'FunctionsHttpError', context: { status: 422, json: async () => ({ error: 'vat_id_invalid', message: 'This is not a valid Poland VAT number: check the digits against your VAT registration.' }) } };
    const { client, functions } = fakeClient({ invoke: async () => ({ data: null, error: refusal }) });
    const user = renderBilling(client, true);
    const vat = await screen.findByRole('textbox', { name: /^VAT number/ });
    await user.type(vat, 'PL123');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Łódź');
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('This is not a valid Poland VAT number: check the digits against your VAT registration.')).toBeInTheDocument();
    expect(vat).toHaveValue('PL123');
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Łódź');
    expect(functions.invoke).toHaveBeenCalledWith('billing-profile', { body: expect.objectContaining({ organizationId: ORG, vatId: 'PL123', city: 'Łódź', billingName: null }) });
  });

  describe('Pay by card', () => {
    const attempt = (status: string, failure: string | null = null) => ({ status, amount_minor: 145200, currency: 'EUR', failure_message: failure });

    it('opens the payment page the pay-invoice function answers for the open invoice', async () => {
      const openPage = vi.fn();
      const { client, functions } = fakeClient({ invoke: async () => ({ data: { url: 'http://127.0.0.1:54332/pay/cs_test_1', attemptId: 'a1' }, error: null }) });
      const user = renderBilling(client, true, { openPage });
      await user.click(await screen.findByRole('button', { name: 'Pay by card: ACC-2026-000002' }));
      await vi.waitFor(() => expect(openPage).toHaveBeenCalledWith('http://127.0.0.1:54332/pay/cs_test_1'));
      expect(functions.invoke).toHaveBeenCalledWith('pay-invoice', { body: { invoiceId: 'ACC-2026-000002' } });
      // Only the open invoice can be paid.
      expect(screen.getAllByRole('button', { name: /^Pay by card/ })).toHaveLength(1);
    });

    it('says why a payment could not be started and stays on the page', async () => {
      const refusal = { name: 'FunctionsHttpError', context: { status: 409, json: async () => ({ error: 'invoice_not_payable', message: 'This invoice has nothing left to pay.' }) } };
      const openPage = vi.fn();
      const user = renderBilling(fakeClient({ invoke: async () => ({ data: null, error: refusal }) }).client, true, { openPage });
      await user.click(await screen.findByRole('button', { name: 'Pay by card: ACC-2026-000002' }));
      expect(await screen.findByText('The card payment of ACC-2026-000002 could not be started')).toBeInTheDocument();
      expect(screen.getByText('This invoice has nothing left to pay.')).toBeInTheDocument();
      expect(openPage).not.toHaveBeenCalled();
    });

    it('back from a declined card: the card’s reason in words, and the invoice still to pay', async () => {
      const { client } = fakeClient({ tables: { ...TABLES, payment_attempts: attempt('failed', 'Your card was declined.') } });
      renderBilling(client, true, { at: '/dashboard/billing?invoice=ACC-2026-000002&payment=cancelled' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your card was declined');
      expect(alert).toHaveTextContent('Your card was declined. ACC-2026-000002 is not paid: try another card or pay by bank transfer.');
      expect(screen.getByRole('heading', { name: 'ACC-2026-000002: €1,452.00 to pay by 31 Oct 2026' })).toBeInTheDocument();
    });

    it('back while the payment is processing: says so, then shows it paid without a reload', async () => {
      const tables: Record<string, unknown> = { ...TABLES, payment_attempts: attempt('processing') };
      const { client } = fakeClient({ tables });
      const user = renderBilling(client, true, { at: '/dashboard/billing?invoice=ACC-2026-000002&payment=returned' });
      expect(await screen.findByText('Your payment is being processed')).toBeInTheDocument();
      // The webhook arrives: the attempt succeeded and the invoice is paid.
      tables.payment_attempts = attempt('succeeded');
      tables.invoices = [invoice({ number: 'ACC-2026-000002', balance_minor: 0, paid_minor: 145200, payment_status: 'paid' }), INVOICES[1]];
      expect(await screen.findByText('ACC-2026-000002 is paid')).toBeInTheDocument();
      expect(screen.getByText('Your card payment of €1,452.00 went through. A receipt is on its way by e-mail.')).toBeInTheDocument();
      expect(await screen.findByText('Nothing is owed: every invoice is paid or credited.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByText('ACC-2026-000002 is paid')).not.toBeInTheDocument();
    });
  });
});
