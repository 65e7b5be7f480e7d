import useSWR from 'swr';

import { toDataError } from '../errors';
import { getApplicationEvents } from './get-application-events';
import { APPLICATION_COLUMNS, toApplication, type Application, type ApplicationEvent, type ApplicationQueryRow } from './types';
import { supabase, type AccordClient } from '../client';
import { applicationKeys } from './keys';

export interface MyApplication {
  application: Application;
  events: ApplicationEvent[];
}

/**
 * The signed-in applicant's application and its timeline, or null when they
 * have none. A person belongs to at most one organisation, and RLS shows a
 * member only their own organisation's application, so "the" row is theirs.
 */
export async function getMyApplication(client: AccordClient): Promise<MyApplication | null> {
  const { data, error } = await client.from('organization_applications').select(APPLICATION_COLUMNS).maybeSingle();
  if (error) throw toDataError(error);
  if (!data) return null;
  const application = toApplication(data as unknown as ApplicationQueryRow);
  return { application, events: await getApplicationEvents(client, application.organizationId) };
}

/** The applicant's application with its timeline, for /application-pending. Pass null while the user is unknown. */
export function useMyApplication(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : applicationKeys.mine(userId), () => getMyApplication(client), {
    // A decision can arrive at any time; coming back to the tab should show it.
    revalidateOnFocus: true,
    dedupingInterval: 2000,
  });
}
