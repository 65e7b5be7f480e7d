import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** Ends the session in this browser; other devices stay signed in. */
export async function signOut(client: AccordClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) throw toDataError(error);
}
