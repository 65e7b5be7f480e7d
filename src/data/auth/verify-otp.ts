import type { Session } from '@supabase/supabase-js';

import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

export interface VerifyOtpParams {
  email: string;
  token: string;
  type: 'email';
}

/** Signs in with the 6-digit code from the sign-in e-mail. */
export async function verifyOtp(client: AccordClient, { email, token, type }: VerifyOtpParams): Promise<Session> {
  const { data, error } = await client.auth.verifyOtp({ email, token, type });
  if (error) throw toDataError(error);
  if (!data.session) {
    throw new DataError('The code was accepted but no session was started. Request a new link and try again.');
  }
  return data.session;
}
