import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, createLocalJWKSet } from 'jose';
import { describe, expect, it } from 'vitest';

import { devKeys, ROOT_DIR } from '../../supabase/local/config.ts';
import { networkDid } from '../../supabase/functions/_shared/trust/identity.ts';
import { publishedKeys, wellKnownFiles } from './trust-well-known.ts';

/**
 * What the build publishes at /.well-known/ (decision 080): the public half of
 * the key the functions sign with, never its private member; a DID document
 * named after the origin; and a hosted build that would otherwise publish the
 * development key fails instead.
 */
describe('the published network keys', () => {
  it('a local build publishes the development signing key, public half only, and it verifies what that key signs', async () => {
    const jwks = publishedKeys({ VITE_SUPABASE_URL: 'http://localhost:54321' }, ROOT_DIR);
    const signing = devKeys().trustSigningKey;
    expect(jwks.keys.map((k) => k.kid)).toEqual([signing.kid]);
    expect(JSON.stringify(jwks)).not.toContain(String(signing.d));

    const token = await new SignJWT({ hello: 'world' })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .sign(await importJWK(signing, 'ES256'));
    const { payload } = await jwtVerify(token, createLocalJWKSet(JSON.parse(wellKnownFiles(jwks, 'http://localhost:5173')['jwks.json'])));
    expect(payload.hello).toBe('world');
  });

  it('a build for a hosted backend without ACCORD_TRUST_JWKS fails rather than publish the development key', () => {
    expect(() => publishedKeys({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, ROOT_DIR)).toThrow(/ACCORD_TRUST_JWKS is not set/);
  });

  it('ACCORD_TRUST_JWKS holding a private key is refused; old and new public keys are published side by side', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const priv = { ...(await exportJWK(privateKey)), kid: 'new' };
    expect(() => publishedKeys({ ACCORD_TRUST_JWKS: JSON.stringify({ keys: [priv] }) }, ROOT_DIR)).toThrow(/private key \(new\)/);

    const { d: _d, ...pub } = priv;
    const old = publishedKeys({ VITE_SUPABASE_URL: 'http://localhost:54321' }, ROOT_DIR).keys[0]!;
    const both = publishedKeys({ ACCORD_TRUST_JWKS: JSON.stringify({ keys: [old, pub] }), VITE_SUPABASE_URL: 'https://abc.supabase.co' }, ROOT_DIR);
    expect(both.keys.map((k) => k.kid)).toEqual([old.kid, 'new']);
  });

  it('the DID document is did:web of the origin (a port percent-encoded) and lists every published key for assertions', () => {
    const jwks = publishedKeys({}, ROOT_DIR);
    const doc = JSON.parse(wellKnownFiles(jwks, 'http://localhost:5173')['did.json']) as {
      id: string;
      verificationMethod: { id: string; publicKeyJwk: { kid: string } }[];
      assertionMethod: string[];
    };
    expect(doc.id).toBe('did:web:localhost%3A5173');
    expect(networkDid('https://accord.example/')).toBe('did:web:accord.example');
    expect(doc.verificationMethod[0]!.publicKeyJwk.kid).toBe(jwks.keys[0]!.kid);
    expect(doc.assertionMethod).toEqual([`did:web:localhost%3A5173#${jwks.keys[0]!.kid}`]);
  });
});
