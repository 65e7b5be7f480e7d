import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from './errors';

export interface FunctionsErrorLike {
  name?: string;
  message?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

/** An Edge Function's refusal `{ error, message }` as a DataError with its status and code. */
export async function toFunctionError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown } | null;
    // `msg` is the runtime's own refusal (verify_jwt), e.g. an expired session.
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE;
    const code = typeof body?.error === 'string' ? body.error : undefined;
    return new DataError(message, { status, code, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}
