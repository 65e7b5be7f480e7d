import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

export type ReviewAction = 'approve' | 'reject' | 'request_changes';

/** What the review-application Edge Function answers on success. */
export interface ReviewOutcome {
  organizationId: string;
  status: string;
  decidedAt: string | null;
  registryEffectiveFrom: string | null;
  recipients: string[];
  /** False when the decision was saved but the e-mail to the applicant could not be sent. */
  notified: boolean;
  mailError?: string;
}

interface FunctionsErrorLike {
  name?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

async function toReviewError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE;
    return new DataError(message, { status, code: typeof body?.error === 'string' ? body.error : undefined, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}

/**
 * Approve, reject (with a reason) or ask for changes (with a message): the
 * review-application Edge Function runs the RPC as the signed-in
 * administrator and e-mails the applicant.
 */
export async function reviewApplication(
  client: AccordClient,
  params: { organizationId: string; action: ReviewAction; reason?: string; message?: string },
): Promise<ReviewOutcome> {
  const { data, error } = await client.functions.invoke<ReviewOutcome>('review-application', { body: params });
  if (error) throw await toReviewError(error as FunctionsErrorLike);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
