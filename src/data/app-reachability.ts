import { readSupabaseConfig } from './config';
import { createReachability, type ReachabilityTarget } from './reachability';

const config = readSupabaseConfig(import.meta.env);

/**
 * Whether Accord can be reached, from every request the one client makes
 * (issue 28). A module of its own so the layout's banner follows it without
 * loading supabase-js on pages that never talk to the backend.
 */
export const reachability = createReachability({
  apiUrl: config.ok ? config.url : 'http://unconfigured.invalid',
  anonKey: config.ok ? config.anonKey : '',
  target: (globalThis as { window?: ReachabilityTarget }).window,
});
