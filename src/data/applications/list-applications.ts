import useSWR from 'swr';

import { toDataError } from '../errors';
import { APPLICATION_COLUMNS, toApplication, type Application, type ApplicationQueryRow } from './types';
import { supabase, type AccordClient } from '../client';
import { applicationKeys } from './keys';

/**
 * Every application, newest first, for the back office's queue. RLS lets only
 * system administrators see them all; the queue filters and searches on screen
 * (hundreds of rows at most), so switching a filter asks the server nothing.
 */
export async function listApplications(client: AccordClient): Promise<Application[]> {
  const { data, error } = await client
    .from('organization_applications')
    .select(APPLICATION_COLUMNS)
    .order('submitted_at', { ascending: false })
    .limit(1000);
  if (error) throw toDataError(error);
  return (data as unknown as ApplicationQueryRow[]).map(toApplication);
}

/** The back office's application queue. */
export function useApplicationQueue(client: AccordClient = supabase) {
  return useSWR(applicationKeys.queue, () => listApplications(client), { dedupingInterval: 2000 });
}
