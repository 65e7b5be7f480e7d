import type { AccordClient } from '../client';
import { toResourceError } from './refusals';

/** System administrators: members in the audience see it (published) or nobody but the back office does. */
export async function setResourcePublished(client: AccordClient, input: { resourceId: string; published: boolean }): Promise<void> {
  const { error } = await client.rpc('set_resource_published', { p_resource_id: input.resourceId, p_published: input.published });
  if (error) throw toResourceError(error);
}
