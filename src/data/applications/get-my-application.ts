import type { AccordClient } from '../client';
import { toDataError } from '../errors';
import { getApplicationEvents } from './get-application-events';
import { APPLICATION_COLUMNS, toApplication, type Application, type ApplicationEvent, type ApplicationQueryRow } from './types';

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
