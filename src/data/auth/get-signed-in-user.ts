import type { AccordClient } from '../client';
import { toDataError } from '../errors';

export interface SignedInUser {
  id: string;
  email: string | null;
}

/**
 * Who is signed in in this browser, or null. Reads the stored session
 * (getSession waits for the client to finish reading a sign-in link first), so
 * it answers without a request when nobody is signed in.
 */
export async function getSignedInUser(client: AccordClient): Promise<SignedInUser | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw toDataError(error);
  const user = data.session?.user;
  return user ? { id: user.id, email: user.email ?? null } : null;
}
