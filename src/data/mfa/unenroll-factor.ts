import type { AccordClient } from '../client';
import { toMfaError } from './mfa-errors';

/**
 * Removes a factor (DELETE /factors/{id}). The auth server refuses to remove a
 * verified factor from an aal1 session (code insufficient_aal): the caller
 * asks for a code and tries again.
 *
 * Removing a verified factor also lowers the person's sessions to aal1 on the
 * server, while the tokens and user stored here still say otherwise: the
 * session is refreshed so the assurance level read from it is true again.
 */
export async function unenrollFactor(client: AccordClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw toMfaError(error);
  // Removed either way; a failed refresh leaves the next automatic one to correct the level.
  await client.auth.refreshSession().catch(() => undefined);
}
