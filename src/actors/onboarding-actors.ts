import { fromPromise } from 'xstate';

import { draftAutosaveMachine, type DraftVersion } from '../../machines/draft-autosave.machine';
import { fieldErrorsFromServer, type SubmitPayload } from '../../machines/onboarding-form';
import type { LoadedDraft, UploadInput, UploadOutput } from '../../machines/onboarding.machine';
import type { AccordClient } from '../data/client';
import type { Json } from '../data/database.types';
import { loadClient } from '../data/load-client';
import { getApplicationDraft } from '../data/onboarding/get-application-draft';
import { ensureApplicationDraft, saveApplicationDraft } from '../data/onboarding/save-application-draft';
import { sendSignupLink } from '../data/onboarding/send-signup-link';
import { ApplicationRefusedError, submitApplication } from '../data/onboarding/submit-application';
import { removeReplacedDraftFile, uploadApplicationFile } from '../data/onboarding/upload-application-file';
import { createRequestIds } from '../data/request-ids';
import type { UploadTracking } from '../data/storage-upload';

/**
 * The onboarding machine's side effects, backed by the real client. `userId`
 * is the signed-in applicant (null signed out, when only the sign-up link can
 * be sent); the draft is keyed by it. `track` follows each file's upload (the
 * page's progress bar).
 */
export function onboardingActors(userId: string | null, given?: AccordClient, track?: (file: File) => UploadTracking) {
  // The first step draws (and is prerendered) without supabase-js; it loads with the first call.
  const backend = async (): Promise<AccordClient> => given ?? loadClient();
  const requireUser = (): string => {
    if (!userId) throw new Error('Sign in to continue your application.');
    return userId;
  };
  // The same answers submitted again carry the same id: a retry after a lost answer finds the application it made.
  const submissions = createRequestIds();
  const saveDraft = fromPromise<{ folderId: string }, DraftVersion>(async ({ input }) =>
    saveApplicationDraft(await backend(), { userId: requireUser(), payload: input.payload as Json & object, step: input.step }),
  );
  return {
    sendSignupLink: fromPromise<void, { email: string }>(async ({ input }) =>
      sendSignupLink(await backend(), { email: input.email, origin: window.location.origin }),
    ),
    loadDraft: fromPromise<LoadedDraft | null, void>(async () => {
      const draft = await getApplicationDraft(await backend());
      return draft ? { folderId: draft.folderId, payload: draft.payload, step: draft.step } : null;
    }),
    draftAutosave: draftAutosaveMachine.provide({ actors: { saveDraft } }),
    uploadFile: fromPromise<UploadOutput, UploadInput>(async ({ input }) => {
      const client = await backend();
      // The folder is the organisation id the draft reserves: no draft yet means saving one first.
      const folderId = input.folderId ?? (await ensureApplicationDraft(client, requireUser())).folderId;
      // In the browser the machine's ChosenFile is the File the input gave.
      const file = await uploadApplicationFile(client, { kind: input.kind, file: input.file as File, folderId, tracking: track?.(input.file as File) });
      // Each upload has a name of its own; the file it replaces in the draft is no longer needed.
      if (input.replaces) await removeReplacedDraftFile(client, input.kind, input.replaces);
      return { file, folderId };
    }),
    submitApplication: fromPromise<{ organizationId: string }, { payload: SubmitPayload }>(async ({ input }) => {
      try {
        const submitted = await submitApplication(await backend(), input.payload as unknown as Json, submissions.idFor(JSON.stringify(input.payload)));
        submissions.sent();
        return submitted;
      } catch (error) {
        // The machine shows named fields where they are (SubmitRefusal); anything else as a message.
        if (error instanceof ApplicationRefusedError) throw { message: error.message, fieldErrors: fieldErrorsFromServer(error.fields) };
        throw error;
      }
    }),
  };
}
