import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ORG_QUERY_RETRIES, ORG_QUERY_RETRY_DELAY_MS } from '../../../machines/timing';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor } from '../../testing/session-facts';
import { WAIT_CEILING_MS } from '../../testing/wait-ceiling';

// The retries' own delays (spec §9), plus the ceiling every wait gets for the work around them on a loaded machine.
const RETRIES_CEILING_MS = ORG_QUERY_RETRIES * ORG_QUERY_RETRY_DELAY_MS + WAIT_CEILING_MS;

/** A backend that answers the organisation lookups, failing the first `failures[table]` attempts. */
const backend = vi.hoisted(() => ({
  failures: {} as Record<string, number>,
  attempts: {} as Record<string, number>,
  rows: {
    organization_members: { organization_id: 'org-1' } as unknown,
    organizations: { id: 'org-1', name: 'Northwind Learning Trust' } as unknown,
  } as Record<string, unknown>,
  home: null as unknown,
  activity: [] as unknown,
  activityError: false,
  /** When set, the activity answers as organization_activity does: newest first, before a cursor, at most p_limit. */
  trail: null as null | { id: number; occurred_at: string; action: string; actor_name: string | null; subject_name: string | null; details: object }[],
  activityCalls: [] as Record<string, unknown>[],
}));

const HOME = {
  organization_id: 'org-1',
  name: 'Northwind Learning Trust',
  registry_status: 'active',
  registry_effective_from: '2026-03-02T10:00:00Z',
  member_since: '2026-03-02T10:00:00Z',
  has_logo: true,
  has_website: true,
  team_size: 3,
  pending_invitations: 0,
  expiring_invitations: [],
  oldest_pending_invitation: null,
  change_request: null,
};

vi.mock('../../data/client', () => ({
  configError: null,
  supabase: {
    rpc: async (fn: string, args: Record<string, unknown>) => {
      if (fn === 'member_home') return { data: backend.home, error: null };
      backend.activityCalls.push(args);
      if (backend.activityError) return { data: null, error: { message: 'connection reset', code: '08006' } };
      if (backend.trail) {
        const before = args.p_before_id === undefined ? null : { at: String(args.p_before_occurred_at), id: Number(args.p_before_id) };
        const older = backend.trail.filter((e) => !before || e.occurred_at < before.at || (e.occurred_at === before.at && e.id < before.id));
        return { data: older.slice(0, Number(args.p_limit)), error: null };
      }
      return { data: backend.activity, error: null };
    },
    from: (table: string) => {
      const answer = async () => {
        backend.attempts[table] = (backend.attempts[table] ?? 0) + 1;
        if ((backend.failures[table] ?? 0) >= backend.attempts[table]) {
          return { data: null, error: { message: 'connection reset', code: '08006' } };
        }
        return { data: backend.rows[table] ?? null, error: null };
      };
      const query = { select: () => query, eq: () => query, maybeSingle: answer, single: answer };
      return query;
    },
  },
}));

const { default: MemberDashboardPage } = await import('./member-dashboard-page');

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/dashboard', element: <MemberDashboardPage /> }], { initialEntries: ['/dashboard'] });
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor('orgAdmin'))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
}

beforeEach(() => {
  backend.home = { ...HOME };
  backend.activity = [];
  backend.activityError = false;
  backend.trail = null;
  backend.activityCalls = [];
  backend.failures = {};
  backend.attempts = {};
});

describe('the member dashboard shows the organisation', () => {
  it('with its registry status and date, member since, the team and a link to its public profile', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind Learning Trust' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Since 2 March 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your public profile' })).toHaveAttribute('href', '/trust-registry/org-1');
    expect(screen.getByText('3 people')).toBeInTheDocument();
    expect(screen.getByText('Nothing needs your attention right now.')).toBeInTheDocument();
  });

  it('lists what needs attention from its data', async () => {
    const soon = new Date(Date.now() + 5 * 60 * 60 * 1000).toISOString();
    backend.home = {
      ...HOME,
      has_logo: false,
      has_website: false,
      pending_invitations: 2,
      expiring_invitations: [{ email: 'sam@northwind.example', expires_at: soon }],
      oldest_pending_invitation: '2026-01-01T00:00:00Z',
      change_request: { status: 'declined', created_at: '2026-03-01T00:00:00Z', decided_at: '2026-03-03T00:00:00Z', decision_reason: 'The website is not yours.' },
    };
    renderDashboard();
    expect(await screen.findByText('Your request to change the registered details was declined: The website is not yours.')).toBeInTheDocument();
    expect(screen.getByText('The invitation to sam@northwind.example expires in 5 hours.')).toBeInTheDocument();
    expect(screen.getByText('A colleague you invited has not joined yet.')).toBeInTheDocument();
    expect(screen.getByText('Your organisation has no logo yet.')).toBeInTheDocument();
    expect(screen.getByText('Your organisation has no website on record.')).toBeInTheDocument();
  });

  it('says when there is no activity yet', async () => {
    renderDashboard();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('lists the organisation’s activity with readable names', async () => {
    backend.activity = [
      { id: 2, occurred_at: '2026-03-05T09:00:00Z', action: 'tenant_invitation.created', actor_name: 'Ada Lovelace', subject_name: null, details: {} },
      { id: 1, occurred_at: '2026-03-02T10:00:00Z', action: 'application.approved', actor_name: null, subject_name: null, details: {} },
    ];
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(list).toHaveTextContent('Colleague invited · Ada Lovelace');
    expect(list).toHaveTextContent('Application approved');
  });

  it('reaches older entries with "Show older activity", continuing after the last one shown', async () => {
    const user = userEvent.setup();
    // 23 entries, one a day, the oldest "Application approved"; two share a time (the id breaks the tie).
    backend.trail = Array.from({ length: 23 }, (_, i) => ({
      id: 100 - i,
      occurred_at: new Date(Date.UTC(2026, 9, 30 - Math.min(i, 21))).toISOString(),
      action: i === 22 ? 'application.approved' : 'organization.updated',
      actor_name: `Person ${i}`,
      subject_name: null,
      details: {},
    }));
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).not.toHaveTextContent('Application approved');

    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(backend.activityCalls.at(-1)).toMatchObject({ p_before_id: 91, p_before_occurred_at: backend.trail[9]!.occurred_at, p_limit: 11 });

    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(list).toHaveTextContent('Application approved · Person 22');
    // Each entry once, newest first, and nothing more to ask for.
    const people = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(new Set(people).size).toBe(23);
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
    expect(screen.getByText('The oldest activity is shown.')).toBeInTheDocument();
  });

  it('offers no older activity when the first page holds it all', async () => {
    backend.trail = [{ id: 1, occurred_at: '2026-03-02T10:00:00Z', action: 'application.approved', actor_name: null, subject_name: null, details: {} }];
    renderDashboard();
    expect(await screen.findByRole('list', { name: 'Recent activity' })).toHaveTextContent('Application approved');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
    expect(screen.queryByText('The oldest activity is shown.')).not.toBeInTheDocument();
  });

  it('shows a failure of the activity with a way to try again, and keeps the rest', async () => {
    backend.activityError = true;
    renderDashboard();
    expect(await screen.findByText('The recent activity could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Northwind Learning Trust' })).toBeInTheDocument();
  });

  it('rides out failures within its retries', { timeout: 2 * RETRIES_CEILING_MS }, async () => {
    backend.failures = { organization_members: ORG_QUERY_RETRIES };
    renderDashboard();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Northwind Learning Trust' }, { timeout: RETRIES_CEILING_MS }),
    ).toBeInTheDocument();
    expect(backend.attempts.organization_members).toBe(ORG_QUERY_RETRIES + 1);
  });

  it('says "Member lookup failed" when every attempt fails, and tries again on request', { timeout: 2 * RETRIES_CEILING_MS }, async () => {
    const user = userEvent.setup();
    backend.failures = { organization_members: ORG_QUERY_RETRIES + 1 };
    renderDashboard();
    // The failure shows as soon as it happens; SWR keeps retrying behind it until its retries run out.
    expect(await screen.findByRole('alert')).toHaveTextContent('Member lookup failed');
    await waitFor(() => expect(backend.attempts.organization_members).toBe(ORG_QUERY_RETRIES + 1), { timeout: RETRIES_CEILING_MS });
    expect(screen.getByRole('alert')).toHaveTextContent('Member lookup failed');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind Learning Trust' })).toBeInTheDocument();
  });
});
