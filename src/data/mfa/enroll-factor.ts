import type { AccordClient } from '../client';
import { toMfaError } from './mfa-errors';

/** What setting up an authenticator app shows: the QR code to scan, or the secret to type. */
export interface PendingFactor {
  id: string;
  name: string;
  /** An image (an SVG data URI from the auth server) of the otpauth:// address. */
  qrCode: string;
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
  uri: string;
}

/**
 * Starts setting up an authenticator app (POST /factors). The factor stays
 * unverified, and signs nobody in, until a code from the app is verified.
 */
export async function enrollFactor(client: AccordClient, name: string): Promise<PendingFactor> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  if (error) throw toMfaError(error);
  return { id: data.id, name: data.friendly_name ?? name, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}
