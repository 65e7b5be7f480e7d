import { AuthClient, createClient, type SupabaseClient } from '@supabase/supabase-js';

import { fetchEndingSessions } from './auth/ended-session';
import { authStorageKey } from './auth/storage-key';
import { readSupabaseConfig } from './config';
import type { Database } from './database.types';
import { reachability } from './app-reachability';

export type AccordClient = SupabaseClient<Database>;

/**
 * What the callback asks of an auth client that keeps nothing
 * (`createSessionInspector` below): setSession checks a token pair with the auth
 * server — the user behind a live access token, or a refresh for an expired
 * one — and answers with the session, without touching the app's own.
 */
export type SessionInspector = Pick<AccordClient['auth'], 'setSession'>;

const config = readSupabaseConfig(import.meta.env);

/**
 * The one backend client, created once at module scope so that every part of the
 * app shares one session and one auth listener.
 *
 * detectSessionInUrl is off: the client would otherwise read (and, for PKCE,
 * exchange) whatever any page's URL carries during its initialisation, before
 * the sign-in callback can validate the link, report a refused one with the
 * spec's messages or remove the tokens from the address bar. The callback
 * machine does it instead, exchanging each code exactly once
 * (src/data/auth/session-from-url.ts, docs/decisions/011-sign-in-callback.md).
 *
 * Its fetch ends the session here as soon as the Data API or Storage refuses
 * it as ended elsewhere (src/data/auth/ended-session.ts, decision 023), and
 * tells `reachability` whether the services answer.
 */
export const supabase: AccordClient = config.ok
  ? createClient<Database>(config.url, config.anonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
        storageKey: authStorageKey(config.url),
      },
      global: { fetch: reachability.watch(fetchEndingSessions(config.url, () => supabase.auth)) },
    })
  : unconfiguredClient(config.message);

let inspectors = 0;

/**
 * An auth client that keeps nothing: no storage, no refresh timer, no
 * broadcast to other tabs. The sign-in callback asks it whose session a
 * link's tokens are before anything replaces the session of this browser
 * (src/data/auth/session-from-url.ts, docs/decisions/027-tokens-in-addresses-headers-and-login-csrf.md).
 * Each has a storage key of its own, so supabase-js does not warn about two
 * clients sharing the app's.
 */
export function createSessionInspector(): SessionInspector {
  if (!config.ok) throw new Error(config.message);
  inspectors += 1;
  return new AuthClient({
    url: `${config.url.replace(/\/+$/, '')}/auth/v1`,
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
    storageKey: `${authStorageKey(config.url)}-link-check-${inspectors}`,
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: 'pkce',
  });
}

// Importing this module must not crash when the configuration is missing (the
// app would be a blank page); any real use of the client fails loudly instead.
function unconfiguredClient(message: string): AccordClient {
  const surface = new Set(['auth', 'from', 'rpc', 'schema', 'storage', 'functions', 'realtime', 'channel', 'rest']);
  return new Proxy({} as AccordClient, {
    get(_target, property) {
      if (typeof property === 'string' && surface.has(property)) throw new Error(message);
      return undefined;
    },
  });
}
