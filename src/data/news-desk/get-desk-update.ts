import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { newsDeskKeys } from './keys';
import { DESK_COLUMNS, toDeskUpdate, type DeskUpdate } from './types';

/** One update to edit, by id; null when there is none (deleted, or a wrong address). */
export async function getDeskUpdate(client: AccordClient, id: string): Promise<DeskUpdate | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data, error } = await client.from('updates').select(DESK_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw toDataError(error);
  return data ? toDeskUpdate(data) : null;
}

/** Pass null for none (a new update). */
export function useDeskUpdate(id: string | null, client: AccordClient = supabase) {
  return useSWR(id === null ? null : newsDeskKeys.update(id), () => getDeskUpdate(client, id as string));
}
