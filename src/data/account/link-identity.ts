import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { OPENID_SCOPE } from '../auth/sign-in-with-provider';

const SENTENCES: Record<string, string> = {
  identity_already_exists: 'That account is already linked to another Accord account.',
  manual_linking_disabled: 'Linking sign-in methods is turned off for this network.',
  provider_disabled: 'That way of signing in is not available.',
};

/**
 * Starts linking the signed-in account to a provider's identity (GET
 * /user/identities/authorize): supabase-js then takes the browser to the
 * provider, which sends it back to `redirectTo` (the app's /auth/callback).
 */
export async function linkIdentity(client: AccordClient, { provider, redirectTo }: { provider: string; redirectTo: string }): Promise<void> {
  // The provider's name comes from the auth service's settings; supabase-js types list only the built-in ones.
  const { error } = await client.auth.linkIdentity({ provider: provider as 'keycloak', options: { redirectTo, scopes: OPENID_SCOPE } });
  if (!error) return;
  const sentence = error.code ? SENTENCES[error.code] : undefined;
  throw sentence ? new DataError(sentence, { code: error.code, status: error.status, cause: error }) : toDataError(error);
}
