import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { dataRoomKeys } from './keys';
import { toDataRoomError } from './refusals';

export interface InvestorUpdate {
  id: string;
  title: string;
  body: string;
  publishedAt: string;
}

/** How many posts the dashboard shows. */
export const INVESTOR_UPDATES_SHOWN = 20;

/** The investor dashboard's posts, newest first (RLS: investors at lite and above). */
export async function listInvestorUpdates(client: AccordClient): Promise<InvestorUpdate[]> {
  const { data, error } = await client
    .from('investor_updates')
    .select('id, title, body, published_at')
    .order('published_at', { ascending: false })
    .order('id')
    .limit(INVESTOR_UPDATES_SHOWN);
  if (error) throw toDataRoomError(error);
  return data.map((u) => ({ id: u.id, title: u.title, body: u.body, publishedAt: u.published_at }));
}

export function useInvestorUpdates(client: AccordClient = supabase) {
  return useSWR(dataRoomKeys.updates, () => listInvestorUpdates(client));
}
