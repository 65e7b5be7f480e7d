/**
 * The network's identity as relying parties see it (decision 080): a did:web
 * named after the app's origin, its DID document and its JWKS, both served at
 * that origin under /.well-known/. No imports, so the app, the Edge Functions
 * (Deno), the build (vite.config.ts) and the tests share it.
 */

/** A public JSON Web Key as published: never a private member (`d`). */
export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  kid: string;
  alg?: string;
  use?: string;
}

export interface Jwks {
  keys: PublicJwk[];
}

/** Where the signed trust list is published: a public Storage object, so its URL never changes and needs no API key. */
export const TRUST_BUCKET = 'trust';
export const TRUST_LIST_OBJECT = 'trust-list.jwt';
export const STATUS_LIST_OBJECT = 'status-list.jwt';

export function trustListUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/$/, '')}/storage/v1/object/public/${TRUST_BUCKET}/${TRUST_LIST_OBJECT}`;
}

export function statusListUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/$/, '')}/storage/v1/object/public/${TRUST_BUCKET}/${STATUS_LIST_OBJECT}`;
}

/**
 * did:web for an origin (W3C did:web method: the host, a port's colon
 * percent-encoded, resolved at https://<host>/.well-known/did.json). A local
 * origin is plain http; resolvers that insist on https only meet hosted ones.
 */
export function networkDid(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `did:web:${encodeURIComponent(url.host)}`;
}

/** The private key's public half, with the members a verifier needs and nothing else. */
export function publicJwkOf(jwk: Record<string, unknown>): PublicJwk {
  const { kty, crv, x, y, kid, alg } = jwk as Record<string, string>;
  if (!kid) throw new Error('A network key needs a kid');
  return { kty, crv, x, y, kid, alg: alg ?? 'ES256', use: 'sig' };
}

/**
 * The published key set from ACCORD_TRUST_JWKS (a JSON JWKS: the signing key
 * and any key still published for what it signed, decision 080), refusing a
 * private member so a pasted private key is never published.
 */
export function parseJwks(text: string): Jwks {
  const parsed = JSON.parse(text) as { keys?: Record<string, unknown>[] };
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('ACCORD_TRUST_JWKS must be a JWKS with at least one key');
  for (const key of parsed.keys) if ('d' in key) throw new Error(`ACCORD_TRUST_JWKS holds a private key (${String(key.kid)}): publish public keys only`);
  return { keys: parsed.keys.map(publicJwkOf) };
}

/** The DID document: each published key as a JsonWebKey verification method the network asserts with. */
export function didDocument(siteUrl: string, jwks: Jwks): Record<string, unknown> {
  const did = networkDid(siteUrl);
  const methods = jwks.keys.map((key) => ({ id: `${did}#${key.kid}`, type: 'JsonWebKey', controller: did, publicKeyJwk: key }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
