/**
 * The migrations this build expects: the versions of supabase/migrations'
 * files, taken from their names at build time (only the keys; nothing of the
 * SQL is bundled).
 */
export const EXPECTED_MIGRATIONS: string[] = Object.keys(import.meta.glob('../../../supabase/migrations/*.sql', { query: '?raw' }))
  .map((path) => /\/(\d+)_[^/]+\.sql$/.exec(path)?.[1])
  .filter((version): version is string => version !== undefined)
  .sort();

/** Which expected migrations are not applied, and which applied ones this build does not know; null when nothing is recorded. */
export function compareMigrations(
  expected: string[],
  applied: { version: string }[] | null,
): { missing: string[]; unexpected: string[] } | null {
  if (applied === null) return null;
  const done = new Set(applied.map((m) => m.version));
  const known = new Set(expected);
  return { missing: expected.filter((v) => !done.has(v)), unexpected: [...done].filter((v) => !known.has(v)).sort() };
}
