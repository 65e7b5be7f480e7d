import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { navItems } from '../../routes/routes';
import { emitInboxEvent } from '../../data/inbox/inbox-events';
import { renderAt } from '../../testing/render';
import { NavBar } from './nav-bar';
import { notificationsLabel } from './notifications-link';

/**
 * The header's notifications bell (decision 049): shown to signed-in members
 * only, named with the unread count ("Notifications, 3 unread"), linking to
 * /dashboard/notifications, and counted again when the live inbox channel
 * says the person's notifications changed.
 */
const count = { value: 3 };
const rpc = vi.fn(async (name: string) =>
  name === 'unread_notification_count' ? { data: count.value, error: null } : { data: null, error: { message: 'unexpected' } },
);
vi.mock('../../data/client', () => ({ configError: null, supabase: { rpc: (name: string) => rpc(name) } }));

const member = { status: 'signedIn', email: 'ada@school.example', isSystemAdmin: false, notificationsUserId: 'user-1' } as const;

beforeEach(() => {
  count.value = 3;
  rpc.mockClear();
});

describe('the header’s notifications bell', () => {
  it('says how many are unread, in words, and links to the notifications page', async () => {
    renderAt(<NavBar items={navItems} session={member} onSignOut={vi.fn()} />, { path: '*' });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/notifications');
    expect(bell).toHaveTextContent('3');
    // One bell at every width, one count asked for.
    expect(screen.getAllByRole('link', { name: /^Notifications/ })).toHaveLength(1);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('counts again when the live channel says the notifications changed', async () => {
    renderAt(<NavBar items={navItems} session={member} onSignOut={vi.fn()} />, { path: '*' });
    await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    count.value = 4;
    act(() => emitInboxEvent({ type: 'changed', topic: 'notifications' }));
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    count.value = 0;
    act(() => emitInboxEvent({ type: 'resync' }));
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).not.toHaveTextContent(/\d/);
  });

  it('is not there for a system administrator or someone without an organisation', async () => {
    renderAt(<NavBar items={navItems} session={{ status: 'signedIn', email: 'root@accord.test', isSystemAdmin: true }} onSignOut={vi.fn()} />, {
      path: '*',
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('names the count for screen readers', () => {
    expect(notificationsLabel(undefined)).toBe('Notifications');
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(1)).toBe('Notifications, 1 unread');
  });
});
