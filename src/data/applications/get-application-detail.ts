import useSWR from 'swr';

import { DataError, toDataError } from '../errors';
import { getApplicationEvents } from './get-application-events';
import { APPLICATION_COLUMNS, toApplication, toDocument, type Application, type ApplicationDocument, type ApplicationEvent, type ApplicationQueryRow } from './types';
import { supabase, type AccordClient } from '../client';
import { applicationKeys } from './keys';

export interface ApplicationDetail {
  application: Application;
  events: ApplicationEvent[];
  /** Every document submitted with it, oldest first; the last is the current one. */
  documents: ApplicationDocument[];
  /** The applicant's sign-in address (their profile); null when the account is gone. */
  applicantEmail: string | null;
  /** Who did what in the timeline, by user id, as far as profiles still exist. */
  people: Record<string, string>;
}

export const APPLICATION_NOT_FOUND_MESSAGE = 'This application does not exist, or you may not see it.';

/** One application with its timeline and the people in it, for the back office's detail view. */
export async function getApplicationDetail(client: AccordClient, organizationId: string): Promise<ApplicationDetail> {
  const { data, error } = await client.from('organization_applications').select(APPLICATION_COLUMNS).eq('organization_id', organizationId).maybeSingle();
  if (error) throw toDataError(error);
  if (!data) throw new DataError(APPLICATION_NOT_FOUND_MESSAGE, { status: 404 });
  const application = toApplication(data as unknown as ApplicationQueryRow);
  const [events, documents] = await Promise.all([getApplicationEvents(client, organizationId), getApplicationDocuments(client, organizationId)]);

  // Actor columns are history without foreign keys (decision 004): look people up, and cope with the deleted.
  const ids = [...new Set([application.submittedBy, ...events.map((e) => e.actorId)].filter((id): id is string => id !== null))];
  const people: Record<string, string> = {};
  if (ids.length > 0) {
    const { data: profiles, error: profileError } = await client.from('profiles').select('id, email, full_name').in('id', ids);
    if (profileError) throw toDataError(profileError);
    for (const p of profiles) people[p.id] = p.full_name ? `${p.full_name} (${p.email ?? 'no e-mail'})` : (p.email ?? 'Unknown person');
  }
  const { data: applicant } = application.submittedBy
    ? await client.from('profiles').select('email').eq('id', application.submittedBy).maybeSingle()
    : { data: null };
  return { application, events, documents, applicantEmail: applicant?.email ?? null, people };
}

/** The documents submitted with an application, oldest first. RLS: the organisation's members and system administrators. */
async function getApplicationDocuments(client: AccordClient, organizationId: string): Promise<ApplicationDocument[]> {
  const { data, error } = await client
    .from('application_documents')
    .select('id, object_path, submitted_at, superseded_at')
    .eq('organization_id', organizationId)
    .order('id', { ascending: true });
  if (error) throw toDataError(error);
  return data.map(toDocument);
}

/** One application for the back office's detail view; null id while none is selected. */
export function useApplicationDetail(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : applicationKeys.detail(organizationId), () => getApplicationDetail(client, organizationId!), {
    dedupingInterval: 2000,
  });
}
