import { INSUFFICIENT_AAL } from '../../../machines/two-factor.machine';
import { DataError, toDataError } from '../errors';

/**
 * The auth server's codes for the second-factor calls (GoTrue's
 * internal/api/mfa.go), worded for people. Anything else keeps the server's
 * own message.
 */
export const WRONG_CODE = 'mfa_verification_failed';

export const WRONG_CODE_MESSAGE = 'That code is not right. Check the six digits in your authenticator app and try again.';
export const CHALLENGE_EXPIRED_MESSAGE = 'That took too long. Enter the code your authenticator app shows now.';
export const TOO_MANY_CODES_MESSAGE = 'Too many codes were tried. Wait a few minutes, then enter the code your authenticator app shows.';
export const NAME_TAKEN_MESSAGE = 'You already have an authenticator with that name. Choose another name.';
export const TOO_MANY_FACTORS_MESSAGE = 'You have as many authenticators as Accord allows. Remove one before adding another.';
export const NEEDS_CODE_MESSAGE = 'Enter a code from your authenticator app first, to show it is you.';
export const NO_FACTOR_MESSAGE = 'This account has no authenticator app set up any more. Sign in again.';

const MESSAGES: Record<string, string> = {
  [WRONG_CODE]: WRONG_CODE_MESSAGE,
  mfa_challenge_expired: CHALLENGE_EXPIRED_MESSAGE,
  over_request_rate_limit: TOO_MANY_CODES_MESSAGE,
  mfa_factor_name_conflict: NAME_TAKEN_MESSAGE,
  too_many_enrolled_mfa_factors: TOO_MANY_FACTORS_MESSAGE,
  [INSUFFICIENT_AAL]: NEEDS_CODE_MESSAGE,
};

/** A second-factor call's failure as a DataError whose message a person can act on; the code is kept. */
export function toMfaError(error: unknown): DataError {
  const failure = toDataError(error);
  const code = failure.code ?? (failure.status === 429 ? 'over_request_rate_limit' : undefined);
  const message = code ? MESSAGES[code] : undefined;
  return message ? new DataError(message, { status: failure.status, code, cause: failure }) : failure;
}
