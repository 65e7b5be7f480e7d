import type { AccordClient } from '../client';
import { publishUpdate } from './publish-update';
import { saveUpdate, type UpdateDraft } from './save-update';
import { uploadCover } from './upload-cover';

/** What the editor's buttons ask for: keep a draft (or save an edit), publish now, or publish at the planned date. */
export type SubmitAction = 'save' | 'publish' | 'schedule';

export interface UpdateSubmission {
  action: SubmitAction;
  draft: UpdateDraft;
  /** An image chosen but not uploaded yet: it replaces `draft.coverPath`. */
  coverFile: File | null;
}

/**
 * The editor's one command: the cover goes up first, under a new name, so the
 * save can point at it; then the save (admin_save_update), then publishing
 * now or dated `draft.publishedAt`. `onCoverUploaded` hears of the upload at
 * once, so that if the save is refused (a taken slug) trying again reuses the
 * image instead of uploading it twice. Returns the update's id and, when
 * published, the date it carries.
 */
export async function submitUpdate(
  client: AccordClient,
  { action, draft, coverFile }: UpdateSubmission,
  onCoverUploaded: (file: File, path: string) => void,
): Promise<{ id: string; at: string | null }> {
  let coverPath = draft.coverPath;
  if (coverFile) {
    coverPath = await uploadCover(client, coverFile);
    onCoverUploaded(coverFile, coverPath);
  }
  const id = await saveUpdate(client, { ...draft, coverPath, coverAlt: coverPath ? draft.coverAlt : null });
  const at = action === 'publish' ? await publishUpdate(client, id, null) : action === 'schedule' ? await publishUpdate(client, id, draft.publishedAt) : null;
  return { id, at };
}
