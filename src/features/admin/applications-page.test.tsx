import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import ApplicationsPage from './applications-page';

/**
 * /admin/applications against a fake client: the queue's status filter and
 * search live in the address, so a reload, Back and Forward and a shared link
 * keep them, and an address it does not understand shows the default queue.
 */
function row(n: number, status: string, name: string) {
  return {
    organization_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status,
    submitted_by: 'u1',
    submitted_at: '2026-11-20T10:00:00Z',
    decided_at: null,
    decision_reason: null,
    changes_requested_at: null,
    contact_name: `Contact ${n}`,
    contact_phone: null,
    use_cases: [],
    expected_monthly_verifications: null,
    registration_document_path: null,
    consent_at: '2026-11-20T10:00:00Z',
    organization: { id: `org-${n}`, name, legal_name: null, registration_number: `REG-${n}`, country: 'GB', sector: 'education', website: null },
  };
}

const ROWS = [row(1, 'pending', 'Northwind School'), row(2, 'approved', 'Contoso Bank'), row(3, 'rejected', 'Fabrikam Trust')];

function fakeClient(): AccordClient {
  const query = {
    select: () => query,
    order: () => query,
    limit: () => Promise.resolve({ data: ROWS, error: null }),
  };
  return { from: () => query } as unknown as AccordClient;
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

function renderPage(at = '/admin/applications') {
  renderAt(
    <>
      <ApplicationsPage client={fakeClient()} />
      <Address />
    </>,
    { at, path: '/admin/applications' },
  );
  return userEvent.setup({ delay: null });
}

const names = async () => within(await screen.findByRole('list', { name: 'Applications' })).getAllByRole('button').map((b) => b.querySelector('p')?.textContent);
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const chip = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('/admin/applications filters in the address', () => {
  it('a status filter and a search change the address', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await names()).toEqual(['Northwind School']));
    await user.click(chip('Approved'));
    await waitFor(() => expect(address()).toBe('?status=approved'));
    expect(await names()).toEqual(['Contoso Bank']);
    expect(chip('Approved')).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip('All'));
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'fabrikam');
    await waitFor(() => expect(address()).toBe('?status=all&q=fabrikam'));
    expect(await names()).toEqual(['Fabrikam Trust']);
  });

  it('an address with a filter and a search shows the queue filtered', async () => {
    renderPage('/admin/applications?status=all&q=contoso');
    await waitFor(async () => expect(await names()).toEqual(['Contoso Bank']));
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search applications' })).toHaveValue('contoso');
  });

  it('an address it does not understand falls back to the open queue', async () => {
    renderPage('/admin/applications?status=bogus&id=not-an-id');
    await waitFor(async () => expect(await names()).toEqual(['Northwind School']));
    expect(chip('To review')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Choose an application')).toBeInTheDocument();
  });
});
