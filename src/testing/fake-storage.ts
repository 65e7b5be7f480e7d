/**
 * A Storage kept in memory, what was stored readable as `items`: unit tests
 * run without a DOM, and supabase-js clients on Node need a storage that
 * outlives one call (the PKCE code verifier).
 */
export function fakeLocalStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
