import { fromPromise } from 'xstate';

import type { SendResponseInput } from '../../machines/change-request-response.machine';
import { supabase, type AccordClient } from '../data/client';
import { respondToChangeRequest } from '../data/applications/respond-to-change-request';
import { uploadApplicationFile } from '../data/onboarding/upload-application-file';
import type { UploadTracking } from '../data/storage-upload';

/**
 * The change-request answer's side effect: upload the optional document as a
 * new object (never over the one the reviewer questioned, which stays on
 * record), then record the answer with it. A send that failed after the upload
 * reuses that upload when sent again, rather than adding another copy that
 * could never be removed. `track` follows the document's upload (the form's
 * progress bar).
 */
export function changeRequestActors(client: AccordClient = supabase, track?: (file: File) => UploadTracking) {
  const uploaded = new WeakMap<object, string>();
  return {
    sendResponse: fromPromise<void, SendResponseInput>(async ({ input }) => {
      let documentPath: string | null = null;
      if (input.file) {
        documentPath = uploaded.get(input.file) ?? null;
        if (!documentPath) {
          // In the browser the machine's ChosenDocument is the File the input gave.
          const file = input.file as File;
          documentPath = (await uploadApplicationFile(client, { kind: 'proof', file, folderId: input.organizationId, tracking: track?.(file) })).path;
          uploaded.set(input.file, documentPath);
        }
      }
      await respondToChangeRequest(client, { organizationId: input.organizationId, response: input.response, documentPath });
    }),
  };
}
