import type { AccordClient } from '../client';
import { toMfaError } from './mfa-errors';

/**
 * Checks a six-digit code against one factor (challenge, then verify). On
 * success the auth server upgrades this session to aal2, supabase-js stores
 * the new tokens and announces MFA_CHALLENGE_VERIFIED, and an unverified
 * factor becomes verified.
 */
export async function verifyFactor(client: AccordClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw toMfaError(error);
}
