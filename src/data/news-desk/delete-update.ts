import type { AccordClient } from '../client';
import { newsDeskError } from './refusals';

/** Deletes a draft (admin_delete_update); a published update must be unpublished first. */
export async function deleteUpdate(client: AccordClient, id: string): Promise<void> {
  const { error } = await client.rpc('admin_delete_update', { p_id: id });
  if (error) throw newsDeskError(error);
}
