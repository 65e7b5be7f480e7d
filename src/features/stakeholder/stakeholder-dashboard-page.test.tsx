import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import StakeholderDashboardPage from './stakeholder-dashboard-page';

/** /stakeholder/dashboard: network_summary's five figures, each with its trend in words. */
function clientAnswering(...answers: Array<{ data: unknown; error: { message: string; code?: string } | null }>) {
  const rpc = vi.fn();
  for (const answer of answers) rpc.mockResolvedValueOnce(answer);
  return { client: { rpc } as unknown as AccordClient, rpc };
}

const SUMMARY = {
  as_of: '2026-11-24T10:00:00Z',
  period: { current_from: '2026-11-01', previous_from: '2026-10-01', previous_to: '2026-10-24' },
  active_members: 1204,
  active_members_previous: 1190,
  new_members: { current: 3, previous: 5 },
  pending_applications: 7,
  pending_applications_previous: 7,
  registry_lookups: { current: 15320, previous: 12000, counted_since: '2026-09-14T08:00:00Z' },
  status_changes: { current: 2, previous: 0 },
};

function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('the stakeholder dashboard', () => {
  it('shows the five figures with their trends against the same days of last month, and leads to the analytics', async () => {
    const { client, rpc } = clientAnswering({ data: SUMMARY, error: null });
    renderAt(<StakeholderDashboardPage client={client} />, { at: '/stakeholder/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Stakeholder dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the network’s figures…');

    expect(await screen.findByText('1,204')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('network_summary');
    expect(screen.getByText(/1–24 November against the same days of last month \(1–24 October\)/)).toBeInTheDocument();

    expect(card('Active members')).toHaveTextContent('1,204');
    expect(card('Active members')).toHaveTextContent('Up 14 from 1,190 on 24 October');
    expect(card('New this month')).toHaveTextContent('3');
    expect(card('New this month')).toHaveTextContent('Down 2 from 5 in 1–24 October');
    expect(card('Pending applications')).toHaveTextContent('No change from 7 on 24 October');
    expect(card('Registry lookups')).toHaveTextContent('15,320');
    expect(card('Registry lookups')).toHaveTextContent('Up 3,320 from 12,000 in 1–24 October');
    expect(card('Registry lookups')).toHaveTextContent('Counted since 14 Sept 2026');
    expect(card('Status changes')).toHaveTextContent('Up 2 from 0 in 1–24 October');

    // The direction is in the words; the arrow repeats it for the eye and is hidden from screen readers.
    const arrow = within(card('New this month')).getByText('↓');
    expect(arrow).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See the analytics/ })).toHaveAttribute('href', '/stakeholder/analytics');
  });

  it('says when registry lookups are too recently counted to compare, or not counted yet', async () => {
    const recent = { ...SUMMARY, registry_lookups: { current: 40, previous: 0, counted_since: '2026-11-20T09:00:00Z' } };
    const { client } = clientAnswering({ data: recent, error: null });
    const { unmount } = renderAt(<StakeholderDashboardPage client={client} />, { at: '/stakeholder/dashboard' });
    expect(await screen.findByText('Counting began too recently to compare with 1–24 October.')).toBeInTheDocument();
    expect(card('Registry lookups')).toHaveTextContent('Counted since 20 Nov 2026');
    unmount();

    const never = { ...SUMMARY, registry_lookups: { current: 0, previous: 0, counted_since: null } };
    renderAt(<StakeholderDashboardPage client={clientAnswering({ data: never, error: null }).client} />, { at: '/stakeholder/dashboard' });
    expect(await screen.findByText(/Not counted yet/)).toBeInTheDocument();
  });

  it('explains a refusal in words and retries on request', async () => {
    const { client } = clientAnswering(
      { data: null, error: { message: 'not_allowed_figures', code: '42501' } },
      { data: SUMMARY, error: null },
    );
    renderAt(<StakeholderDashboardPage client={client} />, { at: '/stakeholder/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The network’s figures could not be loaded');
    expect(alert).toHaveTextContent('Only stakeholders, investors and administrators can see the network’s figures.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,204')).toBeInTheDocument();
  });

  it('refuses to show figures that are not numbers', async () => {
    const { client } = clientAnswering({ data: { ...SUMMARY, active_members: '12' }, error: null });
    renderAt(<StakeholderDashboardPage client={client} />, { at: '/stakeholder/dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures came back in a shape this page does not understand.');
  });
});
