import type { AccordClient } from '../client';
import { newsDeskError } from './refusals';
import type { UpdateCategory } from './types';

export interface UpdateDraft {
  /** Null for a new update (saved as a draft). */
  id: string | null;
  slug: string;
  title: string;
  summary: string;
  body: string;
  category: UpdateCategory;
  /** ISO timestamp of the article's date, or null to date it when it is published. */
  publishedAt: string | null;
  /** The cover's object name in update_covers (uploaded first, see upload-cover.ts), or null for none. */
  coverPath: string | null;
  /** Required with a cover. */
  coverAlt: string | null;
}

/** Saves a new draft or an edit (admin_save_update); whether it is published does not change. Returns its id. */
export async function saveUpdate(client: AccordClient, draft: UpdateDraft): Promise<string> {
  const { data, error } = await client.rpc('admin_save_update', {
    // The generated types cannot say a uuid parameter accepts null; the function does (a new update).
    p_id: draft.id as string,
    p_slug: draft.slug,
    p_title: draft.title,
    p_summary: draft.summary,
    p_body: draft.body,
    p_category: draft.category,
    p_published_at: draft.publishedAt as string,
    // Null (no cover) is what the function's defaults mean; the generated types only say "optional".
    p_cover_path: draft.coverPath as string,
    p_cover_alt: draft.coverAlt as string,
  });
  if (error) throw newsDeskError(error);
  return data;
}
