import { screen } from '@testing-library/react';
import type { Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { completeSignInFromUrl } from '../../data/auth/complete-sign-in';
import { DataError } from '../../data/errors';
import { renderAt } from '../../testing/render';
import AuthCallbackPage, { NO_SESSION_MESSAGE } from './auth-callback-page';

vi.mock('../../data/auth/complete-sign-in', () => ({ completeSignInFromUrl: vi.fn() }));
const completeMock = vi.mocked(completeSignInFromUrl);

afterEach(() => {
  vi.resetAllMocks();
});

function renderCallback() {
  renderAt(<AuthCallbackPage />, {
    at: '/auth/callback?code=abc',
    routes: [
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
  });
}

describe('AuthCallbackPage', () => {
  it('shows "Signing you in…" until the link has been read', () => {
    completeMock.mockReturnValue(new Promise(() => undefined));
    renderCallback();
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeInTheDocument();
  });

  it('goes to the dashboard once the link has produced a session', async () => {
    completeMock.mockResolvedValue({ user: { id: 'u1', email: 'ada@school.example' } } as Session);
    renderCallback();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('shows the error and a way back to the login page', async () => {
    completeMock.mockRejectedValue(new DataError('Email link is invalid or has expired'));
    renderCallback();
    expect(await screen.findByRole('alert')).toHaveTextContent('Email link is invalid or has expired');
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't sign you in" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('explains a link that gave no session, e.g. opened in another browser', async () => {
    completeMock.mockResolvedValue(null);
    renderCallback();
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_SESSION_MESSAGE);
  });
});
