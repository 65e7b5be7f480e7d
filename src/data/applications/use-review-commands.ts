import { useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { supabase, type AccordClient } from '../client';
import { beginApplicationReview } from './begin-application-review';
import { createDocumentUrl } from './create-document-url';
import { applicationKeys } from './keys';
import { reviewApplication, type ReviewAction, type ReviewOutcome } from './review-application';

export interface ReviewCommands {
  review(params: { organizationId: string; action: ReviewAction; reason?: string; message?: string }): Promise<ReviewOutcome>;
  beginReview(organizationId: string): Promise<void>;
  openDocument(path: string): Promise<string>;
}

/** The back office's review commands; each refreshes the queue and the application afterwards. */
export function useReviewCommands(client: AccordClient = supabase): ReviewCommands {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = (organizationId: string) =>
      Promise.all([mutate(applicationKeys.queue), mutate(applicationKeys.detail(organizationId))]).then(
        () => undefined,
        () => undefined,
      );
    return {
      async review(params) {
        const outcome = await reviewApplication(client, params);
        await refresh(params.organizationId);
        return outcome;
      },
      async beginReview(organizationId) {
        await beginApplicationReview(client, organizationId);
        await refresh(organizationId);
      },
      openDocument: (path) => createDocumentUrl(client, path),
    };
  }, [client, mutate]);
}
