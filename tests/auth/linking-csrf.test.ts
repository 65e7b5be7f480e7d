import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authClient, callbackUrl, signInByCode, uniqueEmail } from '../support/auth-helpers.ts';
import { signInThroughProvider } from '../support/identity-provider.ts';
import { sql } from '../support/users.ts';

/**
 * Issue 23, finding 3 (decision 067): a linking URL is bound to the browser
 * that asked for it. The attacker, signed in, asks for a URL that links the
 * provider to their own account and sends it to a victim; the victim signs in
 * at the provider in their own browser (another cookie jar, no code verifier).
 * Before the fix the auth service linked the victim's provider identity to the
 * attacker's account at its /callback, so the victim's next provider sign-in
 * opened the attacker's account.
 */
const SCOPES = 'openid';

const accountsOfIdentity = async (providerId: string) =>
  (await sql<{ user_id: string }>("select user_id from auth.identities where provider = 'keycloak' and provider_id = $1", [providerId])).map(
    (row) => row.user_id,
  );

/** A provider sign-in in a browser of its own, as the victim later signs in to Accord. */
async function providerSignIn(login: string) {
  const client = authClient();
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
  if (error || !data.url) throw error ?? new Error('signInWithOAuth returned no URL');
  const landed = await signInThroughProvider(data.url, login);
  const exchanged = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
  if (exchanged.error || !exchanged.data.user) throw exchanged.error ?? new Error('No session');
  return exchanged.data.user;
}

describe('linking CSRF', () => {
  it('a linking URL completed in another browser links nothing, and the victim’s provider sign-in never opens the attacker’s account', async () => {
    const victimLogin = `test-victim-${randomUUID().slice(0, 8)}@idp.accord.test`;
    const { client: attackerBrowser, user: attacker } = await signInByCode(uniqueEmail('link-attacker'));
    const { data: link, error } = await attackerBrowser.auth.linkIdentity({
      provider: 'keycloak',
      options: { redirectTo: callbackUrl(), scopes: SCOPES },
    });
    expect(error).toBeNull();

    // The victim's browser: its own cookies at the provider, no verifier for this flow.
    const landed = await signInThroughProvider(link.url!, victimLogin);
    const code = landed.searchParams.get('code');
    // What the victim's app can do with that code: nothing, with no verifier or with one of its own.
    if (code) {
      const noVerifier = await authClient().auth.exchangeCodeForSession(code);
      expect(noVerifier.data.session).toBeNull();
      const ownVerifier = authClient();
      await ownVerifier.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
      const refused = await ownVerifier.auth.exchangeCodeForSession(code);
      expect(refused.error?.code).toBe('bad_code_verifier');
    }
    const identities = await sql<{ provider: string }>('select provider from auth.identities where user_id = $1', [attacker.id]);
    expect(identities.map((row) => row.provider)).toEqual(['email']);

    // Later the victim signs in to Accord with the provider: their own (new) account, never the attacker's.
    const victim = await providerSignIn(victimLogin);
    expect(victim.id).not.toBe(attacker.id);
    expect(victim.email).toBe(victimLogin);
    expect(await accountsOfIdentity(victim.identities![0].id)).toEqual([victim.id]);
  });

  it('an identity someone else took between the provider and the exchange is refused at the exchange, and nothing is linked', async () => {
    const login = `test-race-${randomUUID().slice(0, 8)}@idp.accord.test`;
    const { client, user } = await signInByCode(uniqueEmail('link-race'));
    const { data: link } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
    const landed = await signInThroughProvider(link.url!, login);
    const owner = await providerSignIn(login);

    const { data, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('identity_already_exists');
    expect(data.session).toBeNull();
    expect(await accountsOfIdentity(owner.identities![0].id)).toEqual([owner.id]);
    const identities = await sql<{ provider: string }>('select provider from auth.identities where user_id = $1', [user.id]);
    expect(identities.map((row) => row.provider)).toEqual(['email']);
  });

  it('linking without PKCE is refused: the implicit flow has nothing to bind the browser with', async () => {
    const { client } = await signInByCode(uniqueEmail('link-implicit'), authClient({ flowType: 'implicit' }));
    const { data, error } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(data.url).toBeNull();
  });
});
