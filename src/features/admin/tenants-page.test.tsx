import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import TenantsPage, { TENANTS_PAGE_SIZE } from './tenants-page';

/**
 * /admin/tenants against a fake client: the list with labels, its search,
 * filters, sort and keyset paging in the address, empty and error states, and
 * the organisation panel with its suspend and change-request dialogs.
 */
type RpcAnswer = { data: unknown; error: { message: string; code?: string } | null };

const ORG = '11111111-1111-4111-8111-111111111111';

function tenant(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Organisation ${n}`,
    legal_name: null,
    registration_number: `REG-${n}`,
    country: 'GB',
    sector: 'financial_services',
    website: `https://org${n}.example`,
    status: 'active',
    status_effective_from: '2026-11-01',
    member_count: 3,
    pending_change_request: false,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

const DETAIL = {
  organization: { id: ORG, name: 'Northwind School', legal_name: 'Northwind School Ltd', registration_number: '123', country: 'GB', sector: 'education', website: 'https://northwind.example', created_at: '2026-10-01T10:00:00Z' },
  status: 'active',
  application: null,
  registry: { status: 'active', effective_from: '2026-10-02' },
  members: [{ user_id: 'u1', email: 'olu@northwind.example', full_name: 'Olu Admin', role: 'admin', joined_at: '2026-10-01T10:00:00Z' }],
  pending_invitations: [],
  application_history: [{ id: 1, type: 'approved', message: null, actor_email: 'ada@accord.example', actor_name: 'Ada Admin', created_at: '2026-10-02T10:00:00Z' }],
  registry_history: [{ id: 1, status: 'active', effective_from: '2026-10-02', reason: null, recorded_by_email: 'ada@accord.example', recorded_at: '2026-10-02T10:00:00Z' }],
  change_requests: [
    {
      id: 'req-1',
      status: 'pending',
      reason: 'We moved our website',
      requested_by_email: 'olu@northwind.example',
      created_at: '2026-11-20T10:00:00Z',
      previous_values: { website: 'https://northwind.example' },
      proposed_values: { website: 'https://northwind.school' },
    },
  ],
};

function fakeClient(overrides: Partial<Record<string, (args: Record<string, unknown>) => RpcAnswer>> = {}) {
  const handlers: Record<string, (args: Record<string, unknown>) => RpcAnswer> = {
    admin_list_tenants: () => ({ data: [tenant(1), tenant(2, { sector: 'education', country: 'DE', status: 'suspended', pending_change_request: true })], error: null }),
    admin_tenant_detail: () => ({ data: DETAIL, error: null }),
    change_registry_status: () => ({ data: {}, error: null }),
    approve_organization_change: () => ({ data: {}, error: null }),
    decline_organization_change: () => ({ data: {}, error: null }),
    ...overrides,
  };
  const rpc = vi.fn((name: string, args: Record<string, unknown>) => Promise.resolve(handlers[name]!(args)));
  return { client: { rpc } as unknown as AccordClient, rpc };
}

function renderPage(client: AccordClient, at = '/admin/tenants') {
  renderAt(
    <>
      <TenantsPage client={client} />
      <ToastList />
    </>,
    { at, path: '/admin/tenants' },
  );
  return userEvent.setup({ delay: null });
}

const table = () => screen.findByRole('table', { name: 'Organisations' });
const argsOf = (rpc: ReturnType<typeof vi.fn>, name: string) => rpc.mock.calls.filter(([called]) => called === name).at(-1)?.[1] as Record<string, unknown>;

beforeEach(() => vi.restoreAllMocks());

describe('/admin/tenants list', () => {
  it('shows every organisation with its sector and country by their labels', async () => {
    renderPage(fakeClient().client);
    expect(screen.getByRole('heading', { level: 1, name: 'Tenants' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Organisation 1');
    expect(rows[1]).toHaveTextContent('Financial services');
    expect(rows[1]).toHaveTextContent('United Kingdom');
    expect(rows[1]).not.toHaveTextContent('financial_services');
    expect(rows[2]).toHaveTextContent('Education');
    expect(rows[2]).toHaveTextContent('Germany');
    expect(rows[2]).toHaveTextContent('Suspended');
    expect(rows[2]).toHaveTextContent('Change requested');
  });

  it('keeps search, filters and sort in the address and asks the server with them', async () => {
    const { client, rpc } = fakeClient();
    const user = renderPage(client, '/admin/tenants?status=suspended&sector=education');
    await table();
    expect(argsOf(rpc, 'admin_list_tenants')).toMatchObject({ p_status: 'suspended', p_sector: 'education' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    await waitFor(() => expect(argsOf(rpc, 'admin_list_tenants')).toMatchObject({ p_status: 'suspended', p_country: 'DE' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created_desc');
    await waitFor(() => expect(argsOf(rpc, 'admin_list_tenants')).toMatchObject({ p_sort: 'created_desc' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search organisations' }), 'north');
    await waitFor(() => expect(argsOf(rpc, 'admin_list_tenants')).toMatchObject({ p_search: 'north', p_country: 'DE' }));
  });

  it('pages by keyset: Next continues after the last organisation shown', async () => {
    const many = Array.from({ length: TENANTS_PAGE_SIZE + 1 }, (_, i) => tenant(i + 1));
    const { client, rpc } = fakeClient({ admin_list_tenants: (args) => ({ data: args.p_after ? [tenant(99)] : many, error: null }) });
    const user = renderPage(client);
    expect(within(await table()).getAllByRole('row')).toHaveLength(TENANTS_PAGE_SIZE + 1);
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(argsOf(rpc, 'admin_list_tenants')).toMatchObject({ p_after: many[TENANTS_PAGE_SIZE - 1]!.id }));
    expect(await screen.findByText('Organisation 99')).toBeInTheDocument();
    expect(screen.getByText('End of the list.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'First page' }));
    await waitFor(() => expect(argsOf(rpc, 'admin_list_tenants')).not.toHaveProperty('p_after'));
  });

  it('says when nothing matches the search', async () => {
    renderPage(fakeClient({ admin_list_tenants: () => ({ data: [], error: null }) }).client, '/admin/tenants?q=zzz');
    expect(await screen.findByText('No organisation matches')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    renderPage(fakeClient({ admin_list_tenants: () => ({ data: null, error: { message: 'permission denied', code: '42501' } }) }).client);
    expect(await screen.findByText('The organisations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/admin/tenants organisation panel', () => {
  it('opens from the list with its profile, members, histories and pending change', async () => {
    const { client } = fakeClient({ admin_list_tenants: () => ({ data: [tenant(1, { id: ORG, name: 'Northwind School' })], error: null }) });
    const user = renderPage(client);
    await user.click(within(await table()).getByRole('link', { name: 'Northwind School' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind School' })).toBeInTheDocument();
    expect(screen.getByText('Education')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Members' })).getByText('Olu Admin')).toBeInTheDocument();
    expect(screen.getByText(/https:\/\/northwind\.example → https:\/\/northwind\.school/)).toBeInTheDocument();
    expect(screen.getByText(/We moved our website/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to all organisations' }));
    expect(await table()).toBeInTheDocument();
  });

  it('suspends with a reason and a date, and asks for the reason first', async () => {
    const { client, rpc } = fakeClient();
    const user = renderPage(client, `/admin/tenants?org=${ORG}`);
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this organisation' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText(/Give the reason/)).toBeInTheDocument();
    expect(rpc.mock.calls.some(([name]) => name === 'change_registry_status')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Unpaid fees');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Organisation suspended')).toBeInTheDocument();
    expect(argsOf(rpc, 'change_registry_status')).toMatchObject({ p_organization_id: ORG, p_status: 'suspended', p_reason: 'Unpaid fees' });
    expect(Date.parse(String(argsOf(rpc, 'change_registry_status').p_effective_from))).toBeLessThanOrEqual(Date.now());
  });

  it('shows the database refusal inside the dialog in words', async () => {
    const { client } = fakeClient({ change_registry_status: () => ({ data: null, error: { message: 'status_unchanged', code: 'P0001' } }) });
    const user = renderPage(client, `/admin/tenants?org=${ORG}`);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this organisation' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('The organisation already has this status on that date.')).toBeInTheDocument();
  });

  it('approves a change request after confirming', async () => {
    const { client, rpc } = fakeClient();
    const user = renderPage(client, `/admin/tenants?org=${ORG}`);
    await user.click(await screen.findByRole('button', { name: 'Approve change' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    expect(await screen.findByText('Change approved')).toBeInTheDocument();
    expect(argsOf(rpc, 'approve_organization_change')).toEqual({ p_request_id: 'req-1' });
  });

  it('declines a change request only with a reason, and words a stale request', async () => {
    const { client, rpc } = fakeClient({ decline_organization_change: () => ({ data: null, error: { message: 'change_request_closed', code: 'P0001' } }) });
    const user = renderPage(client, `/admin/tenants?org=${ORG}`);
    await user.click(await screen.findByRole('button', { name: 'Decline change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this change' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline change' }));
    expect(within(dialog).getByText(/Say why/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not your domain');
    await user.click(within(dialog).getByRole('button', { name: 'Decline change' }));
    expect(await within(dialog).findByText('This request was already decided or withdrawn.')).toBeInTheDocument();
    expect(argsOf(rpc, 'decline_organization_change')).toEqual({ p_request_id: 'req-1', p_reason: 'Not your domain' });
  });

  it('says when the organisation cannot be loaded', async () => {
    renderPage(fakeClient({ admin_tenant_detail: () => ({ data: null, error: { message: 'organization_not_found', code: 'P0001' } }) }).client, `/admin/tenants?org=${ORG}`);
    expect(await screen.findByText('The organisation could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/There is no organisation with this identifier/)).toBeInTheDocument();
  });
});
