/**
 * The one error type the data layer throws, so that machines and components can
 * show `message` without knowing which backend library produced it.
 */
export class DataError extends Error {
  override readonly name = 'DataError';
  /** HTTP status when the server answered (e.g. 429 for rate limits); 0 when it could not be reached. */
  readonly status: number | undefined;
  /** Machine-readable code from the server, e.g. `otp_expired` or a Postgres error code. */
  readonly code: string | undefined;
  /** The server's detail, when it sent one: e.g. a refused form's `{field: code}` as JSON. */
  readonly details: string | undefined;

  constructor(message: string, options: { status?: number; code?: string; details?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }
}

export const UNREACHABLE_MESSAGE = "We couldn't reach Accord. Check your connection and try again.";
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.';

const NETWORK_FAILURE = /^(?:TypeError: )?(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

export const AAL2_REQUIRED = 'aal2_required';
export const AAL2_REQUIRED_MESSAGE =
  'This needs the code from your authenticator app. Sign out and sign in again, and enter the code when you are asked for it.';

/**
 * Postgres's query_canceled: the request ran into the role's statement timeout
 * (1 s for visitors, 8 s signed in; decision 068). PostgREST answers 500 with
 * the database's own words, which mean nothing to a person.
 */
export const STATEMENT_TIMEOUT = '57014';
export const STATEMENT_TIMEOUT_MESSAGE = 'Accord took too long to answer. Please try again in a moment.';

export function toDataError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  if (typeof error !== 'object' || error === null) return new DataError(UNEXPECTED_MESSAGE, { cause: error });
  const { message, status, code, name } = error as ErrorLike;
  const numericStatus = typeof status === 'number' ? status : undefined;
  const textCode = typeof code === 'string' ? code : undefined;
  // The request never got an answer: auth-js says "Failed to fetch" (status 0);
  // postgrest-js prefixes the browser's own wording with the error's name
  // ("TypeError: Failed to fetch", Firefox's "NetworkError when attempting to
  // fetch resource.", Safari's "Load failed").
  if (
    name === 'AuthRetryableFetchError' ||
    numericStatus === 0 ||
    (typeof message === 'string' && NETWORK_FAILURE.test(message))
  ) {
    return new DataError(UNREACHABLE_MESSAGE, { status: 0, code: textCode, cause: error });
  }
  // The database's refusal for a back-office or data-room action at aal1 by
  // someone with a verified factor (decision 043); the guard normally asks for
  // the code first, so this is a factor added since this session signed in.
  if (message === AAL2_REQUIRED) return new DataError(AAL2_REQUIRED_MESSAGE, { status: numericStatus, code: AAL2_REQUIRED, cause: error });
  if (textCode === STATEMENT_TIMEOUT) return new DataError(STATEMENT_TIMEOUT_MESSAGE, { status: numericStatus, code: textCode, cause: error });
  const text = typeof message === 'string' && message.trim() !== '' ? message : UNEXPECTED_MESSAGE;
  return new DataError(text, { status: numericStatus, code: textCode, cause: error });
}
