import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { applicationKeys } from './keys';
import { listApplications } from './list-applications';

/** The back office's application queue. */
export function useApplicationQueue(client: AccordClient = supabase) {
  return useSWR(applicationKeys.queue, () => listApplications(client), { dedupingInterval: 2000 });
}
