/**
 * What a membership credential holds and how the network signs and checks
 * signatures (decision 081), without the SD-JWT VC library: that library
 * builds zod schemas when it loads, and zod probes `new Function` then, which
 * the app's Content-Security-Policy reports as a blocked eval. So the verify
 * page (and verify.ts) import this, and only issuing (credential.ts) loads
 * `@sd-jwt/sd-jwt-vc`. WebCrypto for the ES256 signatures and SHA-256
 * digests, which Deno, Node and browsers all have.
 */
export const MEMBERSHIP_CREDENTIAL_TYPE = 'dc+sd-jwt';
/** What each selectively disclosable claim is, in the holder's and the verifier's words. */
export const DISCLOSABLE_CLAIMS = ['organization_id', 'name', 'legal_name', 'registration_number', 'country', 'domain', 'member_since', 'verified_schemas'] as const;
export type DisclosableClaim = (typeof DISCLOSABLE_CLAIMS)[number];

/** The credential type's identifier: a URL at the network's origin. */
export function membershipVct(siteUrl: string): string {
  return `${new URL(siteUrl).origin}/credentials/membership`;
}

/** What issue_membership_credential returns for the function to sign. */
export interface CredentialDraft {
  credential_id: string;
  status_index: number;
  iat: number;
  exp: number;
  claims: Record<DisclosableClaim, unknown>;
}

export const base64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export const sha256: (data: string | ArrayBuffer) => Promise<Uint8Array> = async (data) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', typeof data === 'string' ? new TextEncoder().encode(data) : data));

/** An EC JSON Web Key (the DOM's JsonWebKey, which Node's and Deno's WebCrypto take too). */
export interface EcJwk {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  d?: string;
  [member: string]: unknown;
}

const ES256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export async function es256Signer(privateJwk: EcJwk): Promise<(data: string) => Promise<string>> {
  const { kty, crv, x, y, d } = privateJwk;
  const key = await crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, ES256, false, ['sign']);
  return async (data) => base64url(new Uint8Array(await crypto.subtle.sign(ES256, key, new TextEncoder().encode(data))));
}

export async function es256Verifier(publicJwk: EcJwk): Promise<(data: string, signature: string) => Promise<boolean>> {
  const { kty, crv, x, y } = publicJwk;
  const key = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, ES256, false, ['verify']);
  return async (data, signature) => crypto.subtle.verify(ES256, key, fromBase64url(signature), new TextEncoder().encode(data));
}
