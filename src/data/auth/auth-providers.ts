import { useEffect, useState } from 'react';

import { readSupabaseConfig } from '../config';
import { DataError, toDataError } from '../errors';

/**
 * The external sign-in providers the auth service has turned on, read from its
 * public GET /auth/v1/settings (`external.<name>: true`), which GoTrue serves
 * from the project's [auth.external.<name>] settings (config.toml locally, the
 * dashboard on a hosted project). So the app offers exactly the providers that
 * work, and none is written into the app (decision 042).
 */

/** Entries of `external` that are not identity providers one can be sent to. */
const NOT_REDIRECT_PROVIDERS = new Set(['email', 'phone', 'anonymous_users', 'saml']);

/**
 * What each provider is called on a button. A deployment names its own
 * (a hosted project's Keycloak is the organisation's own sign-in) with
 * VITE_AUTH_PROVIDER_LABELS, e.g. `keycloak=Acme sign-in;github=GitHub`, read
 * at build time; the local stack sets it for its test provider.
 */
const DEFAULT_LABELS: Record<string, string> = {
  apple: 'Apple',
  azure: 'Microsoft',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  keycloak: 'Keycloak',
  linkedin_oidc: 'LinkedIn',
  slack_oidc: 'Slack',
  workos: 'WorkOS',
};

/** `name=Label;name=Label` (the form VITE_AUTH_PROVIDER_LABELS takes) as a map; malformed entries are left out. */
export function parseProviderLabels(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(';').flatMap((entry) => {
      const at = entry.indexOf('=');
      const name = entry.slice(0, at).trim();
      const label = entry.slice(at + 1).trim();
      return at > 0 && name !== '' && label !== '' ? [[name, label]] : [];
    }),
  );
}

/** What a provider is called on its button: the deployment's name for it, a known brand, or its name capitalised. */
export function providerLabel(provider: string, configured: string | undefined = import.meta.env.VITE_AUTH_PROVIDER_LABELS): string {
  const label = parseProviderLabels(configured)[provider] ?? DEFAULT_LABELS[provider];
  if (label) return label;
  return provider.charAt(0).toUpperCase() + provider.slice(1).replace(/_/g, ' ');
}

export interface AuthProvider {
  name: string;
  label: string;
}

const LOAD_FAILED = "We couldn't check which other ways of signing in are available.";

/** The enabled redirect providers, in the auth service's order. Plain fetch: the login screens stay light. */
export async function getEnabledProviders(): Promise<AuthProvider[]> {
  const config = readSupabaseConfig(import.meta.env);
  if (!config.ok) throw new DataError(config.message);
  let response: Response;
  try {
    response = await fetch(`${config.url.replace(/\/+$/, '')}/auth/v1/settings`, { headers: { apikey: config.anonKey } });
  } catch (error) {
    throw toDataError(error);
  }
  if (!response.ok) throw new DataError(LOAD_FAILED, { status: response.status });
  const body = (await response.json()) as { external?: Record<string, unknown> };
  return Object.entries(body.external ?? {})
    .filter(([name, enabled]) => enabled === true && !NOT_REDIRECT_PROVIDERS.has(name))
    .map(([name]) => ({ name, label: providerLabel(name) }));
}

let cached: Promise<AuthProvider[]> | null = null;

/** The enabled providers, asked once per page load (they change only when the project's settings do). A failure is asked again next time. */
export function enabledProvidersOnce(): Promise<AuthProvider[]> {
  cached ??= getEnabledProviders().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

export type EnabledProviders = { status: 'loading' } | { status: 'ready'; providers: AuthProvider[] } | { status: 'failed'; message: string };

/**
 * The enabled providers for a screen. A plain effect rather than SWR: the
 * login screens use it too, and stay as light as they were.
 */
export function useEnabledProviders(load: () => Promise<AuthProvider[]> = enabledProvidersOnce): EnabledProviders {
  const [state, setState] = useState<EnabledProviders>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (providers) => live && setState({ status: 'ready', providers }),
      (error: unknown) => live && setState({ status: 'failed', message: toDataError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}
