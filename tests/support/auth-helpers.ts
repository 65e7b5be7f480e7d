import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackConfig, type StackConfig } from '../../supabase/local/config.ts';
import { startAuth, type AuthOptions, type RunningAuth } from '../../supabase/local/auth/server.ts';
import { startGateway } from '../../supabase/local/gateway.ts';
import { fakeLocalStorage } from '../../src/testing/fake-storage.ts';
import { freePort } from './free-port.ts';
import { codeIn, mailIds, nextMail } from './inbox.ts';

export { codeIn, linkIn, mailIds, nextMail } from './inbox.ts';

/**
 * What the auth contract tests need: supabase-js clients as the app builds
 * them, the inbox read as a person reads it, and auth instances of their own
 * (short expiry, tiny limits) next to the test stack.
 */
export const stack: StackConfig = stackConfig('test');

/**
 * supabase-js needs a WebSocket on Node. `ws` works at runtime; only its event
 * typings (Node's, not the DOM's) differ from what realtime-js declares.
 */
const transport = WebSocket as unknown as WebSocketLikeConstructor;

/** Storage that lives as long as the client, so the PKCE code verifier survives between calls. */
export const memoryStorage = fakeLocalStorage;

export function authClient(
  opts: { flowType?: 'pkce' | 'implicit'; apiUrl?: string; key?: string } = {},
): SupabaseClient {
  return createClient(opts.apiUrl ?? stack.apiUrl, opts.key ?? stack.keys.anonKey, {
    auth: {
      flowType: opts.flowType ?? 'pkce',
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: memoryStorage(),
    },
    realtime: { transport },
  });
}

/**
 * The limits config.toml sets. The test profile relaxes them (browser tests sign
 * in often from one address), so tests of the limits themselves start an auth
 * instance of their own with these.
 */
export const configuredLimits = (() => {
  const { rateLimits, emailMaxFrequencySeconds, emailSentPerHour } = stackConfig('dev').auth;
  return { rateLimits, emailMaxFrequencySeconds, emailSentPerHour };
})();

export const serviceClient = (apiUrl = stack.apiUrl): SupabaseClient =>
  authClient({ apiUrl, key: stack.keys.serviceRoleKey, flowType: 'implicit' });

export const uniqueEmail = (label: string): string => `${label}.${randomUUID().slice(0, 8)}@auth-tests.accord.test`;

/** Where the app sends people back to, on the test profile's app port. */
export const callbackUrl = (query = ''): string => `${stack.appUrl}/auth/callback${query}`;

/** Opens a link as a browser would, stopping at the redirect; returns where it points. */
export async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`Expected a 303 redirect from ${link}, got ${res.status}`);
  return new URL(location);
}

export const fragment = (url: URL): URLSearchParams => new URLSearchParams(url.hash.slice(1));

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** An account whose address is confirmed, made by server code (the service role), optionally with a password. */
export async function confirmedAccount(label: string, password?: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw error ?? new Error(`Creating ${email} returned no user`);
  return { email, id: data.user.id };
}

/** An account whose address nobody has proven yet, made by server code (as invitations once made them). */
export async function unconfirmedAccount(label: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient().auth.admin.createUser({ email });
  if (error || !data.user) throw error ?? new Error(`Creating ${email} returned no user`);
  return { email, id: data.user.id };
}

/** Signs in a fresh address by e-mail code and returns the signed-in client and session. */
export async function signInByCode(email: string, client: SupabaseClient = authClient()) {
  const seen = await mailIds(email);
  const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl() } });
  if (sent.error) throw sent.error;
  const mail = await nextMail(email, seen);
  const verified = await client.auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('verifyOtp returned no session');
  return { client, session: verified.data.session, user: verified.data.user! };
}

export interface IsolatedAuth {
  /** Give this to supabase-js: a gateway in front of the instance, like the stack's. */
  apiUrl: string;
  /** The instance itself, for calls that must choose their X-Forwarded-For. */
  authUrl: string;
  stop(): Promise<void>;
}

/**
 * A second auth service on the test database and mail catcher, with its own
 * settings (and so its own rate-limit counters), behind its own gateway.
 */
export async function startIsolatedAuth(overrides: Partial<AuthOptions['settings']>): Promise<IsolatedAuth> {
  const [authPort, apiPort] = await Promise.all([freePort(), freePort()]);
  const apiUrl = `http://localhost:${apiPort}`;
  const auth: RunningAuth = await startAuth({
    port: authPort,
    dbUrl: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${stack.ports.db}/postgres`,
    keys: stack.keys,
    settings: { ...stack.auth, ...overrides },
    apiExternalUrl: `${apiUrl}/auth/v1`,
    smtp: { host: '127.0.0.1', port: stack.ports.smtp },
    sender: { email: 'no-reply@accord.test', name: 'Accord' },
    log: () => undefined,
  });
  const gateway = await startGateway({ ...stack, ports: { ...stack.ports, api: apiPort } }, [
    { prefix: '/auth/v1', port: authPort, openPaths: [/^\/verify$/, /^\/\.well-known\/jwks\.json$/, /^\/health$/] },
  ]);
  return {
    apiUrl,
    authUrl: auth.url,
    stop: async () => {
      await gateway.stop();
      await auth.stop();
    },
  };
}
