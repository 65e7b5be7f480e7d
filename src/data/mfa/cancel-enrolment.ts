import type { AccordClient } from '../client';

/**
 * Drops a factor whose setup was abandoned before its first code: it signs
 * nobody in, but would otherwise hold its name until the auth server expires
 * it. Best effort: what is left is listed as "Setup not finished" with Remove.
 */
export async function cancelEnrolment(client: AccordClient, factorId: string): Promise<void> {
  await client.auth.mfa.unenroll({ factorId }).catch(() => undefined);
}
