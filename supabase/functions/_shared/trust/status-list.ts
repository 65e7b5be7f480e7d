/**
 * The network's status list (IETF Token Status List, decision 081): 2 bits per
 * credential, 0 valid, 1 invalid (revoked), 2 suspended, compressed and signed
 * as a `statuslist+jwt` with the network's key. Built with
 * `@sd-jwt/jwt-status-list`.
 */
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';

export const STATUS_VALUES = { valid: 0, revoked: 1, suspended: 2 } as const;
/** Seconds a verifier may cache the list (the list's own `ttl`, and the file's Cache-Control). */
export const STATUS_LIST_TTL = 60;

export interface StatusListDraft {
  size: number;
  iat: number;
  exp: number;
  entries: [number, number][];
}

export function statusListToken(draft: StatusListDraft, issuer: string, uri: string, kid: string) {
  const list = new StatusList(new Array<number>(draft.size).fill(0), 2);
  for (const [index, status] of draft.entries) list.setStatus(index, status);
  return createHeaderAndPayload(
    list,
    { iss: issuer, sub: uri, iat: draft.iat, exp: draft.exp, ttl: STATUS_LIST_TTL },
    { alg: 'ES256', typ: 'statuslist+jwt', kid },
  );
}

/**
 * A fetched status list as a relying party keeps it: the compressed `lst`
 * inflated once into its bytes, read two bits at a time for the one index a
 * credential names — never expanded into an array of every entry, which is
 * what made each verification cost ~45 ms (decision 081's measurement). With
 * the list's `ttl` and `exp`, a verifier knows how long it may keep it.
 */
export interface DecodedStatusList {
  bits: 1 | 2 | 4 | 8;
  bytes: Uint8Array;
  /** Entries the list holds. */
  size: number;
  /** Seconds since the epoch after which it must be fetched again: its `ttl` after fetching, never past its `exp`. */
  keepUntil: number;
}

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** zlib (RFC 1950) as the Token Status List compresses `lst`, with the platform's own DecompressionStream (Node, Deno and browsers all have it). */
async function inflate(compressed: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([compressed as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The verified payload's `status_list` decoded; throws on anything that is not a well-formed list. */
export async function decodeStatusList(payload: Record<string, unknown>, fetchedAt: number): Promise<DecodedStatusList> {
  const list = payload.status_list as { bits?: unknown; lst?: unknown } | undefined;
  const bits = list?.bits;
  if (bits !== 1 && bits !== 2 && bits !== 4 && bits !== 8) throw new Error('Status List: bits must be 1, 2, 4 or 8');
  if (typeof list?.lst !== 'string') throw new Error('Status List: lst missing');
  const bytes = await inflate(fromBase64url(list.lst));
  const ttl = typeof payload.ttl === 'number' && payload.ttl > 0 ? payload.ttl : 0;
  const exp = typeof payload.exp === 'number' ? payload.exp : Number.POSITIVE_INFINITY;
  return { bits, bytes, size: (bytes.length * 8) / bits, keepUntil: Math.min(fetchedAt + ttl, exp) };
}

/** The status at `index` (draft-ietf-oauth-status-list: entries packed from each byte's least significant bit). */
export function statusAt(list: DecodedStatusList, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= list.size) throw new Error('Status List: index out of range');
  const bit = index * list.bits;
  return (list.bytes[bit >> 3]! >> (bit & 7)) & ((1 << list.bits) - 1);
}
