/**
 * What every function needs to reach the project: its settings, and the
 * options of a supabase-js client that lives for one request (no session kept,
 * nothing refreshed, nothing read from a URL).
 */
export const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A setting the function cannot work without; a missing one is a deployment mistake, answered as 500. */
export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
