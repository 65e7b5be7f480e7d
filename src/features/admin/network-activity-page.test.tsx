import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt, TestProviders } from '../../testing/render';
import NetworkActivityPage, { ACTIVITY_PAGE_SIZE, parseActivityAddress } from './network-activity-page';

/**
 * /admin/network-activity against a fake client: the entries as a person reads
 * them, the filters and the keyset cursor in the address, the empty and error
 * states, and the CSV export.
 */
type RpcAnswer = { data: unknown; error: { message: string; code?: string } | null };

const ORG = '11111111-1111-4111-8111-111111111111';
const ACTOR = '22222222-2222-4222-8222-222222222222';

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    occurred_at: `2026-11-${String(10 + (id % 10)).padStart(2, '0')}T09:30:00+00:00`,
    action: 'registry.suspended',
    actor_id: ACTOR,
    actor_email: 'ada@accord.example',
    actor_name: 'Ada Admin',
    organization_id: ORG,
    organization_name: 'Northwind School',
    subject_user_id: null,
    subject_email: null,
    details: { reason: 'Unpaid fees', changes: { status: { from: 'active', to: 'suspended' } } },
    ...overrides,
  };
}

function fakeClient(answer: (args: Record<string, unknown>) => RpcAnswer, csv?: () => RpcAnswer) {
  const rpc = vi.fn((name: string, args: Record<string, unknown>) => {
    if (name === 'admin_network_activity_export') return { csv: async () => csv!() };
    return Promise.resolve(answer(args));
  });
  return { client: { rpc } as unknown as AccordClient, rpc };
}

function renderPage(client: AccordClient, at = '/admin/network-activity') {
  renderAt(
    <>
      <NetworkActivityPage client={client} />
      <ToastList />
    </>,
    { at, path: '/admin/network-activity' },
  );
  return userEvent.setup({ delay: null });
}

const table = () => screen.findByRole('table', { name: 'Network activity' });
const lastArgs = (rpc: ReturnType<typeof vi.fn>) => rpc.mock.calls.at(-1)![1] as Record<string, unknown>;

beforeEach(() => vi.restoreAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('/admin/network-activity', () => {
  it('shows who did what, on which organisation, when, and the reason and old → new values', async () => {
    const { client } = fakeClient(() => ({ data: [entry(1)], error: null }));
    renderPage(client);
    expect(screen.getByRole('heading', { level: 1, name: 'Network activity' })).toBeInTheDocument();
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Organisation suspended');
    expect(row).toHaveTextContent('registry.suspended');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('ada@accord.example');
    expect(row).toHaveTextContent('Northwind School');
    expect(row).toHaveTextContent(/11 Nov 2026/);
    expect(row).toHaveTextContent('Reason: Unpaid fees');
    expect(row).toHaveTextContent('status: active → suspended');
  });

  it('keeps the action and dates in the address and asks the database with them', async () => {
    const { client, rpc } = fakeClient(() => ({ data: [entry(1)], error: null }));
    const user = renderPage(client);
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'registry');
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_action: 'registry' }));
    const from = screen.getByLabelText('From');
    await user.type(from, '2026-11-01');
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_action: 'registry', p_from: '2026-11-01T00:00:00Z' }));
    // "To" is a whole day: the bound is the next midnight.
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_to: '2026-12-01T00:00:00.000Z' }));
  });

  it('filters by a person or an organisation from a row, and clears them', async () => {
    const { client, rpc } = fakeClient(() => ({ data: [entry(1)], error: null }));
    const user = renderPage(client);
    await user.click(within(await table()).getByRole('link', { name: 'Only this person' }));
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_actor_id: ACTOR }));
    await user.click(within(await table()).getByRole('link', { name: 'Only this organisation' }));
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_actor_id: ACTOR, p_organization_id: ORG }));
    await user.click(screen.getByRole('link', { name: 'Remove the person filter' }));
    await waitFor(() => expect(lastArgs(rpc)).not.toHaveProperty('p_actor_id'));
    expect(lastArgs(rpc)).toMatchObject({ p_organization_id: ORG });
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(lastArgs(rpc)).not.toHaveProperty('p_organization_id'));
  });

  it('pages by keyset: Older continues after the last row shown, Newest goes back', async () => {
    const first = Array.from({ length: ACTIVITY_PAGE_SIZE + 1 }, (_, i) => entry(1000 - i));
    const { client, rpc } = fakeClient((args) =>
      args.p_before_id ? { data: [entry(5, { action: 'application.approved', details: {} })], error: null } : { data: first, error: null },
    );
    const user = renderPage(client);
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(ACTIVITY_PAGE_SIZE + 1);
    expect(lastArgs(rpc)).toMatchObject({ p_limit: ACTIVITY_PAGE_SIZE + 1 });
    await user.click(screen.getByRole('link', { name: 'Older' }));
    const last = first[ACTIVITY_PAGE_SIZE - 1]!;
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_before_id: last.id, p_before_occurred_at: last.occurred_at }));
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('The oldest entry is shown.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Newest' }));
    await waitFor(() => expect(lastArgs(rpc)).not.toHaveProperty('p_before_id'));
  });

  it('steps back with Newer from an older page, the filters and the cursor in the address, and Back and Forward follow', async () => {
    // 120 entries of the filtered action, newest first, as admin_network_activity pages them either way.
    const trail = Array.from({ length: 120 }, (_, i) => entry(1000 - i, { occurred_at: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - i * 3_600_000).toISOString() }));
    const older = (a: ReturnType<typeof entry>, b: { id: number; at: string }) => a.occurred_at < b.at || (a.occurred_at === b.at && a.id < b.id);
    const { client, rpc } = fakeClient((args) => {
      const limit = Number(args.p_limit);
      if (args.p_before_id) {
        const cursor = { id: Number(args.p_before_id), at: String(args.p_before_occurred_at) };
        return { data: trail.filter((e) => older(e, cursor)).slice(0, limit), error: null };
      }
      if (args.p_after_id) {
        const cursor = { id: Number(args.p_after_id), at: String(args.p_after_occurred_at) };
        const newer = trail.filter((e) => e.id !== cursor.id && !older(e, cursor));
        return { data: newer.slice(Math.max(0, newer.length - limit)), error: null };
      }
      return { data: trail.slice(0, limit), error: null };
    });
    const router = createMemoryRouter([{ path: '/admin/network-activity', element: <NetworkActivityPage client={client} /> }], {
      initialEntries: ['/admin/network-activity?action=registry'],
    });
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const user = userEvent.setup({ delay: null });
    const firstRowId = async () => within(await table()).getAllByRole('row')[1]!.textContent;
    const shows = async (count: number) => {
      await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(count + 1));
      expect(lastArgs(rpc)).toMatchObject({ p_action: 'registry' });
      return firstRowId();
    };
    const newest = await shows(ACTIVITY_PAGE_SIZE);
    // Nothing is newer than the newest page.
    expect(screen.queryByRole('link', { name: 'Newer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Older' }));
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_before_id: trail[49]!.id }));
    const second = await shows(ACTIVITY_PAGE_SIZE);
    await user.click(screen.getByRole('link', { name: 'Older' }));
    await shows(20);
    expect(screen.getByText('The oldest entry is shown.')).toBeInTheDocument();

    // Newer: the fifty just above the first row shown, asked by the newer cursor, filters kept.
    await user.click(screen.getByRole('link', { name: 'Newer' }));
    await waitFor(() => expect(lastArgs(rpc)).toMatchObject({ p_action: 'registry', p_after_id: trail[100]!.id, p_after_occurred_at: trail[100]!.occurred_at }));
    expect(lastArgs(rpc)).not.toHaveProperty('p_before_id');
    expect(new URLSearchParams(router.state.location.search).get('afterId')).toBe(String(trail[100]!.id));
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('registry');
    expect(await shows(ACTIVITY_PAGE_SIZE)).toBe(second);
    await user.click(screen.getByRole('link', { name: 'Newer' }));
    expect(await shows(ACTIVITY_PAGE_SIZE)).toBe(newest);
    // Reached from below, the newest page knows it is the newest.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Newer' })).not.toBeInTheDocument());

    // Back and Forward walk the same addresses.
    await act(() => router.navigate(-1));
    expect(await shows(ACTIVITY_PAGE_SIZE)).toBe(second);
    await act(() => router.navigate(-1));
    await shows(20);
    await act(() => router.navigate(1));
    expect(await shows(ACTIVITY_PAGE_SIZE)).toBe(second);
    await user.click(screen.getByRole('link', { name: 'Newest' }));
    expect(await shows(ACTIVITY_PAGE_SIZE)).toBe(newest);
    expect(router.state.location.search).toBe('?action=registry');
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const { client } = fakeClient(() => ({ data: [], error: null }));
    renderPage(client, `/admin/network-activity?action=registry.revoked`);
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('says when there is no activity at all', async () => {
    const { client } = fakeClient(() => ({ data: [], error: null }));
    renderPage(client);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    const { client } = fakeClient(() => (fail ? { data: null, error: { message: 'permission denied', code: '42501' } } : { data: [entry(1)], error: null }));
    const user = renderPage(client);
    expect(await screen.findByText('The activity could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
  });

  it('exports the filtered rows as a CSV file', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:csv'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { client, rpc } = fakeClient(
      () => ({ data: [entry(1)], error: null }),
      () => ({ data: 'id,occurred_at,action\n1,"2026-11-11 09:30:00+00",registry.suspended\n', error: null }),
    );
    const user = renderPage(client, '/admin/network-activity?action=registry');
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    expect(screen.getByText('1 entry saved as a CSV file.')).toBeInTheDocument();
    const exportCall = rpc.mock.calls.find(([name]) => name === 'admin_network_activity_export')!;
    expect(exportCall[1]).toMatchObject({ p_action: 'registry' });
    expect(click).toHaveBeenCalled();
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('registry.suspended');
  });

  it('ignores what it does not recognise in the address', () => {
    const address = parseActivityAddress(new URLSearchParams('action=DROP TABLE&actor=nope&from=yesterday&before=x&beforeId=3'));
    expect(address).toEqual({ action: '', actor: '', org: '', from: '', to: '', before: '', beforeId: '', after: '', afterId: '' });
    // One direction at a time: both cursors read as the older page.
    const both = parseActivityAddress(new URLSearchParams('before=2026-11-01T00:00:00Z&beforeId=3&after=2026-11-02T00:00:00Z&afterId=4'));
    expect(both).toMatchObject({ before: '2026-11-01T00:00:00Z', beforeId: '3', after: '', afterId: '' });
  });
});
