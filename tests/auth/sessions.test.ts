import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authClient,
  decodeJwt,
  serviceClient,
  signInByCode,
  stack,
  startIsolatedAuth,
  uniqueEmail,
  type IsolatedAuth,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/**
 * Refresh-token rotation and reuse detection, and sign-out, as GoTrue does
 * them: every refresh revokes the token used and hands out its child; a
 * revoked token used again outside the reuse interval revokes the whole
 * session's family; a signed-out session's tokens stop working at once.
 */
async function userEndpoint(accessToken: string, apiUrl = stack.apiUrl) {
  const res = await fetch(`${apiUrl}/auth/v1/user`, {
    headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${accessToken}`, 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sessionIdOf = (accessToken: string): string => decodeJwt(accessToken).session_id as string;

describe('refresh tokens', () => {
  let strict: IsolatedAuth;
  beforeAll(async () => {
    strict = await startIsolatedAuth({ refreshTokenReuseIntervalSeconds: 0 });
  });
  afterAll(() => strict?.stop());

  it('rotate on every refresh, and a revoked token reused after the interval revokes the family', async () => {
    const client = authClient({ apiUrl: strict.apiUrl });
    const { session } = await signInByCode(uniqueEmail('rotation'), client);
    const first = session.refresh_token;

    const second = await client.auth.refreshSession({ refresh_token: first });
    expect(second.error).toBeNull();
    const secondToken = second.data.session!.refresh_token;
    expect(secondToken).not.toBe(first);
    expect(second.data.session!.access_token).not.toBe(session.access_token);

    const third = await client.auth.refreshSession({ refresh_token: secondToken });
    expect(third.error).toBeNull();
    const thirdToken = third.data.session!.refresh_token;

    const chain = await sql<{ token: string; parent: string | null; revoked: boolean }>(
      'select token, parent, revoked from auth.refresh_tokens where session_id = $1 order by id',
      [sessionIdOf(session.access_token)],
    );
    expect(chain).toEqual([
      { token: first, parent: null, revoked: true },
      { token: secondToken, parent: first, revoked: true },
      { token: thirdToken, parent: secondToken, revoked: false },
    ]);

    const reused = await authClient({ apiUrl: strict.apiUrl }).auth.refreshSession({ refresh_token: first });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');

    // The thief's use also ends the owner's session: the latest token is revoked too.
    const owner = await authClient({ apiUrl: strict.apiUrl }).auth.refreshSession({ refresh_token: thirdToken });
    expect(owner.error?.code).toBe('refresh_token_already_used');
    const live = await sql('select 1 from auth.refresh_tokens where token = any($1) and revoked = false', [[first, secondToken, thirdToken]]);
    expect(live).toHaveLength(0);
  });

  it('within the reuse interval a client that lost the answer gets the same child again', async () => {
    // The stack's own instance: refresh_token_reuse_interval = 10 s.
    const client = authClient();
    const { session } = await signInByCode(uniqueEmail('reuse-window'), client);
    const child = (await client.auth.refreshSession({ refresh_token: session.refresh_token })).data.session!.refresh_token;

    const retried = await authClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(child);
  });

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const res = await authClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(res.error?.status).toBe(400);
    expect(res.error?.code).toBe('refresh_token_not_found');
    expect(res.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('sign-out', () => {
  it('ends the session: the old access token gets session_not_found and the refresh token is gone', async () => {
    const client = authClient();
    const { session } = await signInByCode(uniqueEmail('logout'), client);
    expect((await userEndpoint(session.access_token)).status).toBe(200);

    expect((await client.auth.signOut()).error).toBeNull();
    expect(await sql('select 1 from auth.sessions where id = $1', [sessionIdOf(session.access_token)])).toHaveLength(0);

    expect(await userEndpoint(session.access_token)).toEqual({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
    const viaClient = await authClient().auth.getUser(session.access_token);
    expect(viaClient.error?.name).toBe('AuthSessionMissingError');

    const refreshed = await authClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('scope local ends only this session, scope others every session but this one', async () => {
    const email = uniqueEmail('scopes');
    const a = await signInByCode(email);
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    const b = await signInByCode(email);
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    const c = await signInByCode(email);

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await userEndpoint(a.session.access_token)).status).toBe(403);
    expect((await userEndpoint(c.session.access_token)).status).toBe(403);
    expect((await userEndpoint(b.session.access_token)).status).toBe(200);

    expect((await b.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await userEndpoint(b.session.access_token)).body.code).toBe('session_not_found');
  });
});

describe('the admin API and a session that has ended', () => {
  /** A person whose account carries an admin role, as GoTrue lets one be set: their tokens reach /admin. */
  async function adminRolePerson() {
    const email = uniqueEmail('admin-role');
    const password = `pw-${crypto.randomUUID()}`;
    const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
    await sql(`update auth.users set role = 'service_role' where id = $1`, [created.data.user!.id]);
    const client = authClient();
    const signedIn = await client.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(decodeJwt(signedIn.data.session!.access_token).role).toBe('service_role');
    return { client, token: signedIn.data.session!.access_token };
  }

  const listUsers = async (token: string) => {
    const res = await fetch(`${stack.apiUrl}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('refuses an admin-role token once its session is signed out (GoTrue: session_not_found)', async () => {
    const { client, token } = await adminRolePerson();
    expect((await listUsers(token)).status).toBe(200);
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await listUsers(token)).toEqual({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
  });

  it('refuses an admin-role token whose session is past not_after (GoTrue: session_expired)', async () => {
    const { token } = await adminRolePerson();
    await sql("update auth.sessions set not_after = now() - interval '1 second' where id = $1", [sessionIdOf(token)]);
    expect(await listUsers(token)).toEqual({ status: 403, body: { code: 'session_expired', message: 'Session is no longer valid' } });
  });

  it('still serves the service role key, which names no session', async () => {
    expect((await listUsers(stack.keys.serviceRoleKey)).status).toBe(200);
  });
});
