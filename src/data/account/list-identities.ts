import type { UserIdentity } from '@supabase/supabase-js';
import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError } from '../errors';
import { accountKeys } from './keys';

export type { UserIdentity };

const LOAD_FAILED = "We couldn't load your sign-in methods. Check your connection and try again.";

/** The sign-in identities linked to the account (e-mail, and any provider's). */
export async function listIdentities(client: AccordClient): Promise<UserIdentity[]> {
  const { data, error } = await client.auth.getUserIdentities();
  if (error) throw new DataError(LOAD_FAILED, { code: error.code, status: error.status, cause: error });
  return data.identities;
}

export function useIdentities(client: AccordClient = supabase) {
  return useSWR(accountKeys.identities, () => listIdentities(client));
}
