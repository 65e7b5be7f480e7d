import type { AccordClient } from '../client';
import type { Json } from '../database.types';
import { DataError, toDataError } from '../errors';

export interface SaveDraftParams {
  userId: string;
  payload: NonNullable<Json>;
  step: number;
}

/**
 * Saves (creates or replaces) the caller's draft and returns the organisation
 * id it reserves. The database chooses that id on the first save and keeps it.
 */
export async function saveApplicationDraft(client: AccordClient, { userId, payload, step }: SaveDraftParams): Promise<{ folderId: string }> {
  const { data, error } = await client
    .from('application_drafts')
    .upsert({ user_id: userId, payload, current_step: step })
    .select('organization_id')
    .single();
  if (error) throw toDataError(error);
  if (!data) throw new DataError('The draft could not be saved.');
  return { folderId: data.organization_id };
}

/**
 * The folder (reserved organisation id) of the caller's draft, creating an
 * empty draft only when there is none: unlike a save, it never overwrites
 * what an earlier save stored.
 */
export async function ensureApplicationDraft(client: AccordClient, userId: string): Promise<{ folderId: string }> {
  const created = await client
    .from('application_drafts')
    .upsert({ user_id: userId, payload: {}, current_step: 1 }, { ignoreDuplicates: true });
  if (created.error) throw toDataError(created.error);
  const { data, error } = await client.from('application_drafts').select('organization_id').maybeSingle();
  if (error) throw toDataError(error);
  if (!data) throw new DataError('The draft could not be saved.');
  return { folderId: data.organization_id };
}
