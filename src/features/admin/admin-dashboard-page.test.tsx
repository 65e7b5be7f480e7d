import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminDashboardPage from './admin-dashboard-page';

/** /admin/dashboard: the four counts from admin_dashboard_counts, each leading to where it is acted on. */
function clientAnswering(...answers: Array<{ data: unknown; error: { message: string; code?: string } | null }>) {
  const rpc = vi.fn();
  for (const answer of answers) rpc.mockResolvedValueOnce(answer);
  return { client: { rpc } as unknown as AccordClient, rpc };
}

const COUNTS = { pending_applications: 3, organizations: 12, users: 41, open_invitations: 2 };

describe('the admin dashboard', () => {
  it('shows the real counts, each card linking to its page', async () => {
    const { client, rpc } = clientAnswering({ data: [COUNTS], error: null });
    renderAt(<AdminDashboardPage client={client} />, { at: '/admin/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the numbers…');

    const cards = await screen.findAllByRole('listitem');
    const expected = [
      ['Pending applications', '3', 'Review applications', '/admin/applications'],
      ['Organisations', '12', 'See organisations', '/admin/tenants'],
      ['Users', '41', 'See users', '/admin/users'],
      ['Open invitations', '2', 'Manage invitations', '/admin/users'],
    ];
    expect(cards).toHaveLength(4);
    cards.forEach((card, index) => {
      const [label, count, action, href] = expected[index]!;
      expect(card).toHaveTextContent(label!);
      expect(card).toHaveTextContent(count!);
      expect(within(card).getByRole('link', { name: action })).toHaveAttribute('href', href);
    });
    expect(rpc).toHaveBeenCalledWith('admin_dashboard_counts');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('explains a failure and retries on request', async () => {
    const { client } = clientAnswering(
      { data: null, error: { message: 'Only system administrators may see the dashboard.', code: '42501' } },
      { data: [COUNTS], error: null },
    );
    renderAt(<AdminDashboardPage client={client} />, { at: '/admin/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    expect(alert).toHaveTextContent('Only system administrators may see the dashboard.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('41')).toBeInTheDocument();
  });
});
