import { afterEach, describe, expect, it, vi } from 'vitest';

import { getEnabledProviders, parseProviderLabels, providerLabel } from './auth-providers';

describe('provider labels', () => {
  it('reads name=Label pairs, skipping malformed ones', () => {
    expect(parseProviderLabels('keycloak=Acme sign-in; github = GitHub ;=x;bad;y=')).toEqual({ keycloak: 'Acme sign-in', github: 'GitHub' });
    expect(parseProviderLabels(undefined)).toEqual({});
  });

  it('prefers the deployment’s name, then a known brand, then the name itself', () => {
    expect(providerLabel('keycloak', 'keycloak=Accord test identity provider')).toBe('Accord test identity provider');
    expect(providerLabel('keycloak', '')).toBe('Keycloak');
    expect(providerLabel('github', '')).toBe('GitHub');
    expect(providerLabel('some_idp', '')).toBe('Some idp');
  });
});

describe('getEnabledProviders', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('lists only the redirect providers the auth service has turned on', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://api.test/');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
    vi.stubEnv('VITE_AUTH_PROVIDER_LABELS', 'keycloak=Accord test identity provider');
    const fetchMock = vi.fn(async () =>
      Response.json({ external: { email: true, phone: false, anonymous_users: true, github: false, keycloak: true, google: true } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await getEnabledProviders()).toEqual([
      { name: 'keycloak', label: 'Accord test identity provider' },
      { name: 'google', label: 'Google' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/auth/v1/settings', { headers: { apikey: 'anon-key' } });
  });

  it('fails with a sentence when the settings cannot be read', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://api.test');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 500 })));
    await expect(getEnabledProviders()).rejects.toThrow('We couldn’t check which other ways of signing in are available.'.replace('’', "'"));
  });
});
