import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminInvestorsPage from './admin-investors-page';

/**
 * /admin/investors against a fake client: its states, the status filter in
 * the address reaching the database, and the grant dialog keeping what was
 * chosen when the function refuses. Who may decide is the database's
 * (tests/db/investor-access-grants.test.ts), the round trip the browser test's.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const REQUEST = {
  id: '6f1c3f5e-1b1a-4c1e-9b1e-1f1c3f5e1b1a', name: 'Margit Lindqvist', email: 'margit@nordkap.example', organization: 'Nordkap Ventures',
  investor_kind: 'venture_capital', message: 'We invest in trust infrastructure.', status: 'new', decline_reason: null,
  decided_by_email: null, decided_by_name: null, decided_at: null, created_at: '2026-11-20T10:00:00Z', total_count: 1,
};
const INVESTOR = {
  user_id: 'u1', email: 'dana@fund.example', full_name: 'Dana Roth', level: 'data_room', granted_by_email: 'admin@accord.test', granted_by_name: 'Amelia Hart',
  granted_at: '2026-11-01T10:00:00Z', expires_at: '2026-11-10T10:00:00Z', expired: true, last_seen_at: null, total_count: 1,
};

function fakeClient(answers: Record<string, Answer>, invoke = vi.fn(async () => ({ data: null, error: null as unknown }))) {
  const rpc = vi.fn(async (name: string) => answers[name] ?? { data: null, error: null });
  return { client: { rpc, functions: { invoke } } as unknown as AccordClient, rpc, invoke };
}

function renderPage(client: AccordClient, at = '/admin/investors') {
  renderAt(
    <>
      <AdminInvestorsPage client={client} />
      <ToastList />
    </>,
    { at },
  );
  return userEvent.setup({ delay: null });
}

describe('/admin/investors', () => {
  it('lists new requests and investors, an expired grant marked as such', async () => {
    const { client } = fakeClient({ admin_investor_requests: { data: [REQUEST], error: null }, admin_investors: { data: [INVESTOR], error: null } });
    renderPage(client);
    const requests = await screen.findByRole('table', { name: 'Investor access requests' });
    expect(within(requests).getByRole('row', { name: /Margit Lindqvist/ })).toHaveTextContent('Nordkap Ventures');
    const investors = await screen.findByRole('table', { name: 'Investors with access' });
    const row = within(investors).getByRole('row', { name: /Dana Roth/ });
    expect(row).toHaveTextContent('Data room');
    expect(row).toHaveTextContent('Expired');
    // Who granted it, by name with the address under it, as the other back-office lists show people.
    expect(within(row).getByText('Amelia Hart')).toBeInTheDocument();
    expect(within(row).getByText('admin@accord.test')).toBeInTheDocument();
    expect(row).toHaveTextContent('Not yet');
    expect(within(row).getByRole('button', { name: 'Extend for Dana Roth' })).toBeInTheDocument();
  });

  it('passes the status from the address to the database, and says so when nothing matches', async () => {
    const { client, rpc } = fakeClient({ admin_investor_requests: { data: [], error: null }, admin_investors: { data: [], error: null } });
    renderPage(client, '/admin/investors?status=declined');
    expect(await screen.findByText('No requests here')).toBeInTheDocument();
    expect(await screen.findByText('No investors yet')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('admin_investor_requests', expect.objectContaining({ p_status: 'declined', p_offset: 0 }));
    expect(screen.getByRole('button', { name: 'Declined' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a failed load with a way to try again', async () => {
    const { client } = fakeClient({
      admin_investor_requests: { data: null, error: { message: 'Only system administrators may read investor requests.', code: '42501' } },
      admin_investors: { data: [], error: null },
    });
    renderPage(client);
    expect(await screen.findByText('The access requests could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Only system administrators may read investor requests.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('keeps the chosen level when granting fails, and says why', async () => {
    const refusal = {
      name: 'FunctionsHttpError',
      context: { status: 400, json: async () => ({ error: 'expiry_in_past', message: 'Choose an expiry date in the future, or none.' }) },
    };
    const invoke = vi.fn(async () => ({ data: null, error: refusal as unknown }));
    const { client } = fakeClient({ admin_investor_requests: { data: [REQUEST], error: null }, admin_investors: { data: [], error: null } }, invoke);
    const user = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Grant access to Margit Lindqvist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access to Margit Lindqvist' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Access level' }), 'data_room');
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(await within(dialog).findByText('Choose an expiry date in the future, or none.')).toBeInTheDocument();
    expect(within(dialog).getByText('Access was not granted')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Access level' })).toHaveValue('data_room');
    expect(invoke).toHaveBeenCalledWith('grant-access', {
      body: { action: 'grant', requestId: REQUEST.id, level: 'data_room', expiresAt: null },
    });
  });
});
