/**
 * Where supabase-js keeps the session in localStorage. It is supabase-js's own
 * default (`sb-<first label of the host>-auth-token`), written down here so the
 * client (client.ts) and the shell — which must know whether anyone is signed in
 * without downloading supabase-js — agree on it.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
