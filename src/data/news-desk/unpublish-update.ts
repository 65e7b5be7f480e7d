import type { AccordClient } from '../client';
import { newsDeskError } from './refusals';

/** Withdraws a published or scheduled update from visitors (admin_unpublish_update). */
export async function unpublishUpdate(client: AccordClient, id: string): Promise<void> {
  const { error } = await client.rpc('admin_unpublish_update', { p_id: id });
  if (error) throw newsDeskError(error);
}
