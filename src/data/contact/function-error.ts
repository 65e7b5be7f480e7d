import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

interface FunctionsErrorLike {
  name?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

/**
 * The reply-contact-message function's refusal as a DataError: its sentence,
 * its code (e.g. `email_failed`), and the answer's id when the answer was kept
 * but not mailed (in `details`), so the form can say so and offer "Send again".
 */
export async function toReplyError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown; answerId?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE;
    return new DataError(message, {
      status,
      code: typeof body?.error === 'string' ? body.error : undefined,
      details: typeof body?.answerId === 'string' ? body.answerId : undefined,
      cause: error,
    });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}
