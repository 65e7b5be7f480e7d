import type { AccordClient } from '../client';
import { toMfaError } from './mfa-errors';

/**
 * Removes a factor (DELETE /factors/{id}). The auth server refuses to remove a
 * verified factor from an aal1 session (code insufficient_aal): the caller
 * asks for a code and tries again.
 */
export async function unenrollFactor(client: AccordClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw toMfaError(error);
}
