import { describe, expect, it } from 'vitest';
import { stack } from '../support/auth-helpers.ts';

/** The HTTP surface around the flows: service endpoints, error shapes, and requests that are wrong. */
const auth = `${stack.apiUrl}/auth/v1`;
const headers = { apikey: stack.keys.anonKey, 'content-type': 'application/json' };

describe('auth HTTP contract', () => {
  it('serves /health without an API key, and /settings', async () => {
    const health = await fetch(`${auth}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });

    const settings = await fetch(`${auth}/settings`, { headers });
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false, google: false },
      disable_signup: !stack.auth.enableSignup,
      mailer_autoconfirm: !stack.auth.enableConfirmations,
    });
  });

  it('answers errors in the shape the client asked for with x-supabase-api-version', async () => {
    const body = JSON.stringify({ email: 'nobody@auth-tests.accord.test', token: '123456', type: 'email' });
    const modern = await fetch(`${auth}/verify`, { method: 'POST', headers: { ...headers, 'x-supabase-api-version': '2024-01-01' }, body });
    expect(modern.status).toBe(403);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await modern.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });

    const legacy = await fetch(`${auth}/verify`, { method: 'POST', headers, body });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });

    const oauth = await fetch(`${auth}/token?grant_type=refresh_token`, { method: 'POST', headers, body: '{}' });
    expect(oauth.status).toBe(400);
    expect(await oauth.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('refuses bad JSON, unknown routes and wrong methods with JSON errors, and keeps serving', async () => {
    const badJson = await fetch(`${auth}/otp`, { method: 'POST', headers, body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error_code: string }).error_code).toBe('bad_json');

    const notAnObject = await fetch(`${auth}/otp`, { method: 'POST', headers, body: '["a"]' });
    expect(notAnObject.status).toBe(400);

    const wrongType = await fetch(`${auth}/otp`, { method: 'POST', headers, body: JSON.stringify({ email: 42 }) });
    expect(wrongType.status).toBe(400);

    const unknown = await fetch(`${auth}/no-such-endpoint`, { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknown.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });

    const wrongMethod = await fetch(`${auth}/token`, { method: 'GET', headers });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');

    const noBearer = await fetch(`${auth}/user`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    // Through the gateway a request without a key is refused before it reaches the service.
    expect(noBearer.status).toBe(401);
    const forged = await fetch(`${auth}/user`, { headers: { ...headers, authorization: 'Bearer not.a.jwt', 'x-supabase-api-version': '2024-01-01' } });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('bad_jwt');

    const anonAsUser = await fetch(`${auth}/user`, { headers: { ...headers, 'x-supabase-api-version': '2024-01-01' } });
    expect(anonAsUser.status).toBe(403);
    expect(await anonAsUser.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });

    expect((await fetch(`${auth}/health`)).status).toBe(200);
  });

  it('answers /verify without a type or token with 400 and does not redirect', async () => {
    const res = await fetch(`${auth}/verify?token=abc`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('Verify requires a verification type');
  });
});
