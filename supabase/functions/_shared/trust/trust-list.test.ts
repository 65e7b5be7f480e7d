import { CompactSign, createLocalJWKSet, errors, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';

import { publicJwkOf } from './identity.ts';
import { MEMBER_FIELDS, readMember, SCHEMA_FIELDS, type TrustListClaims, trustListHeader, trustListPayload, type TrustListDraft } from './trust-list.ts';

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
  statuses: ['active', 'suspended', 'revoked'],
  schema_fields: [...SCHEMA_FIELDS],
  schemas: [['5eed0000-0000-4000-8000-000000000501', 'Passport', '1.0', 'high', 'active']],
  member_fields: [...MEMBER_FIELDS],
  member_count: 2,
  members: JSON.stringify([
    ['0b6f1c1e-7d0a-4c1e-9b53-1f7a4c2d9e01', 'Harbour Clinic', 'Harbour Clinic Ltd', 'HC-1', 'GB', 'harbour.example', 0, 1_790_000_000, 1_790_000_000, [], [0]],
    ['0b6f1c1e-7d0a-4c1e-9b53-1f7a4c2d9e02', 'Quay Bank', null, null, null, null, 1, 1_790_500_000, 1_790_000_000, [[0, 1_790_000_000], [1, 1_790_500_000]], []],
  ]),
});

async function signList(key: Awaited<ReturnType<typeof networkKey>>, sequence: number): Promise<string> {
  return new CompactSign(new TextEncoder().encode(trustListPayload(draft(sequence), 'did:web:accord.example'))).setProtectedHeader(trustListHeader(key.jwk.kid)).sign(key.privateKey);
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

describe('a member as published', () => {
  it('reads back by the list’s own field names: statuses and schemas spelt out, times as dates, an empty history the current status alone', () => {
    const list = JSON.parse(trustListPayload(draft(1), 'did:web:accord.example')) as TrustListClaims;
    expect(list).toMatchObject({ iss: 'did:web:accord.example', sequence: 1, statuses: ['active', 'suspended', 'revoked'] });
    expect(list.exp).toBe(list.next_update);
    expect(readMember(list, list.members[0]!)).toEqual({
      id: '0b6f1c1e-7d0a-4c1e-9b53-1f7a4c2d9e01',
      name: 'Harbour Clinic',
      legal_name: 'Harbour Clinic Ltd',
      registration_number: 'HC-1',
      country: 'GB',
      domain: 'harbour.example',
      status: 'active',
      status_effective_from: '2026-09-21T14:13:20.000Z',
      member_since: '2026-09-21T14:13:20.000Z',
      status_history: [{ status: 'active', effective_from: '2026-09-21T14:13:20.000Z' }],
      verified_schemas: [{ id: '5eed0000-0000-4000-8000-000000000501', name: 'Passport', version: '1.0', assurance_level: 'high', status: 'active' }],
    });
    expect(readMember(list, list.members[1]!)).toMatchObject({
      status: 'suspended',
      legal_name: null,
      status_history: [
        { status: 'active', effective_from: '2026-09-21T14:13:20.000Z' },
        { status: 'suspended', effective_from: '2026-09-27T09:06:40.000Z' },
      ],
      verified_schemas: [],
    });
  });
});
