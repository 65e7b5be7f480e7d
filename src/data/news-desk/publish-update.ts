import type { AccordClient } from '../client';
import { newsDeskError } from './refusals';

/**
 * Publishes an update (admin_publish_update): now when `at` is null, else
 * dated `at` — a date still to come schedules it, and the database keeps it
 * from visitors until then. Returns the date it carries.
 */
export async function publishUpdate(client: AccordClient, id: string, at: string | null): Promise<string> {
  const { data, error } = await client.rpc('admin_publish_update', { p_id: id, p_published_at: at as string });
  if (error) throw newsDeskError(error);
  return data;
}
