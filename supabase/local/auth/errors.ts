/**
 * GoTrue's three error shapes, so supabase-js maps them to the same AuthError
 * codes it gets from hosted Supabase:
 * - `ApiError` (GoTrue's HTTPError): `{code, message}` for clients that send
 *   `X-Supabase-Api-Version: 2024-01-01` (supabase-js does), otherwise the legacy
 *   `{code: <status>, error_code, msg}`.
 * - `OAuthError`: `{error, error_description}`, used by a few /token paths.
 * - `WeakPasswordError`: an ApiError with `weak_password.reasons`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

export class WeakPasswordError extends ApiError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(422, 'weak_password', message);
    this.name = 'WeakPasswordError';
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message);
export const internal = (message: string) => new ApiError(500, 'unexpected_failure', message);

/** The message GoTrue uses for unknown or used links, and for expired ones. */
export const EMAIL_LINK_INVALID = 'Email link is invalid or has expired';
export const OTP_INVALID = 'Token has expired or is invalid';
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

/** The API version the client asked for, as GoTrue rounds it: '2024-01-01' or none. */
export function negotiatedApiVersion(header: string | undefined): '2024-01-01' | undefined {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  const asked = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(asked) && asked >= API_VERSION_2024 ? '2024-01-01' : undefined;
}

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The response GoTrue's HandleResponseError writes for `error`. */
export function errorResponse(error: unknown, apiVersionHeader: string | undefined): ErrorResponse {
  const version = negotiatedApiVersion(apiVersionHeader);
  const headers: Record<string, string> = version ? { 'X-Supabase-Api-Version': version } : {};

  if (error instanceof OAuthError) {
    return { status: 400, headers, body: { error: error.error, error_description: error.description } };
  }

  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  const code = apiError.code ?? (apiError.status >= 500 ? 'unexpected_failure' : 'unknown');
  const weak = apiError instanceof WeakPasswordError ? { weak_password: { reasons: apiError.reasons } } : {};
  const body = version
    ? { code, message: apiError.message, ...weak }
    : { code: apiError.status, error_code: code, msg: apiError.message, ...weak };
  return { status: apiError.status, headers, body };
}

/** `error` in GoTrue's OAuth error map, used in redirects that carry an error. */
export function oauthErrorName(status: number): string | undefined {
  return (
    {
      400: 'invalid_request',
      401: 'unauthorized_client',
      403: 'access_denied',
      500: 'server_error',
      503: 'temporarily_unavailable',
    } as Record<number, string>
  )[status];
}
