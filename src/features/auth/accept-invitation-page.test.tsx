import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { heldInvitationToken, releaseInvitationToken } from '../../data/invitations/held-invitation-token';
import { renderAt } from '../../testing/render';
import AcceptInvitationPage from './accept-invitation-page';

beforeEach(() => releaseInvitationToken());

/** /accept-invitation: explains the two kinds of invitation, and sends an administrator invitation's token on. */
function AdminInvitationStandIn() {
  const location = useLocation();
  return <p>Administrator invitation at {`${location.pathname}${location.search}`}</p>;
}

function renderAtEntry(at: string) {
  renderAt(<AcceptInvitationPage />, {
    at,
    routes: [{ path: '/admin/accept-invitation', element: <AdminInvitationStandIn /> }],
  });
}

describe('the public invitation page', () => {
  it('explains where each kind of invitation leads, with the two ways to sign in', () => {
    renderAtEntry('/accept-invitation');
    expect(screen.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Joining your organisation' })).toBeInTheDocument();
    expect(screen.getByText(/takes you to your member dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Becoming a network administrator' })).toBeInTheDocument();
    expect(screen.getByText(/opens the administrator invitation screen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Administrator login' })).toHaveAttribute('href', '/accord-login');
  });

  it.each([
    ['token', '/accept-invitation?token=abc123'],
    ['invitation_token', '/accept-invitation?invitation_token=abc123'],
  ])('forwards a link carrying ?%s= to the administrator invitation screen, the token held rather than in the address', async (_name, at) => {
    renderAtEntry(at);
    expect(await screen.findByText('Administrator invitation at /admin/accept-invitation')).toBeInTheDocument();
    expect(heldInvitationToken()).toBe('abc123');
  });

  it('does not forward an empty token', () => {
    renderAtEntry('/accept-invitation?token=%20');
    expect(screen.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
  });
});
