import { describe, expect, it, vi } from 'vitest';

import { DataError } from '../errors';
import { inspectLinkSessionOnce, type SessionInspector } from './inspect-link-session';

const session = { access_token: 'fresh', refresh_token: 'r2', user: { id: 'u-b', email: 'b@example.org' } };

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
