import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import InvoicesPage from './invoices-page';

/**
 * /admin/invoices' states against a fake client: loading, the list, no
 * match, a failure with its retry, and the database's refusal of a non-admin
 * (said in plain words, nothing listed). The real RPCs and the detail's
 * actions: tests/e2e/billing-pages.test.ts and billing-flows.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const ROW = {
  id: '00000000-0000-4000-8000-00000000000a',
  kind: 'invoice',
  status: 'issued',
  number: 'ACC-2026-000042',
  organization_id: '00000000-0000-4000-8000-000000000001',
  organization_name: 'Grachtenbank N.V.',
  issue_date: '2026-10-21',
  due_date: '2026-11-20',
  period_start: '2026-11-01',
  period_end: '2026-12-01',
  currency: 'EUR',
  subtotal_minor: 89000,
  vat_minor: 18690,
  total_minor: 107690,
  credited_minor: 0,
  paid_minor: 0,
  balance_minor: 107690,
  payment_status: 'unpaid',
  overdue: true,
  credited_invoice_id: null,
  created_at: '2026-10-21T09:00:00Z',
};

function fakeClient(list: () => Promise<Answer>) {
  const from = vi.fn(() => {
    const chain: Record<string, unknown> = {};
    for (const name of ['select', 'order', 'limit']) chain[name] = () => chain;
    chain.then = (resolve: (value: Answer) => unknown) => Promise.resolve({ data: [{ id: ROW.organization_id, name: ROW.organization_name }], error: null }).then(resolve);
    return chain;
  });
  const rpc = vi.fn((name: string) => (name === 'admin_list_invoices' ? list() : Promise.resolve({ data: null, error: null })));
  return { client: { from, rpc } as unknown as AccordClient, rpc };
}

function renderInvoices(client: AccordClient, at = '/admin/invoices') {
  renderAt(<InvoicesPage client={client} />, { at });
  return userEvent.setup({ delay: null });
}

describe('/admin/invoices', () => {
  it('announces loading, then lists the invoices with amount and state, and asks the server with the address’s filters', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const { client, rpc } = fakeClient(() => new Promise((resolve) => (answer = resolve)));
    renderInvoices(client, '/admin/invoices?kind=invoice&overdue=1');
    expect(await screen.findByText('Loading the invoices…')).toBeInTheDocument();
    answer({ data: [ROW], error: null });
    const table = await screen.findByRole('table', { name: 'Invoices and credit notes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('ACC-2026-000042');
    expect(row).toHaveTextContent('Grachtenbank N.V.');
    expect(row).toHaveTextContent('€1,076.90');
    expect(row).toHaveTextContent('Overdue');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 document.');
    expect(rpc).toHaveBeenCalledWith('admin_list_invoices', expect.objectContaining({ p_kind: 'invoice', p_overdue: true, p_limit: expect.any(Number) }));
  });

  it('says when no invoice matches the filters', async () => {
    renderInvoices(fakeClient(async () => ({ data: [], error: null })).client, '/admin/invoices?number=ACC-1999');
    expect(await screen.findByText('No invoices match')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Invoices and credit notes' })).not.toBeInTheDocument();
  });

  it('explains a failure and lists the invoices on retry', async () => {
    let calls = 0;
    const { client } = fakeClient(async () => (++calls === 1 ? { data: null, error: { message: 'Service unavailable' } } : { data: [ROW], error: null }));
    const user = renderInvoices(client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The invoices could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Invoices and credit notes' })).toHaveTextContent('ACC-2026-000042');
  });

  it('shows the database’s refusal of someone who is not a system administrator, and no invoice', async () => {
    const { client } = fakeClient(async () => ({ data: null, error: { code: '42501', message: 'Only system administrators may list invoices.' } }));
    renderInvoices(client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The invoices could not be loaded');
    expect(alert).toHaveTextContent('Only system administrators may list invoices.');
    expect(screen.queryByRole('table', { name: 'Invoices and credit notes' })).not.toBeInTheDocument();
  });
});
