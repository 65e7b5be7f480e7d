import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { mfaKeys } from './keys';

export type FactorStatus = 'verified' | 'unverified';

/** One of the person's second factors, as their settings list it. */
export interface SecondFactor {
  id: string;
  /** The name the person gave it when setting it up; GoTrue has no way to change it (decision 041). */
  name: string;
  status: FactorStatus;
  createdAt: string;
}

/**
 * The person's authenticator apps (TOTP factors), oldest first. supabase-js
 * asks the auth server for the user (GET /user), so a factor added or removed
 * in another tab shows here too. Other factor types (phone, WebAuthn) are not
 * offered by Accord and are left out.
 */
export async function listFactors(client: AccordClient): Promise<SecondFactor[]> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw toDataError(error);
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map((factor) => ({
      id: factor.id,
      name: factor.friendly_name?.trim() || 'Authenticator app',
      status: factor.status === 'verified' ? ('verified' as const) : ('unverified' as const),
      createdAt: factor.created_at,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function useFactors(client: AccordClient = supabase) {
  return useSWR(mfaKeys.factors, () => listFactors(client));
}
