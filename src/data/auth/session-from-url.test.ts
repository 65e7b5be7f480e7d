import { describe, expect, it, vi } from 'vitest';

import type { AccordClient, SessionInspector } from '../client';
import { DataError } from '../errors';
import {
  exchangeCodeOnce,
  getCurrentSession,
  inspectLinkSessionOnce,
  setSessionOnce,
  STARTED_ELSEWHERE_MESSAGE,
} from './session-from-url';

const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'ada@school.example' } };

describe('exchangeCodeOnce', () => {
  it('exchanges a code once however often it is asked (StrictMode starts the callback twice)', async () => {
    const exchangeCodeForSession = vi.fn(async () => ({ data: { session, user: session.user }, error: null }));
    const client = { auth: { exchangeCodeForSession } } as unknown as AccordClient;
    const [first, second] = await Promise.all([exchangeCodeOnce(client, 'code-1'), exchangeCodeOnce(client, 'code-1')]);
    expect(first).toBe(session);
    expect(second).toBe(session);
    expect(exchangeCodeForSession).toHaveBeenCalledTimes(1);
    expect(exchangeCodeForSession).toHaveBeenCalledWith('code-1');
    // A different link is a different code.
    await exchangeCodeOnce(client, 'code-2');
    expect(exchangeCodeForSession).toHaveBeenCalledTimes(2);
  });

  it("rejects with the library's message, and does not try a spent code again", async () => {
    const error = Object.assign(new Error('invalid flow state, no valid flow state found'), { status: 404, name: 'AuthApiError' });
    const exchangeCodeForSession = vi.fn(async () => ({ data: { session: null, user: null }, error }));
    const client = { auth: { exchangeCodeForSession } } as unknown as AccordClient;
    await expect(exchangeCodeOnce(client, 'spent')).rejects.toMatchObject({ message: 'invalid flow state, no valid flow state found' });
    await expect(exchangeCodeOnce(client, 'spent')).rejects.toBeInstanceOf(DataError);
    expect(exchangeCodeForSession).toHaveBeenCalledTimes(1);
  });
});

describe('a code this browser cannot exchange', () => {
  it('says the link was started in another browser, whether the verifier is missing or another flow’s', async () => {
    for (const [name, code, status] of [
      ['AuthPKCECodeVerifierMissingError', 'pkce_code_verifier_not_found', 400],
      ['AuthApiError', 'bad_code_verifier', 400],
    ] as const) {
      const error = Object.assign(new Error('PKCE code verifier not found in storage. For SSR frameworks…'), { name, code, status });
      const exchangeCodeForSession = vi.fn(async () => ({ data: { session: null, user: null }, error }));
      const client = { auth: { exchangeCodeForSession } } as unknown as AccordClient;
      await expect(exchangeCodeOnce(client, `elsewhere-${code}`)).rejects.toMatchObject({ message: STARTED_ELSEWHERE_MESSAGE, code });
    }
  });

  it('says when the identity is someone else’s already', async () => {
    const error = Object.assign(new Error('Identity is already linked to another user'), { code: 'identity_already_exists', status: 422 });
    const client = { auth: { exchangeCodeForSession: vi.fn(async () => ({ data: { session: null, user: null }, error })) } } as unknown as AccordClient;
    await expect(exchangeCodeOnce(client, 'taken')).rejects.toMatchObject({
      message: 'That account is already linked to another Accord account, so nothing was linked.',
    });
  });
});

describe('setSessionOnce', () => {
  it('adopts a token pair once', async () => {
    const setSession = vi.fn(async () => ({ data: { session, user: session.user }, error: null }));
    const client = { auth: { setSession } } as unknown as AccordClient;
    await setSessionOnce(client, { accessToken: 'at-1', refreshToken: 'rt' });
    await setSessionOnce(client, { accessToken: 'at-1', refreshToken: 'rt' });
    expect(setSession).toHaveBeenCalledTimes(1);
    expect(setSession).toHaveBeenCalledWith({ access_token: 'at-1', refresh_token: 'rt' });
  });

  it('rejects when no session comes back', async () => {
    const setSession = vi.fn(async () => ({ data: { session: null, user: null }, error: null }));
    const client = { auth: { setSession } } as unknown as AccordClient;
    await expect(setSessionOnce(client, { accessToken: 'at-2', refreshToken: 'rt' })).rejects.toBeInstanceOf(DataError);
  });
});

describe('getCurrentSession', () => {
  it('returns the stored session or null', async () => {
    const client = { auth: { getSession: async () => ({ data: { session: null }, error: null }) } } as unknown as AccordClient;
    await expect(getCurrentSession(client)).resolves.toBeNull();
  });
});

describe('inspectLinkSessionOnce', () => {
  it('asks a client of its own once per access token, even when asked twice at once (StrictMode)', async () => {
    const setSession = vi.fn(async () => ({ data: { session, user: session.user }, error: null }));
    const inspector = vi.fn(() => ({ setSession }) as unknown as SessionInspector);
    const [first, second] = await Promise.all([
      inspectLinkSessionOnce(inspector, { accessToken: 'at-1', refreshToken: 'rt' }),
      inspectLinkSessionOnce(inspector, { accessToken: 'at-1', refreshToken: 'rt' }),
    ]);
    expect(first).toBe(session);
    expect(second).toBe(session);
    expect(setSession).toHaveBeenCalledTimes(1);
    expect(setSession).toHaveBeenCalledWith({ access_token: 'at-1', refresh_token: 'rt' });
  });

  it("rejects with the library's message, and without a session", async () => {
    const refused = Object.assign(new Error('Invalid Refresh Token: Refresh Token Not Found'), { status: 400, name: 'AuthApiError' });
    const failing = () => ({ setSession: async () => ({ data: { session: null, user: null }, error: refused }) }) as unknown as SessionInspector;
    await expect(inspectLinkSessionOnce(failing, { accessToken: 'at-2', refreshToken: 'rt' })).rejects.toMatchObject({
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const empty = () => ({ setSession: async () => ({ data: { session: null, user: null }, error: null }) }) as unknown as SessionInspector;
    await expect(inspectLinkSessionOnce(empty, { accessToken: 'at-3', refreshToken: 'rt' })).rejects.toBeInstanceOf(DataError);
  });
});
