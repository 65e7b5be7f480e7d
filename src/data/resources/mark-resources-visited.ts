import type { AccordClient } from '../client';
import { toResourceError } from './refusals';

/** Records this visit to /dashboard/resources and returns the one before (null on the first). */
export async function markResourcesVisited(client: AccordClient): Promise<string | null> {
  const { data, error } = await client.rpc('mark_resources_visited');
  if (error) throw toResourceError(error);
  return (data as string | null) ?? null;
}
