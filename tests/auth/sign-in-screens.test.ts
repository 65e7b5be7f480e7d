import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sendMagicLink } from '../../src/data/auth/send-magic-link.ts';
import type { AccordClient } from '../../src/data/client.ts';
import { sendSignupLink } from '../../src/data/onboarding/send-signup-link.ts';
import { callbackUrl, confirmedAccount, mailIds, memoryStorage, nextMail, stack, uniqueEmail } from '../support/auth-helpers.ts';

/**
 * Account enumeration through the sign-in screens (docs/decisions/022-accounts-codes-and-mail.md):
 * each screen's request, made with the app's own data functions against the
 * real auth service, must be answered the same for an address that has an
 * account and one that has none, so the answer tells an attacker nothing.
 */
interface Exchange {
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: string;
}

/** A client like the app's whose requests and answers to /auth/v1 are written down. */
function recordingClient(): { client: AccordClient; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    exchanges.push({ method: init?.method ?? 'GET', path: url.pathname, body, status: res.status, answer: await res.clone().text() });
    return res;
  };
  const client = createClient(stack.apiUrl, stack.keys.anonKey, {
    auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
    global: { fetch: recordingFetch },
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  }) as unknown as AccordClient;
  return { client, exchanges };
}

/** The request minus what differs by design (the address, the PKCE challenge). */
function shape(exchange: Exchange) {
  const { email: _email, code_challenge: _challenge, ...rest } = exchange.body as Record<string, unknown>;
  return { method: exchange.method, path: exchange.path, body: rest, status: exchange.status, answer: exchange.answer };
}

const screens = {
  'administrator login (/accord-login)': (client: AccordClient, email: string) =>
    sendMagicLink(client, { email, redirectTo: callbackUrl(), type: 'admin_magiclink' }),
  'member login (/login)': (client: AccordClient, email: string) => sendMagicLink(client, { email, redirectTo: callbackUrl() }),
  'onboarding, signed out (/onboarding)': (client: AccordClient, email: string) =>
    sendSignupLink(client, { email, origin: new URL(callbackUrl()).origin }),
};

describe('sign-in screens answer the same whether or not the address has an account', () => {
  for (const [screen, send] of Object.entries(screens)) {
    it(screen, async () => {
      const known = recordingClient();
      const unknown = recordingClient();
      const { email: existing } = await confirmedAccount('enumerate-known');
      const nobody = uniqueEmail('enumerate-unknown');

      await expect(send(known.client, existing)).resolves.toBeUndefined();
      await expect(send(unknown.client, nobody)).resolves.toBeUndefined();

      expect(known.exchanges).toHaveLength(1);
      expect(unknown.exchanges).toHaveLength(1);
      expect(shape(unknown.exchanges[0])).toEqual(shape(known.exchanges[0]));
      expect(known.exchanges[0]).toMatchObject({ path: '/auth/v1/otp', status: 200 });
    });
  }

  it('an unknown address on the administrator login gets a confirmation mail and no session until it is proven', async () => {
    const nobody = uniqueEmail('enumerate-mail');
    const seen = await mailIds(nobody);
    const { client } = recordingClient();
    await screens['administrator login (/accord-login)'](client, nobody);
    expect((await nextMail(nobody, seen)).subject).toBe('Confirm your Accord account');
    expect((await client.auth.getSession()).data.session).toBeNull();
  });
});
