/**
 * A membership credential (SD-JWT VC) with a year more of validity written
 * into its signed part and the issuer's signature kept: what a holder who
 * edits the file produces. Every verifier must refuse it for its signature.
 */
export function withLongerExpiry(credential: string): string {
  const [jwt, ...disclosures] = credential.split('~');
  const [header, payload, signature] = jwt!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number };
  claims.exp += 365 * 86_400;
  return [[header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.'), ...disclosures].join('~');
}
