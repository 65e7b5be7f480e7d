import { fromPromise } from 'xstate';

import type { SendResponseInput } from '../../machines/change-request-response.machine';
import { supabase, type AccordClient } from '../data/client';
import { respondToChangeRequest } from '../data/applications/respond-to-change-request';
import { uploadApplicationFile } from '../data/onboarding/upload-application-file';

/** The change-request answer's side effect: upload the optional document, then record the answer. */
export function changeRequestActors(client: AccordClient = supabase) {
  return {
    sendResponse: fromPromise<void, SendResponseInput>(async ({ input }) => {
      let documentPath: string | null = null;
      if (input.file) {
        // A new name each time, so the document the reviewer questioned stays on record.
        const stored = await uploadApplicationFile(client, {
          kind: 'proof',
          // In the browser the machine's ChosenDocument is the File the input gave.
          file: input.file as File,
          folderId: input.organizationId,
          name: `proof-of-registration-${Date.now()}`,
        });
        documentPath = stored.path;
      }
      await respondToChangeRequest(client, { organizationId: input.organizationId, response: input.response, documentPath });
    }),
  };
}
