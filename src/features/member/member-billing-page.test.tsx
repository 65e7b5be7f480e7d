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

function fakeClient({ standing = async () => ({ data: STANDING, error: null }), invoke }: { standing?: () => Promise<Answer>; invoke?: () => Promise<unknown> } = {}) {
  const from = vi.fn((table: string) => {
    const answer = (): Promise<Answer> => Promise.resolve({ data: TABLES[table] ?? null, error: null });
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

function renderBilling(client: AccordClient, isAdmin: boolean) {
  renderAt(
    <>
      <MemberBilling client={client} viewer={{ organizationId: ORG, isAdmin }} today="2026-11-27" />
      <ToastList />
    </>,
    { at: '/dashboard/billing' },
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
});
