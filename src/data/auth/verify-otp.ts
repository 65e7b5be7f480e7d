import type { Session } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

export interface VerifyOtpParams {
  email: string;
  token: string;
  type: 'email';
}

/** The auth service's answer once a few wrong codes have burned the code (docs/decisions/022-accounts-codes-and-mail.md). */
export const CODE_ATTEMPTS_EXCEEDED = 'otp_attempts_exceeded';
export const CODE_ATTEMPTS_EXCEEDED_MESSAGE =
  'Too many wrong codes were entered, so this code no longer works. Press “Resend link” for a new e-mail with a new code.';

/** Signs in with the 6-digit code from the sign-in e-mail. */
export async function verifyOtp(client: AccordClient, { email, token, type }: VerifyOtpParams): Promise<Session> {
  const { data, error } = await client.auth.verifyOtp({ email, token, type });
  if (error) {
    const failure = toDataError(error);
    if (failure.code === CODE_ATTEMPTS_EXCEEDED) {
      throw new DataError(CODE_ATTEMPTS_EXCEEDED_MESSAGE, { status: failure.status, code: failure.code, cause: failure });
    }
    throw failure;
  }
  if (!data.session) {
    throw new DataError('The code was accepted but no session was started. Request a new link and try again.');
  }
  return data.session;
}
