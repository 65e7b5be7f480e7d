import { IDENTITY_LINK_PARAM } from '../../../machines/sign-in-callback-link';
import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { OPENID_SCOPE } from '../auth/sign-in-with-provider';
import { holdIdentityLink, releaseIdentityLink, type IdentityLinkStart } from './held-identity-link';

const SENTENCES: Record<string, string> = {
  identity_already_exists: 'That account is already linked to another Accord account.',
  manual_linking_disabled: 'Linking sign-in methods is turned off for this network.',
  provider_disabled: 'That way of signing in is not available.',
};

/**
 * Where the provider sends the browser back: the sign-in callback, told that
 * this is a link's return for `provider`, so it asks before exchanging the
 * code (decision 067). Which account and page it was, it reads from what
 * this browser held, never from the address.
 */
export function identityLinkRedirect(origin: string, provider: string): string {
  return `${origin}/auth/callback?${IDENTITY_LINK_PARAM}=${encodeURIComponent(provider)}`;
}

/**
 * Starts linking the signed-in account to a provider's identity (GET
 * /user/identities/authorize, under PKCE): supabase-js then takes the browser
 * to the provider, which sends it back to /auth/callback with a code. Nothing
 * is linked until that code is exchanged here, after the person has said yes.
 */
export async function linkIdentity(client: AccordClient, start: IdentityLinkStart & { origin: string }): Promise<void> {
  const { origin, ...held } = start;
  holdIdentityLink(held);
  // The provider's name comes from the auth service's settings; supabase-js types list only the built-in ones.
  const { error } = await client.auth.linkIdentity({
    provider: held.provider as 'keycloak',
    options: { redirectTo: identityLinkRedirect(origin, held.provider), scopes: OPENID_SCOPE },
  });
  if (!error) return;
  releaseIdentityLink();
  const sentence = error.code ? SENTENCES[error.code] : undefined;
  throw sentence ? new DataError(sentence, { code: error.code, status: error.status, cause: error }) : toDataError(error);
}
