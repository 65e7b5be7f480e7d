/**
 * The shape of the ids the database hands out (uuid columns). One pattern for
 * the callback's org_id, the addresses that carry an id and the registry's
 * lookups, so a malformed id is turned away the same way everywhere, before
 * the server is asked.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
