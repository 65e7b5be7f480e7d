import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError } from '../errors';
import { accountKeys } from './keys';

export interface AccountProfile {
  fullName: string | null;
  jobTitle: string | null;
}

const LOAD_FAILED = "We couldn't load your profile. Check your connection and try again.";

/** The signed-in person's own name and job title (profiles: everyone reads their own row). */
export async function getAccountProfile(client: AccordClient, userId: string): Promise<AccountProfile> {
  const { data, error } = await client.from('profiles').select('full_name, job_title').eq('id', userId).single();
  if (error) throw new DataError(LOAD_FAILED, { code: error.code, cause: error });
  return { fullName: data.full_name, jobTitle: data.job_title };
}

/** Pass null while nobody is known to be signed in. */
export function useAccountProfile(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : accountKeys.profile(userId), ([, , id]) => getAccountProfile(client, id));
}
