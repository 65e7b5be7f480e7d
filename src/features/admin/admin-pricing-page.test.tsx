import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminPricingPage from './admin-pricing-page';

/**
 * /admin/pricing against a fake client: the plans in order with their state,
 * the loading, empty and error states, and the database's refusal shown in
 * the dialog with what was typed kept. The real RPCs: tests/db/pricing-admin.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const row = (overrides: Record<string, unknown>) => ({
  id: String(overrides.slug),
  summary: 'Who it is for.',
  price: 290,
  currency: 'EUR',
  billing_period: 'month',
  included_verifications: 500,
  additional_verification_eur: 0.6,
  support: 'E-mail, next business day',
  features: ['Listing'],
  is_featured: false,
  is_published: true,
  archived_at: null,
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

const PLANS = [
  row({ slug: 'essentials', name: 'Essentials' }),
  row({ slug: 'professional', name: 'Professional', price: 9000, currency: 'GBP', billing_period: 'year', is_featured: true }),
  row({ slug: 'legacy', name: 'Legacy', price: null, is_published: false, archived_at: '2026-10-01T00:00:00Z' }),
];

function fakeClient(list: () => Promise<Answer>, rpcs: Record<string, () => Promise<Answer>> = {}) {
  const chain = { order: () => chain, then: (resolve: (value: Answer) => unknown, reject: (error: unknown) => unknown) => list().then(resolve, reject) };
  const rpc = vi.fn((name: string) => (rpcs[name] ?? (async () => ({ data: null, error: null })))());
  const client = { from: () => ({ select: () => chain }), rpc } as unknown as AccordClient;
  return { client, rpc };
}

function renderPage(client: AccordClient) {
  renderAt(
    <>
      <AdminPricingPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/pricing' },
  );
  return userEvent.setup({ delay: null });
}

beforeEach(() => vi.restoreAllMocks());

describe('/admin/pricing', () => {
  it('lists the plans in order with their price, highlight and state; the ends cannot move past the ends', async () => {
    renderPage(fakeClient(async () => ({ data: PLANS, error: null })).client);
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing plans' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Pricing plans/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3']);
    expect(rows[0]).toHaveTextContent('€290 a month');
    expect(rows[1]).toHaveTextContent('£9,000 a year');
    expect(rows[1]).toHaveTextContent('Highlighted');
    expect(rows[2]).toHaveTextContent('On request');
    expect(rows[2]).toHaveTextContent('Archived');
    expect(within(rows[2]!).getByRole('button', { name: 'Show again: Legacy' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Move up: Essentials' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move down: Legacy' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move down: Essentials' })).toBeEnabled();
  });

  it('says when there are no plans yet, and how to add one', async () => {
    renderPage(fakeClient(async () => ({ data: [], error: null })).client);
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
  });

  it('explains a failure and loads the plans on retry', async () => {
    let calls = 0;
    const user = renderPage(
      fakeClient(async () => (++calls === 1 ? { data: null, error: { message: 'Service unavailable' } } : { data: PLANS, error: null })).client,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Pricing plans/ })).toBeInTheDocument();
  });

  it('shows the database’s refusal in the dialog and keeps what was typed', async () => {
    const { client, rpc } = fakeClient(async () => ({ data: PLANS, error: null }), {
      admin_save_pricing_plan: async () => ({ data: null, error: { message: 'plan_currency_invalid', code: '22023' } }),
    });
    const user = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Edit Essentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Essentials' });
    const price = within(dialog).getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '310');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The currency must be a three-letter code, such as EUR.')).toBeInTheDocument();
    expect(price).toHaveValue('310');
    expect(rpc).toHaveBeenCalledWith('admin_save_pricing_plan', expect.objectContaining({ p_plan_id: 'essentials', p_price: 310, p_currency: 'EUR' }));
  });

  it('checks the form before sending anything', async () => {
    const { client, rpc } = fakeClient(async () => ({ data: PLANS, error: null }));
    const user = renderPage(client);
    await screen.findByRole('table', { name: /Pricing plans/ });
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Give the plan a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say in a sentence who the plan is for.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('admin_save_pricing_plan', expect.anything());
  });
});
