import { CompactSign, createLocalJWKSet, errors, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';

import { publicJwkOf } from './identity.ts';
import { trustListClaims, trustListHeader, type TrustListDraft } from './trust-list.ts';

/**
 * A key rotation as decision 080 runs it, checked with jose's own verifier: the
 * new key is published beside the old one before it signs, so lists the old
 * key signed still verify; once the old key is withdrawn (after everything it
 * signed has expired) its lists no longer verify, for want of a key.
 */
async function networkKey(kid: string) {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid };
  return { privateKey, jwk, publicJwk: publicJwkOf(jwk) };
}

const draft = (sequence: number): TrustListDraft => ({
  sequence,
  registry_version: sequence,
  iat: Math.floor(Date.now() / 1000),
  next_update: Math.floor(Date.now() / 1000) + 86_400,
  members: [],
});

async function signList(key: Awaited<ReturnType<typeof networkKey>>, sequence: number): Promise<string> {
  const claims = trustListClaims(draft(sequence), 'did:web:accord.example');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader(trustListHeader(key.jwk.kid)).sign(key.privateKey);
}

const verifyWith = (jws: string, keys: ReturnType<typeof publicJwkOf>[]) =>
  jwtVerify(jws, createLocalJWKSet({ keys }), { issuer: 'did:web:accord.example', typ: 'trust-list+jwt' });

describe('a key rotation', () => {
  it('old and new lists verify while both keys are published; the old key withdrawn, its lists do not', async () => {
    const old = await networkKey('accord-2026-11');
    const next = await networkKey('accord-2027-05');
    const before = await signList(old, 1);

    const published = [old.publicJwk, next.publicJwk];
    const after = await signList(next, 2);
    expect((await verifyWith(before, published)).payload.sequence).toBe(1);
    expect((await verifyWith(after, published)).payload.sequence).toBe(2);

    await expect(verifyWith(before, [next.publicJwk])).rejects.toThrow(errors.JWKSNoMatchingKey);
    expect((await verifyWith(after, [next.publicJwk])).protectedHeader.kid).toBe('accord-2027-05');
  });

  it('a list names its next update as exp, so a stale one is refused by any JOSE library', async () => {
    const key = await networkKey('k');
    const jws = await signList(key, 3);
    const { payload } = await verifyWith(jws, [key.publicJwk]);
    expect(payload.exp).toBe(payload.next_update);
  });
});
