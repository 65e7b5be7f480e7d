import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * Ends the session in this browser; other devices stay signed in. Throws a
 * DataError when the auth service answers with an error (the session is then
 * kept), and lets anything unexpected (a bug, a broken storage) through as is,
 * so callers can tell the two apart as the spec's toasts do.
 */
export async function signOut(client: AccordClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) throw toDataError(error);
}
