import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Random values and hashes with GoTrue's formats. */

/** A zero-padded numeric code of `length` digits (GoTrue's GenerateOtp). */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * GoTrue's link token: sha224 hex of the address followed by the code. It is
 * what the e-mail link and generate_link's `hashed_token` carry; POST /verify
 * recomputes it from `{email, token}`.
 */
export function linkTokenFor(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

/**
 * What the database keeps of a link token. GoTrue keeps the link token itself;
 * we keep its sha256 so that reading auth.one_time_tokens never yields a
 * working link.
 */
export function storedTokenHash(linkToken: string): string {
  return createHash('sha256').update(linkToken).digest('hex');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Refresh tokens: opaque, URL-safe, unguessable. */
export function generateRefreshToken(): string {
  let out = '';
  for (let i = 0; i < 22; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export const newId = (): string => randomUUID();

export type ChallengeMethod = 's256' | 'plain';

export function parseChallengeMethod(value: string): ChallengeMethod | undefined {
  const v = value.toLowerCase();
  return v === 's256' || v === 'plain' ? v : undefined;
}

/** RFC 7636: does `verifier` answer `challenge`? */
export function pkceMatches(verifier: string, challenge: string, method: ChallengeMethod): boolean {
  const computed = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
