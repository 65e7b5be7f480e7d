import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import { releaseIdentityLink, takeIdentityLink } from '../../data/account/held-identity-link';
import type { AuthProvider } from '../../data/auth/auth-providers';
import type { AccordClient } from '../../data/client';
import { TestProviders } from '../../testing/render';
import { IdentitiesSection } from './identities-section';

/** Linking a provider: a button for each enabled provider not yet linked, which starts linkIdentity. */
const EMAIL_IDENTITY = { identity_id: 'i-email', id: 'u', user_id: 'u', provider: 'email', identity_data: { email: 'ada@school.example' }, created_at: '2026-11-01T10:00:00Z' };
const GITHUB_IDENTITY = { identity_id: 'i-gh', id: 'gh', user_id: 'u', provider: 'github', identity_data: { email: 'ada@github.example' }, created_at: '2026-11-02T10:00:00Z' };

function setup(identities: unknown[], providers: AuthProvider[], linkError: { message: string; code?: string } | null = null) {
  const auth = {
    getUserIdentities: vi.fn(async () => ({ data: { identities }, error: null })),
    linkIdentity: vi.fn(async () => ({ data: linkError ? { provider: 'keycloak', url: null } : { provider: 'keycloak', url: 'http://idp.test' }, error: linkError })),
  };
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/investor/settings']}>
        <IdentitiesSection account={ADA} client={{ auth } as unknown as AccordClient} loadProviders={async () => providers} />
      </MemoryRouter>
      <ToastList />
    </TestProviders>,
  );
  return { auth, user: userEvent.setup({ delay: null }) };
}

const ADA = { id: '5eed0000-0000-4000-8000-00000000a0a0', email: 'ada@school.example' };
const KEYCLOAK = { name: 'keycloak', label: 'Accord test identity provider' };
const GITHUB = { name: 'github', label: 'GitHub' };

describe('linking an identity', () => {
  afterEach(() => releaseIdentityLink());

  it('offers each enabled provider not yet linked, by its configured name, and starts linking through the callback', async () => {
    const { auth, user } = setup([EMAIL_IDENTITY, GITHUB_IDENTITY], [KEYCLOAK, GITHUB]);
    const link = await screen.findByRole('button', { name: 'Link Accord test identity provider' });
    expect(screen.queryByRole('button', { name: 'Link GitHub' })).toBeNull();
    await user.click(link);
    expect(auth.linkIdentity).toHaveBeenCalledWith({
      provider: 'keycloak',
      // openid: the provider answers userinfo only for a token with that scope (decision 040).
      // ?link= tells the callback to ask before linking (decision 067); nothing else travels in the address.
      options: { redirectTo: `${window.location.origin}/auth/callback?link=keycloak`, scopes: 'openid' },
    });
    // This browser holds which account and page the link is for: the callback names them and returns here.
    expect(takeIdentityLink('keycloak')).toEqual({
      provider: 'keycloak',
      providerLabel: 'Accord test identity provider',
      userId: ADA.id,
      email: ADA.email,
      returnTo: '/investor/settings',
    });
  });

  it('offers nothing to link when no provider is enabled', async () => {
    setup([EMAIL_IDENTITY], []);
    await screen.findByRole('table', { name: 'Your sign-in methods' });
    expect(screen.queryByRole('button', { name: /^Link / })).toBeNull();
  });

  it('says so when linking is refused', async () => {
    const { user } = setup([EMAIL_IDENTITY], [KEYCLOAK], { message: 'Manual linking is disabled', code: 'manual_linking_disabled' });
    await user.click(await screen.findByRole('button', { name: 'Link Accord test identity provider' }));
    const toast = await screen.findByText('The link was not started');
    expect(toast).toBeInTheDocument();
    expect(within(document.body).getByText('Linking sign-in methods is turned off for this network.')).toBeInTheDocument();
    // A link that was not started leaves nothing held for the callback to find.
    expect(takeIdentityLink('keycloak')).toBeNull();
  });
});
