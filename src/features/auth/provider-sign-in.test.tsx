import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useEnabledProviders, type EnabledProviders } from '../../data/auth/auth-providers';
import type * as ProvidersModule from '../../data/auth/auth-providers';
import { signInWithProvider } from '../../data/auth/sign-in-with-provider';
import { DataError } from '../../data/errors';
import { renderAt } from '../../testing/render';
import AdminLoginPage from './admin-login-page';
import MemberLoginPage from './member-login-page';

/** "Sign in with a provider" on both login screens (decision 042), with the data files faked. */
vi.mock('../../data/auth/auth-providers', async (importOriginal) => ({
  ...(await importOriginal<typeof ProvidersModule>()),
  useEnabledProviders: vi.fn(),
}));
vi.mock('../../data/auth/sign-in-with-provider', () => ({ signInWithProvider: vi.fn() }));

const providersMock = vi.mocked(useEnabledProviders);
const signInMock = vi.mocked(signInWithProvider);
const CALLBACK = `${window.location.origin}/auth/callback`;

function withProviders(state: EnabledProviders) {
  providersMock.mockReturnValue(state);
}

afterEach(() => {
  vi.resetAllMocks();
});

describe('sign in with a provider', () => {
  it('offers a button per enabled provider under the magic link, after an "or", and sends the member on through the callback', async () => {
    withProviders({ status: 'ready', providers: [{ name: 'keycloak', label: 'Accord test identity provider' }] });
    signInMock.mockResolvedValue(undefined);
    renderAt(<MemberLoginPage />, { at: '/login?next=%2Fdashboard%2Fmembers' });
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Sign in with another account' });
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Sign in with Accord test identity provider' }));
    // The client loads on the click (the page draws without supabase-js).
    await waitFor(() =>
      expect(signInMock).toHaveBeenCalledWith(expect.anything(), { provider: 'keycloak', redirectTo: CALLBACK, type: undefined, next: '/dashboard/members' }),
    );
  });

  it('on the administrator login, marks the callback as an administrator sign-in, as its magic link does', async () => {
    withProviders({ status: 'ready', providers: [{ name: 'keycloak', label: 'Accord test identity provider' }] });
    signInMock.mockResolvedValue(undefined);
    renderAt(<AdminLoginPage />, { at: '/accord-login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Accord test identity provider' }));
    await waitFor(() =>
      expect(signInMock).toHaveBeenCalledWith(expect.anything(), { provider: 'keycloak', redirectTo: CALLBACK, type: 'admin_magiclink', next: undefined }),
    );
  });

  it('says why when the provider cannot be reached, and the magic link still works', async () => {
    withProviders({ status: 'ready', providers: [{ name: 'keycloak', label: 'Accord test identity provider' }] });
    signInMock.mockRejectedValue(new DataError('That way of signing in is not available.'));
    renderAt(<MemberLoginPage />, { at: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Accord test identity provider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That way of signing in is not available.');
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();
  });

  it('shows nothing extra when no provider is enabled, while they load, or when the settings cannot be read', () => {
    for (const state of [
      { status: 'ready', providers: [] },
      { status: 'loading' },
      { status: 'failed', message: 'unreachable' },
    ] as EnabledProviders[]) {
      withProviders(state);
      const { unmount } = renderAt(<MemberLoginPage />, { at: '/login' });
      expect(screen.queryByText('or')).toBeNull();
      expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
      unmount();
    }
  });
});
