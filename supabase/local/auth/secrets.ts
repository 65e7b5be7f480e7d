import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Random values and hashes with GoTrue's formats. */

/** A zero-padded numeric code of `length` digits (GoTrue's GenerateOtp). */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * The link token of a code: what the e-mail link and generate_link's
 * `hashed_token` carry; POST /verify recomputes it from `{email, token}`.
 * GoTrue's is the sha224 hex of the address followed by the code, which anyone
 * can compute for a guessed code, so a guessed link would get round the count
 * of wrong codes (code-attempts.ts). Here it is an HMAC-SHA224 (same length,
 * same role) under a key only the service holds (`linkTokenKey`).
 */
export function linkTokenFor(key: Buffer, email: string, otp: string): string {
  return createHmac('sha224', key).update(email + otp).digest('hex');
}

/** The link-token key, derived from the project's private key: stable across restarts, never sent anywhere. */
export function linkTokenKey(privateJwk: Record<string, unknown>): Buffer {
  return createHash('sha256').update(`accord auth link tokens:${String(privateJwk.d)}`).digest();
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
