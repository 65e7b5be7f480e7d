import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** An administrator opens a pending application: it becomes "under review" (no change for any other status). */
export async function beginApplicationReview(client: AccordClient, organizationId: string): Promise<void> {
  const { error } = await client.rpc('begin_application_review', { p_organization_id: organizationId });
  if (error) throw toDataError(error);
}
