import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { investorContentKeys } from './keys';
import { toInvestorContentError } from './refusals';

export interface InvestorUpdate {
  id: string;
  title: string;
  body: string;
  publishedAt: string;
}

/** Investor updates, newest first (RLS: investors at lite and above, system administrators). */
export async function listInvestorUpdates(client: AccordClient): Promise<InvestorUpdate[]> {
  const { data, error } = await client
    .from('investor_updates')
    .select('id, title, body, published_at')
    .order('published_at', { ascending: false })
    .order('id');
  if (error) throw toInvestorContentError(error);
  return data.map((u) => ({ id: u.id, title: u.title, body: u.body, publishedAt: u.published_at }));
}

export function useInvestorUpdates(client: AccordClient = supabase) {
  return useSWR(investorContentKeys.updates, () => listInvestorUpdates(client));
}
