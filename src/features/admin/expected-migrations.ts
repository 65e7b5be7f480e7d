/**
 * The migrations this build expects: the versions in supabase/migrations'
 * file names, compiled in by vite.config.ts (only the names; nothing of the
 * SQL is bundled).
 */
export const EXPECTED_MIGRATIONS: string[] = __ACCORD_MIGRATION_VERSIONS__;

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
