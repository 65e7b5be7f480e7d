import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import type { MagicLinkType } from './send-magic-link';

/**
 * Asked of every provider on top of GoTrue's own scopes: an OpenID Connect
 * provider (Keycloak, and the local one) answers userinfo only for a token with
 * the openid scope, and GoTrue's keycloak provider does not ask for it (decision 040).
 */
export const OPENID_SCOPE = 'openid';

export interface SignInWithProviderParams {
  provider: string;
  /** Absolute URL of the callback page, e.g. `${window.location.origin}/auth/callback`. */
  redirectTo: string;
  /** As for a sign-in link: the administrator login's callback turns away anyone who is not one. */
  type?: MagicLinkType | undefined;
  /** A safe internal path the callback returns to after sign-in (`?next=`). */
  next?: string | undefined;
}

/**
 * Sends the browser to the provider (GET /auth/v1/authorize, PKCE): the
 * provider sends it back through the auth service to the app's
 * /auth/callback with a code, which the callback exchanges as it does a
 * sign-in link's. Resolves only if the browser was not taken away.
 */
export async function signInWithProvider(client: AccordClient, { provider, redirectTo, type, next }: SignInWithProviderParams): Promise<void> {
  const callback = new URL(redirectTo);
  if (type) callback.searchParams.set('type', type);
  if (next) callback.searchParams.set('next', next);
  // The provider's name comes from the auth service's settings; supabase-js types list only the built-in ones.
  const { error } = await client.auth.signInWithOAuth({ provider: provider as 'keycloak', options: { redirectTo: callback.toString(), scopes: OPENID_SCOPE } });
  if (error) throw error.code === 'provider_disabled' ? new DataError('That way of signing in is not available.', { code: error.code, cause: error }) : toDataError(error);
}
