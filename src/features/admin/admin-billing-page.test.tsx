import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminBillingPage from './admin-billing-page';

/**
 * /admin/billing's states against a fake client: loading, the database's
 * figures as they come, every list empty, a failure with its retry, and the
 * refusal of someone who is not a system administrator. The real RPCs, the
 * statement matching and the payments: tests/e2e/billing-pages.test.ts and
 * billing-flows.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const OVERVIEW = {
  today: '2026-11-28',
  recurring: [{ currency: 'EUR', mrrMinor: 952000, arrMinor: 11424000 }],
  receivables: [{ currency: 'EUR', outstandingMinor: 1994485, overdueMinor: 917745, ageing: { d0_30: 1413685, d31_60: 290400, d61_90: 290400, d90_plus: 0 } }],
  overdueOrganizations: 1,
  upcomingRenewals: 0,
  drafts: 0,
};
const EMPTY_OVERVIEW = { ...OVERVIEW, recurring: [], receivables: [], overdueOrganizations: 0 };
const OVERDUE = [
  { organization_id: '00000000-0000-4000-8000-000000000001', organization_name: 'Harbourview Health Partners', currency: 'EUR', overdue_minor: 580800, invoice_count: 2, oldest_due_date: '2026-09-20' },
];
const SELLER = {
  id: true,
  legal_name: 'Accord Trust Network B.V.',
  address_line1: 'Herengracht 420',
  address_line2: null,
  postal_code: '1017 BZ',
  city: 'Amsterdam',
  country: 'NL',
  vat_id: 'NL862637223B01',
  iban: 'NL91ABNA0417164300',
  bic: 'ABNANL2A',
  email: 'billing@accord.test',
  invoice_prefix: 'ACC',
  credit_note_prefix: 'ACC-CN',
  payment_terms_days: 30,
  renewal_lead_days: 14,
  renewal_grace_days: 3,
  updated_at: '2026-11-27T00:00:00Z',
};

function fakeClient(rpcs: Record<string, () => Promise<Answer>>) {
  const tables: Record<string, unknown> = { organizations: [], memberships: [], billing_seller_settings: SELLER, billing_vat_rates: [{ country: 'NL', rate_bp: 2100 }] };
  // Saved settings come back with a new updated_at, as the database writes them.
  rpcs.admin_save_seller_settings ??= async () => {
    tables.billing_seller_settings = { ...SELLER, updated_at: '2026-11-28T09:00:00Z' };
    return { data: null, error: null };
  };
  const from = vi.fn((table: string) => {
    const answer = (): Promise<Answer> => Promise.resolve({ data: tables[table] ?? null, error: null });
    const chain: Record<string, unknown> = {};
    for (const name of ['select', 'eq', 'gte', 'lt', 'order', 'limit']) chain[name] = () => chain;
    chain.single = answer;
    chain.then = (resolve: (value: Answer) => unknown, reject: (error: unknown) => unknown) => answer().then(resolve, reject);
    return chain;
  });
  const rpc = vi.fn((name: string) => (rpcs[name] ?? (async () => ({ data: null, error: null })))());
  return { from, rpc } as unknown as AccordClient;
}

function renderBilling(client: AccordClient) {
  renderAt(
    <>
      <AdminBillingPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/billing' },
  );
  return userEvent.setup({ delay: null });
}

describe('/admin/billing', () => {
  it('announces loading, then shows the database’s figures and the overdue list with its Suspend step', async () => {
    let answer: (value: Answer) => void = () => undefined;
    renderBilling(
      fakeClient({
        admin_billing_overview: () => new Promise((resolve) => (answer = resolve)),
        admin_overdue_organizations: async () => ({ data: OVERDUE, error: null }),
      }),
    );
    expect(await screen.findByText('Loading the billing overview…')).toBeInTheDocument();
    answer({ data: OVERVIEW, error: null });
    const recurring = await screen.findByRole('table', { name: 'Recurring revenue by currency' });
    expect(recurring).toHaveTextContent('€9,520.00');
    expect(recurring).toHaveTextContent('€114,240.00');
    const receivables = screen.getByRole('table', { name: 'Outstanding and overdue, with ageing by days past due' });
    expect(receivables).toHaveTextContent('€19,944.85');
    expect(receivables).toHaveTextContent('€9,177.45');
    const overdue = await screen.findByRole('table', { name: 'Organisations overdue for 30 days or more' });
    const row = within(overdue).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Harbourview Health Partners');
    expect(row).toHaveTextContent('€5,808.00');
    expect(within(row).getByRole('button', { name: /Suspend/ })).toBeEnabled();
    expect(await screen.findByRole('form', { name: 'Seller settings' })).toBeInTheDocument();
  });

  it('says what an empty ledger means: no recurring revenue, nothing outstanding, nobody overdue, no renewal', async () => {
    renderBilling(
      fakeClient({
        admin_billing_overview: async () => ({ data: EMPTY_OVERVIEW, error: null }),
        admin_overdue_organizations: async () => ({ data: [], error: null }),
      }),
    );
    expect(await screen.findByText('No active memberships yet, so no recurring revenue.')).toBeInTheDocument();
    expect(screen.getByText('Nothing outstanding: every issued invoice is paid or credited.')).toBeInTheDocument();
    expect(await screen.findByText('No organisation is 30 days or more overdue.')).toBeInTheDocument();
    expect(await screen.findByText('No renewal in the next 30 days.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/€/);
  });

  it('explains a failure and shows the figures on retry', async () => {
    let calls = 0;
    const user = renderBilling(
      fakeClient({
        admin_billing_overview: async () => (++calls === 1 ? { data: null, error: { message: 'Service unavailable' } } : { data: OVERVIEW, error: null }),
        admin_overdue_organizations: async () => ({ data: [], error: null }),
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The billing overview could not be loaded');
    expect(alert).toHaveTextContent('Service unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Recurring revenue by currency' })).toHaveTextContent('€9,520.00');
  });

  it('shows the database’s refusal of someone who is not a system administrator, and no figure', async () => {
    const refused = async () => ({ data: null, error: { code: '42501', message: 'Only system administrators may read the billing overview.' } });
    renderBilling(fakeClient({ admin_billing_overview: refused }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The billing overview could not be loaded');
    expect(alert).toHaveTextContent('Only system administrators may read the billing overview.');
    expect(screen.queryByRole('table', { name: 'Recurring revenue by currency' })).not.toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });

  it('keeps what was typed in one form while another is saved', async () => {
    const user = renderBilling(fakeClient({ admin_billing_overview: async () => ({ data: OVERVIEW, error: null }), admin_overdue_organizations: async () => ({ data: OVERDUE, error: null }) }));
    const seller = await screen.findByRole('form', { name: 'Seller settings' });
    const vat = screen.getByRole('form', { name: 'Set a VAT rate' });
    await user.type(within(vat).getByRole('textbox', { name: /Rate/ }), '9');
    await user.click(within(seller).getByRole('button', { name: 'Save seller settings' }));
    expect(await screen.findByText('Seller settings saved')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Set a VAT rate' })).getByRole('textbox', { name: /Rate/ })).toHaveValue('9');

    const legalName = within(await screen.findByRole('form', { name: 'Seller settings' })).getByRole('textbox', { name: /Legal name/ });
    await user.clear(legalName);
    await user.type(legalName, 'Accord Network B.V.');
    const vatAgain = screen.getByRole('form', { name: 'Set a VAT rate' });
    await user.selectOptions(within(vatAgain).getByRole('combobox', { name: /Country/ }), 'LU');
    await user.click(within(vatAgain).getByRole('button', { name: 'Set rate' }));
    expect(await screen.findByText('VAT rate set')).toBeInTheDocument();
    expect(within(await screen.findByRole('form', { name: 'Seller settings' })).getByRole('textbox', { name: /Legal name/ })).toHaveValue('Accord Network B.V.');
  });
});
