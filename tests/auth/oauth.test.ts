import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { IDP_USERS } from '../../supabase/local/oidc/users.ts';
import {
  authClient,
  callbackUrl,
  decodeJwt,
  fragment,
  serviceClient,
  signInByCode,
  stack,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { openCallback, signInThroughProvider, visitProvider } from '../support/identity-provider.ts';
import { sql } from '../support/users.ts';

/**
 * Sign-in with the local OpenID Connect provider and linked identities, driven
 * by supabase-js as the app drives it (config.toml's [auth.external.keycloak]).
 * Each test signs in as its own provider account, so the tests do not depend
 * on one another. Decision 040.
 */
/** GoTrue's authorisation codes are UUIDs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idpUser = (name: string) => IDP_USERS.find((u) => u.email.startsWith(`${name}@`))!;
// Keycloak answers userinfo only for tokens with the openid scope; hosted Supabase's docs ask apps for it too.
const SCOPES = 'openid';

async function startProviderSignIn(client: SupabaseClient, redirectTo = callbackUrl()): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo, scopes: SCOPES } });
  if (error || !data.url) throw error ?? new Error('signInWithOAuth returned no URL');
  return data.url;
}

/** signInWithOAuth under PKCE, the provider's form, /callback, then exchangeCodeForSession. */
async function providerSession(login: string, client = authClient()) {
  const landed = await signInThroughProvider(await startProviderSignIn(client), login);
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`No code in ${landed.href}`);
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  if (error || !data.session) throw error ?? new Error('exchangeCodeForSession returned no session');
  return { client, session: data.session, user: data.user!, landed };
}

const identitiesOf = (userId: string) =>
  sql<{ provider: string; provider_id: string }>('select provider, provider_id from auth.identities where user_id = $1 order by provider', [
    userId,
  ]);
const userCount = async () => Number((await sql<{ n: string }>('select count(*) as n from auth.users'))[0].n);

describe('signInWithOAuth through the local provider', () => {
  it('creates the account, its identity and a session whose amr is oauth (PKCE)', async () => {
    const grace = idpUser('grace');
    const { session, user, landed } = await providerSession(grace.email);

    expect(landed.origin + landed.pathname).toBe(callbackUrl());
    expect(user.email).toBe(grace.email);
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(user.app_metadata).toMatchObject({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.user_metadata).toMatchObject({ full_name: grace.name, email_verified: true, sub: grace.sub });
    expect(user.identities?.map((i) => [i.provider, i.id])).toEqual([['keycloak', grace.sub]]);
    const claims = decodeJwt(session.access_token);
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['oauth']);
    expect(claims.aal).toBe('aal1');
    expect(session.provider_token).toMatch(/^[\w.-]{20,}$/);
    expect(await identitiesOf(user.id)).toEqual([{ provider: 'keycloak', provider_id: grace.sub }]);

    // A second sign-in finds the same account and adds nothing.
    const again = await providerSession(grace.email);
    expect(again.user.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toEqual([{ provider: 'keycloak', provider_id: grace.sub }]);
  });

  it('links to the existing confirmed account with the address the provider verified', async () => {
    const alan = idpUser('alan');
    const { data: created, error } = await serviceClient().auth.admin.createUser({ email: alan.email, email_confirm: true });
    expect(error).toBeNull();

    const { user } = await providerSession(alan.email);
    expect(user.id).toBe(created.user!.id);
    expect(user.app_metadata.providers).toEqual(['email', 'keycloak']);
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['email', 'keycloak']);
  });

  it('hands the session to the app in the fragment under the implicit flow', async () => {
    const katherine = idpUser('katherine');
    const landed = await signInThroughProvider(await startProviderSignIn(authClient({ flowType: 'implicit' })), katherine.email);
    const params = fragment(landed);
    expect(landed.search).toBe('');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('provider_token')).toMatch(/^[\w.-]{20,}$/);
    const claims = decodeJwt(params.get('access_token')!);
    expect(claims.email).toBe(katherine.email);
    expect((claims.amr as { method: string }[])[0].method).toBe('oauth');
    const { data } = await authClient().auth.getUser(params.get('access_token')!);
    expect(data.user?.email).toBe(katherine.email);
  });

  it('refuses an address the provider has not verified, as GoTrue does with confirmations on', async () => {
    const edsger = idpUser('edsger');
    const before = await userCount();
    const landed = await signInThroughProvider(await startProviderSignIn(authClient()), edsger.email);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(landed.searchParams.get('code')).toBeNull();
    // The unconfirmed account is kept (GoTrue commits it), with no session.
    expect(await userCount()).toBe(before + 1);
    expect(await sql('select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [edsger.email])).toEqual([]);
  });

  it('sends the provider’s own refusal back to the app with error and error_description', async () => {
    const url = await startProviderSignIn(authClient());
    const { callback } = await visitProvider(url, { cancel: true });
    const { status, location } = await openCallback(callback);
    expect(status).toBe(302);
    expect(location.origin + location.pathname).toBe(callbackUrl());
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toMatch(/abort|denied|cancel/i);
    expect(fragment(location).get('error')).toBe('access_denied');
  });
});

describe('attacks on the provider flow', () => {
  it('a redirect_to outside the allow-list is replaced by the site URL', async () => {
    const landed = await signInThroughProvider(await startProviderSignIn(authClient(), 'https://evil.example/steal'), idpUser('grace').email);
    expect(landed.origin).toBe(new URL(stack.auth.siteUrl).origin);
    expect(landed.href).not.toContain('evil.example');
    expect(landed.searchParams.get('code')).toMatch(UUID);
  });

  it('a tampered or unknown state is refused at /callback, and nobody is signed in', async () => {
    const url = await startProviderSignIn(authClient());
    const { callback } = await visitProvider(url, { login: idpUser('grace').email });
    const sessionsBefore = await sql('select id from auth.sessions');

    for (const [state, message] of [
      [randomUUID(), 'OAuth state not found or expired'],
      ['not-a-state', 'OAuth state parameter is invalid'],
    ]) {
      const tampered = new URL(callback);
      tampered.searchParams.set('state', state);
      const { status, location } = await openCallback(tampered);
      expect(status).toBe(303);
      expect(location.origin).toBe(new URL(stack.auth.siteUrl).origin);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_code')).toBe('bad_oauth_state');
      expect(location.searchParams.get('error_description')).toBe(message);
      expect(location.searchParams.get('code')).toBeNull();
    }
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect((await openCallback(missing)).location.searchParams.get('error_code')).toBe('bad_oauth_callback');
    expect(await sql('select id from auth.sessions')).toEqual(sessionsBefore);
  });

  it('a callback used twice is refused the second time', async () => {
    const url = await startProviderSignIn(authClient());
    const { callback } = await visitProvider(url, { login: idpUser('grace').email });
    expect((await openCallback(callback)).location.searchParams.get('code')).toMatch(UUID);
    const second = (await openCallback(callback)).location;
    expect(second.searchParams.get('error_code')).toBe('flow_state_already_used');
  });

  it('someone else’s code cannot be exchanged: the PKCE verifier stays with the browser that started', async () => {
    const attacker = authClient();
    const landed = await signInThroughProvider(await startProviderSignIn(attacker), idpUser('grace').email);
    const victim = authClient();
    await startProviderSignIn(victim);
    const { data, error } = await victim.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error?.code).toBe('bad_code_verifier');
    expect(data.session).toBeNull();
  });
});

describe('linked identities', () => {
  it('a signed-in person links the provider, lists both identities, unlinks it, and cannot unlink the last', async () => {
    const ada = idpUser('ada');
    const { client, user } = await signInByCode(uniqueEmail('linker'));

    const { data: link, error: linkError } = await client.auth.linkIdentity({
      provider: 'keycloak',
      options: { redirectTo: callbackUrl(), scopes: SCOPES },
    });
    expect(linkError).toBeNull();
    const landed = await signInThroughProvider(link.url!, ada.email);
    // Nothing is linked until this browser exchanges the code with its verifier (decision 067).
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['email']);
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(exchanged.user!.id).toBe(user.id);
    expect(exchanged.user!.email).toBe(user.email);

    const { data: listed } = await client.auth.getUserIdentities();
    expect(listed!.identities.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);
    const keycloak = listed!.identities.find((i) => i.provider === 'keycloak')!;
    expect(keycloak.id).toBe(ada.sub);
    expect(keycloak.identity_data?.email).toBe(ada.email);

    expect((await client.auth.unlinkIdentity(keycloak)).error).toBeNull();
    await client.auth.refreshSession();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['email']);
    const { data: refreshed } = await client.auth.getUser();
    expect(refreshed.user?.app_metadata.providers).toEqual(['email']);

    // The last identity stays.
    const last = after!.identities[0];
    const refused = await client.auth.unlinkIdentity(last);
    expect(refused.error?.code).toBe('single_identity_not_deletable');
    expect(refused.error?.status).toBe(422);
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['email']);
  });

  it('refuses to unlink someone else’s identity', async () => {
    const { client, user } = await signInByCode(uniqueEmail('unlinker'));
    // Two identities of its own, so the refusal is about ownership, not about the last identity.
    const { data: link } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
    const landed = await signInThroughProvider(link.url!, idpUser('ada').email);
    expect((await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!)).error).toBeNull();
    expect(await identitiesOf(user.id)).toHaveLength(2);

    const { user: victim } = await signInByCode(uniqueEmail('victim'));
    const victimIdentity = victim.identities![0];
    const { error } = await client.auth.unlinkIdentity(victimIdentity);
    expect(error?.code).toBe('identity_not_found');
    expect(await identitiesOf(victim.id)).toHaveLength(1);
  });

  it('refuses to link an identity that belongs to another account', async () => {
    const grace = idpUser('grace');
    const owner = await providerSession(grace.email);
    const { client, user } = await signInByCode(uniqueEmail('taker'));
    const { data: link } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: callbackUrl(), scopes: SCOPES } });
    const landed = await signInThroughProvider(link.url!, grace.email);
    expect(landed.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(landed.searchParams.get('error_description')).toBe('Identity is already linked to another user');
    expect(landed.searchParams.get('code')).toBeNull();
    expect((await identitiesOf(user.id)).map((i) => i.provider)).toEqual(['email']);
    expect((await identitiesOf(owner.user.id)).map((i) => i.provider)).toEqual(['keycloak']);
  });

  it('needs a signed-in person: the anon key alone is refused', async () => {
    const res = await fetch(`${stack.apiUrl}/auth/v1/user/identities/authorize?provider=keycloak&skip_http_redirect=true`, {
      headers: { apikey: stack.keys.anonKey, 'x-supabase-api-version': '2024-01-01' },
    });
    // The gateway passes the API key on as the bearer token, as Kong does; it names no user.
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('bad_jwt');
  });
});
