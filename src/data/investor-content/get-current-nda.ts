import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { investorContentKeys } from './keys';
import { toInvestorContentError } from './refusals';

export interface NdaVersion {
  version: number;
  body: string;
  publishedAt: string;
}

/** The current NDA (the highest version), or null while none is published and the data room is closed. */
export async function getCurrentNda(client: AccordClient): Promise<NdaVersion | null> {
  const { data, error } = await client
    .from('nda_versions')
    .select('version, body, published_at')
    .order('version', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw toInvestorContentError(error);
  return data ? { version: data.version, body: data.body, publishedAt: data.published_at } : null;
}

export function useCurrentNda(client: AccordClient = supabase) {
  return useSWR(investorContentKeys.nda, () => getCurrentNda(client));
}
