import { getListFromStatusListJWT, StatusList } from '@sd-jwt/jwt-status-list';
import fc from 'fast-check';
import { base64url, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { decodeStatusList, statusAt, statusListToken } from './status-list.ts';

/**
 * The verifier's own status-list reader (decision 081): it inflates a list once
 * and reads two bits per credential instead of expanding every entry. Checked
 * against the status-list library's reader, which the issuing side's format
 * comes from, on lists of any content; and it keeps a list only as long as
 * the list's ttl allows, never past its exp.
 */
const decodeJwt = (jwt: string) => JSON.parse(new TextDecoder().decode(base64url.decode(jwt.split('.')[1]!))) as Record<string, unknown>;

describe('the status list reader', () => {
  it('reads every index as the library does, for lists of any content', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(4095), fc.integer({ min: 1, max: 2 })), { maxLength: 60 }), fc.array(fc.nat(4095), { minLength: 1, maxLength: 20 }), async (entries, probes) => {
        const { header, payload } = statusListToken({ size: 4096, iat: 1_800_000_000, exp: 1_800_086_400, entries }, 'did:web:x', 'https://x/status-list.jwt', 'k');
        const jwt = new UnsecuredJWT(payload).encode().replace(/^[^.]+/, base64url.encode(JSON.stringify(header)));
        const library = getListFromStatusListJWT(jwt);
        const ours = await decodeStatusList(decodeJwt(jwt), 1_800_000_000);
        for (const index of [...probes, ...entries.map(([i]) => i)]) expect(statusAt(ours, index)).toBe(library.getStatus(index));
      }),
      { numRuns: 30 },
    );
  });

  it('is kept for its ttl, never past its exp, and refuses an index it does not hold', async () => {
    const list = new StatusList(new Array<number>(16).fill(0), 2);
    const lst = list.compressStatusList();
    expect((await decodeStatusList({ status_list: { bits: 2, lst }, ttl: 60, exp: 2_000 }, 1_000)).keepUntil).toBe(1_060);
    expect((await decodeStatusList({ status_list: { bits: 2, lst }, ttl: 60, exp: 1_030 }, 1_000)).keepUntil).toBe(1_030);
    // Without a ttl it is read afresh each time.
    expect((await decodeStatusList({ status_list: { bits: 2, lst }, exp: 2_000 }, 1_000)).keepUntil).toBe(1_000);
    const decoded = await decodeStatusList({ status_list: { bits: 2, lst } }, 1_000);
    expect(() => statusAt(decoded, decoded.size)).toThrow('index out of range');
    await expect(decodeStatusList({ status_list: { bits: 3, lst } }, 1_000)).rejects.toThrow('bits');
  });
});
