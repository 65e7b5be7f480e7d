import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { getApplicationDetail } from './get-application-detail';
import { applicationKeys } from './keys';

/** One application for the back office's detail view; null id while none is selected. */
export function useApplicationDetail(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : applicationKeys.detail(organizationId), () => getApplicationDetail(client, organizationId!), {
    dedupingInterval: 2000,
  });
}
