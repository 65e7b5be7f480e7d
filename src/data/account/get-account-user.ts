import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError } from '../errors';
import { accountKeys } from './keys';

export interface AccountUser {
  email: string;
  /** The address a change is waiting to be confirmed for (GoTrue's new_email), else null. */
  pendingEmail: string | null;
}

const LOAD_FAILED = "We couldn't load your account. Check your connection and try again.";

/** The account as the auth service has it now (GET /user), not as the session last saw it. */
export async function getAccountUser(client: AccordClient): Promise<AccountUser> {
  const { data, error } = await client.auth.getUser();
  if (error || !data.user) throw new DataError(LOAD_FAILED, { code: error?.code, status: error?.status, cause: error });
  return { email: data.user.email ?? '', pendingEmail: data.user.new_email || null };
}

export function useAccountUser(client: AccordClient = supabase) {
  return useSWR(accountKeys.user, () => getAccountUser(client));
}
