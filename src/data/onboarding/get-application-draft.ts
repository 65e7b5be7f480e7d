import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** The signed-in person's saved onboarding draft (server-side, so it follows them across devices). */
export interface ApplicationDraft {
  /** The organisation id the draft reserved: documents are uploaded under `<folderId>/…`. */
  folderId: string;
  /** The form as it was saved; its shape is the app's (machines/onboarding-form.ts reads it defensively). */
  payload: unknown;
  step: number;
  updatedAt: string;
}

/** The caller's draft, or null when they have none. RLS shows nobody else's. */
export async function getApplicationDraft(client: AccordClient): Promise<ApplicationDraft | null> {
  const { data, error } = await client
    .from('application_drafts')
    .select('organization_id, payload, current_step, updated_at')
    .maybeSingle();
  if (error) throw toDataError(error);
  if (!data) return null;
  return { folderId: data.organization_id, payload: data.payload, step: data.current_step, updatedAt: data.updated_at };
}
