import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { listFactors } from './list-factors';
import { NO_FACTOR_MESSAGE } from './mfa-errors';
import { verifyFactor } from './verify-factor';

/**
 * The challenge at sign-in and on an aal2 page: proves the person's
 * authenticator app with a code. Accord sets up one app per person (decision
 * 041); should an account hold more (made elsewhere), the oldest verified one
 * is asked, as the settings list shows it first.
 */
export async function proveSecondFactor(client: AccordClient, code: string): Promise<void> {
  const factor = (await listFactors(client)).find((candidate) => candidate.status === 'verified');
  if (!factor) throw new DataError(NO_FACTOR_MESSAGE, { code: 'mfa_factor_not_found' });
  await verifyFactor(client, factor.id, code);
}
