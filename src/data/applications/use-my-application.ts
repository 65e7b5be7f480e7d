import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { getMyApplication } from './get-my-application';
import { applicationKeys } from './keys';

/** The applicant's application with its timeline, for /application-pending. Pass null while the user is unknown. */
export function useMyApplication(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : applicationKeys.mine(userId), () => getMyApplication(client), {
    // A decision can arrive at any time; coming back to the tab should show it.
    revalidateOnFocus: true,
    dedupingInterval: 2000,
  });
}
