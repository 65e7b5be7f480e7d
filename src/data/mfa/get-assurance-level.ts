import { toAssuranceLevel, type Assurance } from '../../../machines/access';
import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * This session's assurance level and the level it could reach, as supabase-js
 * reads them from the stored session: the access token's `aal` claim, and
 * whether the user has a verified factor. No request to the server.
 */
export async function getAssuranceLevel(client: AccordClient): Promise<Assurance> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw toDataError(error);
  return { current: toAssuranceLevel(data.currentLevel), next: toAssuranceLevel(data.nextLevel) };
}
