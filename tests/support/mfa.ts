import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';

import { sql } from './users.ts';

/**
 * Two-factor authentication as a person with an authenticator app does it,
 * for any test tier: the codes come from the secret the enrolment showed,
 * computed with the library the auth stand-in checks them with.
 */
export const TOTP_PERIOD_MS = 30_000;

/** The six-digit code an authenticator app shows for `secret` at `at` (ms, default now). */
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/**
 * Waits, if need be, until the current 30-second step has at least `marginMs`
 * left, so a code computed now is judged in the step it was computed for.
 * Time passing is the rule here, so this is one of the few waits tests may do.
 */
export async function awayFromStepBoundary(marginMs = 3_000): Promise<void> {
  const left = TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Enrols a TOTP factor for the client's signed-in user and verifies it with the
 * current code (returned as `code`), leaving the client's session at aal2. A code is accepted once
 * per factor, so the next verification of this factor needs the next step's
 * code (`totpCode(secret, Date.now() + TOTP_PERIOD_MS)`) or a later one.
 */
export async function enrolVerifiedTotp(
  client: SupabaseClient,
  friendlyName = 'Authenticator app',
): Promise<{ factorId: string; secret: string; code: string }> {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const { id: factorId, totp } = enrolled.data;
  await awayFromStepBoundary();
  const code = totpCode(totp.secret);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (verified.error) throw verified.error;
  return { factorId, secret: totp.secret, code };
}

/**
 * Moves the client's session's second-factor check 11 minutes into the past
 * (the auth server's own record, auth.mfa_amr_claims) and takes a token
 * saying so: still aal2, but too old for /admin/database's actions
 * (decision 075). Returns the refreshed session.
 */
export async function ageSecondFactor(client: SupabaseClient): Promise<Session> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('ageSecondFactor needs a signed-in client');
  const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1], 'base64url').toString()) as { session_id: string };
  await sql(`update auth.mfa_amr_claims set updated_at = now() - interval '11 minutes' where session_id = $1 and authentication_method = 'totp'`, [claims.session_id]);
  const refreshed = await client.auth.refreshSession();
  if (refreshed.error || !refreshed.data.session) throw refreshed.error ?? new Error('the refresh gave no session');
  return refreshed.data.session;
}
