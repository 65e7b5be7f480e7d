import { describe, expect, it, vi } from 'vitest';

import { endSessionIfCurrent, isEndedSessionResponse } from './ended-session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

describe('isEndedSessionResponse', () => {
  it('recognises the Data API’s 401 for a session that is gone or past its end', async () => {
    const gone = { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist', details: null, hint: 'Sign in again.' };
    await expect(isEndedSessionResponse(json(401, gone))).resolves.toBe(true);
    await expect(isEndedSessionResponse(json(401, { ...gone, code: 'session_expired' }))).resolves.toBe(true);
  });

  it('recognises Storage’s refusal (HTTP 400, statusCode "403") with GoTrue’s wording', async () => {
    const refusal = { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Session is no longer valid' };
    await expect(isEndedSessionResponse(json(400, refusal))).resolves.toBe(true);
  });

  it('leaves every other refusal alone: an expired token, a policy, a missing object, a non-JSON body', async () => {
    await expect(isEndedSessionResponse(json(401, { code: 'PGRST301', message: 'JWT expired' }))).resolves.toBe(false);
    await expect(isEndedSessionResponse(json(401, { code: '42501', message: 'permission denied for table x' }))).resolves.toBe(false);
    await expect(
      isEndedSessionResponse(json(400, { statusCode: '403', message: 'new row violates row-level security policy' })),
    ).resolves.toBe(false);
    await expect(isEndedSessionResponse(json(400, { statusCode: '404', message: 'Object not found' }))).resolves.toBe(false);
    await expect(isEndedSessionResponse(new Response('session_not_found', { status: 401 }))).resolves.toBe(false);
  });

  it('does not consume the body the caller reads', async () => {
    const response = json(401, { code: 'session_not_found', message: 'gone' });
    await isEndedSessionResponse(response);
    await expect(response.json()).resolves.toMatchObject({ code: 'session_not_found' });
  });
});

describe('endSessionIfCurrent', () => {
  const auth = (held: string | null) => ({
    getSession: vi.fn().mockResolvedValue({ data: { session: held ? { access_token: held } : null }, error: null }),
    signOut: vi.fn().mockResolvedValue({ error: null }),
  });

  it('signs out locally when the refused token is the session this browser holds', async () => {
    const a = auth('token-a');
    await expect(endSessionIfCurrent(a as never, 'token-a')).resolves.toBe(true);
    expect(a.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('keeps a newer session that replaced the refused one, and does nothing when none is held', async () => {
    const newer = auth('token-b');
    await expect(endSessionIfCurrent(newer as never, 'token-a')).resolves.toBe(false);
    expect(newer.signOut).not.toHaveBeenCalled();
    const none = auth(null);
    await expect(endSessionIfCurrent(none as never, 'token-a')).resolves.toBe(false);
    expect(none.signOut).not.toHaveBeenCalled();
  });
});
