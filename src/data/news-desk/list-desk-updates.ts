import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { newsDeskKeys } from './keys';
import { DESK_COLUMNS, toDeskUpdate, type DeskUpdate } from './types';

/**
 * Every update, whatever its state, last changed first: a system
 * administrator's select policy shows drafts and scheduled ones too. A few a
 * month: one request holds years of them.
 */
export async function listDeskUpdates(client: AccordClient): Promise<DeskUpdate[]> {
  const { data, error } = await client
    .from('updates')
    .select(DESK_COLUMNS)
    .order('updated_at', { ascending: false })
    .order('published_at', { ascending: false, nullsFirst: true })
    .limit(1000);
  if (error) throw toDataError(error);
  return data.map(toDeskUpdate);
}

export function useDeskUpdates(client: AccordClient = supabase) {
  return useSWR(newsDeskKeys.list, () => listDeskUpdates(client));
}
