import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { emitInboxEvent, useInboxEvents, type InboxEvent } from '../../data/inbox/inbox-events';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor } from '../../testing/session-facts';
import NotificationsPage from './notifications-page';

/**
 * /dashboard/notifications against a fake client that keeps its rows: the
 * unread and read sections, text shown as text, marking one (by its button or
 * by following its link) and all read, the live channel's events, and the
 * loading, empty and error states.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

interface Row {
  id: number;
  organization_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

const row = (id: number, overrides: Partial<Row> = {}): Row => ({
  id,
  organization_id: 'org-1',
  kind: 'colleague_joined',
  title: `Notification ${id}`,
  body: `Body ${id}`,
  link: '/dashboard/members',
  created_at: `2026-11-2${id % 10}T10:00:00Z`,
  read_at: null,
  ...overrides,
});

function fakeBackend(initial: Row[], failures: Partial<Record<string, Answer['error']>> = {}) {
  const rows = [...initial];
  const rpc = vi.fn(async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
    const failure = failures[name];
    if (failure) return { data: null, error: failure };
    switch (name) {
      case 'my_notifications': {
        const unread = args.p_unread as boolean;
        const list = rows
          .filter((r) => (r.read_at === null) === unread)
          .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
        return { data: list.slice(0, args.p_limit as number), error: null };
      }
      case 'mark_notification_read': {
        const found = rows.find((r) => r.id === args.p_id);
        if (found) found.read_at ??= '2026-11-24T12:00:00Z';
        return { data: null, error: null };
      }
      case 'mark_all_notifications_read': {
        const unread = rows.filter((r) => r.read_at === null);
        for (const r of unread) r.read_at = '2026-11-24T12:00:00Z';
        return { data: unread.length, error: null };
      }
    }
    return { data: null, error: null };
  });
  return { client: { rpc } as unknown as AccordClient, rpc, rows };
}

function renderPage(client: AccordClient) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/notifications', element: <NotificationsPage client={client} /> },
      { path: '/dashboard/members', element: <h1>Members page</h1> },
    ],
    { initialEntries: ['/dashboard/notifications'] },
  );
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor('orgAdmin'))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

const section = (name: 'Unread' | 'Read') => screen.getByRole('region', { name });
const items = (name: 'Unread' | 'Read') => within(section(name)).queryAllByRole('listitem');

/** Records the inbox events the page sends (the header and the navigation listen to them). */
function listenToInbox(): InboxEvent[] {
  const seen: InboxEvent[] = [];
  function Listener() {
    useInboxEvents((event) => seen.push(event));
    return null;
  }
  render(<Listener />);
  return seen;
}

describe('/dashboard/notifications', () => {
  it('shows the unread section first, then the read one, each item with its title as a link, its text as text and its time', async () => {
    const { client } = fakeBackend([
      row(1, { read_at: '2026-11-22T09:00:00Z', title: 'Grace Hopper joined Northwind' }),
      row(2, { title: 'The network answered: Renewal', body: 'Send <b>the</b> certificate.', link: '/dashboard/messages', kind: 'network_reply' }),
    ]);
    renderPage(client);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(items('Unread')).toHaveLength(1));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Unread', 'Read']);

    const [unread] = items('Unread');
    expect(within(unread).getByRole('link', { name: 'The network answered: Renewal' })).toHaveAttribute('href', '/dashboard/messages');
    // The database's words are shown as they are, never as markup.
    expect(unread).toHaveTextContent('Send <b>the</b> certificate.');
    expect(unread.querySelector('b')).toBeNull();
    expect(unread).toHaveTextContent('22 Nov 2026');
    expect(within(unread).getByRole('button', { name: 'Mark as read: “The network answered: Renewal”' })).toBeInTheDocument();

    await waitFor(() => expect(items('Read')).toHaveLength(1));
    const [read] = items('Read');
    expect(within(read).getByRole('link', { name: 'Grace Hopper joined Northwind' })).toBeInTheDocument();
    expect(within(read).queryByRole('button')).toBeNull();
  });

  it('marks one as read: it moves to the read section and the header and navigation are told', async () => {
    const { client, rpc } = fakeBackend([row(1), row(2)]);
    const seen = listenToInbox();
    const { user } = renderPage(client);
    await waitFor(() => expect(items('Unread')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Mark as read: “Notification 2”' }));
    expect(rpc).toHaveBeenCalledWith('mark_notification_read', { p_id: 2 });
    await waitFor(() => expect(items('Unread')).toHaveLength(1));
    await waitFor(() => expect(items('Read')).toHaveLength(1));
    expect(seen).toContainEqual({ type: 'changed', topic: 'notifications' });
  });

  it('following a link marks the notification read and opens the thing itself', async () => {
    const { client, rpc, rows } = fakeBackend([row(1)]);
    const seen = listenToInbox();
    const { user } = renderPage(client);
    await user.click(await screen.findByRole('link', { name: 'Notification 1' }));
    expect(await screen.findByRole('heading', { name: 'Members page' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('mark_notification_read', { p_id: 1 });
    await waitFor(() => expect(rows[0].read_at).not.toBeNull());
    await waitFor(() => expect(seen).toContainEqual({ type: 'changed', topic: 'notifications' }));
  });

  it('marks all as read with a toast, and the button is off while nothing is unread', async () => {
    const { client, rpc } = fakeBackend([row(1), row(2), row(3)]);
    const { user } = renderPage(client);
    await waitFor(() => expect(items('Unread')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(rpc).toHaveBeenCalledWith('mark_all_notifications_read');
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    expect(screen.getByText('3 notifications were marked as read.')).toBeInTheDocument();
    await waitFor(() => expect(items('Read')).toHaveLength(3));
    expect(within(section('Unread')).getByText('Nothing unread')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('a new notification from the live channel appears without a reload', async () => {
    const { client, rows } = fakeBackend([row(1)]);
    renderPage(client);
    await waitFor(() => expect(items('Unread')).toHaveLength(1));
    rows.push(row(9, { title: 'Kat joined Northwind' }));
    act(() => emitInboxEvent({ type: 'changed', topic: 'notifications' }));
    expect(await within(section('Unread')).findByRole('link', { name: 'Kat joined Northwind' })).toBeInTheDocument();
    // A (re)join refetches too: whatever was missed while offline arrives.
    rows.push(row(8, { title: 'Lin joined Northwind' }));
    act(() => emitInboxEvent({ type: 'resync' }));
    expect(await within(section('Unread')).findByRole('link', { name: 'Lin joined Northwind' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    renderPage(fakeBackend([]).client);
    expect(await within(section('Unread')).findByText('Nothing unread')).toBeInTheDocument();
    expect(await within(section('Read')).findByText('Nothing read yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says what went wrong, and "Try again" asks again', async () => {
    const failures: Parameters<typeof fakeBackend>[1] = { my_notifications: { message: 'not_authenticated', code: '42501' } };
    const backend = fakeBackend([row(1)], failures);
    const { user } = renderPage(backend.client);
    expect(await within(section('Unread')).findByText('Your unread notifications could not be loaded')).toBeInTheDocument();
    expect(within(section('Unread')).getByText('Your session has ended. Sign in again to see your notifications.')).toBeInTheDocument();
    delete failures.my_notifications;
    await user.click(within(section('Unread')).getByRole('button', { name: /try again/i }));
    expect(await within(section('Unread')).findByRole('link', { name: 'Notification 1' })).toBeInTheDocument();
  });

  it('a refused mark is said in a toast and the item stays unread', async () => {
    const backend = fakeBackend([row(1)], { mark_notification_read: { message: 'notification_not_found', code: 'P0002' } });
    const { user } = renderPage(backend.client);
    await user.click(await screen.findByRole('button', { name: 'Mark as read: “Notification 1”' }));
    expect(await screen.findByText('The notification could not be marked as read')).toBeInTheDocument();
    expect(screen.getByText('This notification no longer exists. Refresh the list.')).toBeInTheDocument();
    expect(items('Unread')).toHaveLength(1);
  });
});
