import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** Ends every session of the account but this one (POST /logout?scope=others): their refresh tokens stop working. */
export async function signOutOtherSessions(client: AccordClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'others' });
  if (error) throw toDataError(error);
}
