import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeJwt, signInByCode, stack, uniqueEmail } from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/** The access token is a Supabase access token: its claims, its key, and PostgREST accepting it. */
describe('access tokens', () => {
  it('carry the claims Supabase puts in them, in its order', async () => {
    const email = uniqueEmail('claims');
    const { session, user } = await signInByCode(email);
    const claims = decodeJwt(session.access_token);

    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata',
      'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${stack.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(stack.auth.jwtExpirySeconds);
    expect(session.expires_at).toBe(claims.exp);
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    expect(Math.abs((claims.amr as { timestamp: number }[])[0].timestamp - (claims.iat as number))).toBeLessThan(5);

    const [row] = await sql<{ aal: string; user_id: string }>('select aal::text, user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(row).toEqual({ aal: 'aal1', user_id: user.id });
  });

  it('are ES256 with the project key id, and verify against the served JWKS', async () => {
    const { session } = await signInByCode(uniqueEmail('jwks'));
    expect(decodeProtectedHeader(session.access_token)).toEqual({ alg: 'ES256', kid: stack.keys.kid, typ: 'JWT' });

    const res = await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid: stack.keys.kid, alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const keySet = createRemoteJWKSet(new URL(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(session.access_token, keySet, {
      issuer: `${stack.apiUrl}/auth/v1`,
      audience: 'authenticated',
      algorithms: ['ES256'],
    });
    expect(payload.role).toBe('authenticated');
  });

  it('are accepted by PostgREST, which sees the user as auth.uid()', async () => {
    const { session, user } = await signInByCode(uniqueEmail('postgrest'));
    const root = await fetch(`${stack.apiUrl}/rest/v1/`, {
      headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(root.status).toBe(200);

    // The profiles trigger (a migration) made the row; RLS lets the user read their own.
    const own = await fetch(`${stack.apiUrl}/rest/v1/profiles?select=id&id=eq.${user.id}`, {
      headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual([{ id: user.id }]);

    const [header, payload, signature] = session.access_token.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    const refused = await fetch(`${stack.apiUrl}/rest/v1/`, {
      headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${tampered}` },
    });
    expect(refused.status).toBe(401);
  });
});
