import { render, screen, waitFor } from '@testing-library/react';
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
}));

vi.mock('../../data/client', () => ({
  configError: null,
  supabase: {
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
  backend.failures = {};
  backend.attempts = {};
});

describe('the member dashboard shows the organisation', () => {
  it("with its name and the application's status", async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind Learning Trust' })).toBeInTheDocument();
    expect(screen.getByText('Approved member')).toBeInTheDocument();
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
