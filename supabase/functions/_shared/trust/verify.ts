/**
 * What a relying party gets when it pastes something Accord signed (decision
 * 081): a membership credential (SD-JWT VC) or the signed trust list, checked
 * against the network's published keys and, for a credential, its entry in
 * the status list — with one plain reason when it is not valid. The verify
 * page and the verify-credential function both use it; tests check it against
 * credentials tampered in each way.
 */
import { SDJwtInstance, type SdJwtPayload } from '@sd-jwt/core';

import { DISCLOSABLE_CLAIMS, es256Verifier, sha256 } from './credential-format.ts';
import type { Jwks } from './identity.ts';
import { decodeStatusList, type DecodedStatusList, STATUS_VALUES, statusAt } from './status-list.ts';
import { TRUST_LIST_TYPE } from './trust-list.ts';

export type VerdictReason =
  | 'valid'
  | 'malformed'
  | 'unknown_key'
  | 'unknown_issuer'
  | 'signature'
  | 'expired'
  | 'not_yet_valid'
  | 'suspended'
  | 'revoked'
  | 'status_unavailable'
  | 'stale';

export interface Verdict {
  kind: 'credential' | 'trust_list' | 'unknown';
  /** Signed with a key the network publishes, by the network's DID. */
  issuedByAccord: boolean;
  valid: boolean;
  reason: VerdictReason;
  /** The credential's claims the holder disclosed, or the list's sequence and size. */
  disclosed: Record<string, unknown>;
  issuedAt?: number;
  expiresAt?: number;
  kid?: string;
}

export interface VerifyOptions {
  jwks: Jwks;
  issuer: string;
  /** The status list (a compact JWT) at its URI. */
  fetchStatusList?: (uri: string) => Promise<string>;
  /** Seconds since the epoch; now by default. */
  now?: number;
  /**
   * SHA-256 for the disclosures' digests; WebCrypto's by default, which every
   * runtime has. In Node a synchronous one (`digest` from
   * `@sd-jwt/crypto-nodejs`) saves a thread-pool round trip per disclosure,
   * most of what a verification costs once the status list is kept.
   */
  hasher?: (data: string | ArrayBuffer) => Uint8Array | Promise<Uint8Array>;
}

class UnknownKey extends Error {}

function decodePart(part: string | undefined): Record<string, unknown> | null {
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Imported public keys, by their coordinates: importing is a WebCrypto call
 * per key, not per signature, so a verifier that checks many credentials (or
 * a credential and its status list) imports each published key once.
 */
const importedKeys = new Map<string, Promise<(data: string, signature: string) => Promise<boolean>>>();

/** A verifier that takes the key named by the signed header's kid from the published set; an unpublished kid is no key of ours. */
function jwksVerifier(jwks: Jwks) {
  return async (data: string, signature: string) => {
    const kid = decodePart(data.split('.')[0])?.kid;
    const key = jwks.keys.find((k) => k.kid === kid);
    if (!key) throw new UnknownKey(String(kid));
    const id = JSON.stringify([key.kty, key.crv, key.x, key.y]);
    let verifier = importedKeys.get(id);
    if (!verifier) {
      verifier = es256Verifier({ ...key });
      importedKeys.set(id, verifier);
      verifier.catch(() => importedKeys.delete(id));
    }
    return (await verifier)(data, signature);
  };
}

const refused = (kind: Verdict['kind'], reason: VerdictReason, rest: Partial<Verdict> = {}): Verdict => ({
  kind,
  issuedByAccord: !['malformed', 'unknown_key', 'unknown_issuer', 'signature'].includes(reason),
  valid: false,
  reason,
  disclosed: {},
  ...rest,
});

function reasonOf(error: unknown): VerdictReason {
  if (error instanceof UnknownKey) return 'unknown_key';
  const message = error instanceof Error ? error.message : String(error);
  if (/expired/i.test(message)) return 'expired';
  if (/not yet valid/i.test(message)) return 'not_yet_valid';
  if (/Signature/i.test(message)) return 'signature';
  return 'malformed';
}

/**
 * A verifier for many credentials, as a relying party runs one: the published
 * keys imported once, and each status list fetched, signature-checked and
 * inflated once, then kept as its `ttl` allows (never past its `exp`), the
 * status read as two bits of it. `verifyPasted` is one check with nothing
 * kept, so it always reads the status list as published now.
 */
export function createVerifier(options: Omit<VerifyOptions, 'now'>): (pasted: string, now?: number) => Promise<Verdict> {
  const verifier = jwksVerifier(options.jwks);
  const kept = new Map<string, Promise<DecodedStatusList>>();

  const fetchAndDecode = async (uri: string, now: number): Promise<DecodedStatusList> => {
    if (!options.fetchStatusList) throw new Error('no status list');
    const jwt = (await options.fetchStatusList(uri)).trim();
    const [h, p, signature] = jwt.split('.');
    const header = decodePart(h);
    const payload = decodePart(p);
    if (!header || !payload || !signature || header.typ !== 'statuslist+jwt') throw new Error('not a status list');
    // Ours, about this very list, current: a list signed by another key, for another URI or past its exp tells nothing.
    const signed = await verifier(`${h}.${p}`, signature).catch(() => false);
    if (!signed || payload.iss !== options.issuer || payload.sub !== uri) throw new Error('status list not signed by the network for this URI');
    if (typeof payload.exp === 'number' && payload.exp <= now) throw new Error('status list expired');
    return decodeStatusList(payload, now);
  };

  const statusListFor = async (uri: string, now: number): Promise<DecodedStatusList> => {
    const held = kept.get(uri);
    if (held) {
      const list = await held.catch(() => null);
      if (list && list.keepUntil > now) return list;
      if (kept.get(uri) === held) kept.delete(uri);
    }
    const fresh = fetchAndDecode(uri, now);
    kept.set(uri, fresh);
    fresh.catch(() => {
      if (kept.get(uri) === fresh) kept.delete(uri);
    });
    return fresh;
  };

  // The SD-JWT library's core verifier: signature, times and disclosures. Not
  // SDJwtVcInstance's, whose verify also fetches, verifies and fully decodes
  // the status list on every call (the ~45 ms decision 081 measured): the
  // status is read below, from a list kept decoded.
  const sdjwt = new SDJwtInstance<SdJwtPayload>({ verifier, hasher: options.hasher ?? sha256, hashAlg: 'sha-256' });

  return async (pasted, nowArg) => {
    const text = pasted.trim();
    const jwt = text.split('~')[0]!;
    const parts = jwt.split('.');
    const header = decodePart(parts[0]);
    const payload = decodePart(parts[1]);
    if (parts.length !== 3 || !header || !payload) return refused('unknown', 'malformed');
    const kind: Verdict['kind'] = header.typ === TRUST_LIST_TYPE ? 'trust_list' : text.includes('~') ? 'credential' : 'unknown';
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    if (!options.jwks.keys.some((k) => k.kid === kid)) return refused(kind, 'unknown_key', { kid });
    if (payload.iss !== options.issuer) return refused(kind, 'unknown_issuer', { kid });
    const now = nowArg ?? Math.floor(Date.now() / 1000);
    const times = { issuedAt: Number(payload.iat) || undefined, expiresAt: Number(payload.exp) || undefined, kid };

    if (kind === 'trust_list') {
      const ok = await verifier(`${parts[0]}.${parts[1]}`, parts[2]!).catch(() => false);
      if (!ok) return refused(kind, 'signature', times);
      const disclosed = { sequence: payload.sequence, members: Array.isArray(payload.members) ? payload.members.length : 0 };
      if (typeof payload.next_update !== 'number' || payload.next_update < now) return refused(kind, 'stale', { ...times, disclosed });
      return { kind, issuedByAccord: true, valid: true, reason: 'valid', disclosed, ...times };
    }
    if (kind !== 'credential') return refused(kind, 'malformed', times);

    let claims: Record<string, unknown>;
    try {
      claims = (await sdjwt.verify(text, { currentDate: now })).payload as Record<string, unknown>;
    } catch (error) {
      return refused(kind, reasonOf(error), times);
    }
    const disclosed = Object.fromEntries(DISCLOSABLE_CLAIMS.filter((name) => name in claims).map((name) => [name, claims[name]]));
    const rest = { ...times, disclosed };
    // The credential verified; its status is read from the network's list, kept decoded.
    const entry = (claims.status as { status_list?: { idx?: unknown; uri?: unknown } } | undefined)?.status_list;
    let observed: number;
    try {
      if (typeof entry?.uri !== 'string' || typeof entry.idx !== 'number') throw new Error('no status entry');
      observed = statusAt(await statusListFor(entry.uri, now), entry.idx);
    } catch {
      // Unreadable, forged, stale or too short: its status is unknown.
      return refused(kind, 'status_unavailable', times);
    }
    if (observed === STATUS_VALUES.revoked) return refused(kind, 'revoked', rest);
    if (observed === STATUS_VALUES.suspended) return refused(kind, 'suspended', rest);
    if (observed !== STATUS_VALUES.valid) return refused(kind, 'status_unavailable', rest);
    return { kind, issuedByAccord: true, valid: true, reason: 'valid', ...rest };
  };
}

/** One check, nothing kept: the status list is read as published now. */
export async function verifyPasted(pasted: string, options: VerifyOptions): Promise<Verdict> {
  return createVerifier(options)(pasted, options.now);
}

/** The reason in words a person reads (the verify page, the API's `message`). */
export const VERDICT_MESSAGES: Record<VerdictReason, string> = {
  valid: 'Valid: issued by Accord, signature intact, not expired, and the member is in good standing.',
  malformed: 'Not something Accord issues: paste a membership credential or the signed trust list.',
  unknown_key: 'Not issued by Accord: it is signed with a key the network has not published.',
  unknown_issuer: 'Not issued by Accord: it names another issuer.',
  signature: 'Not valid: the signature does not match. It was changed after Accord signed it, or signed by someone else.',
  expired: 'Not valid: it has expired.',
  not_yet_valid: 'Not valid yet: its validity has not started.',
  suspended: 'Not valid: the organisation’s membership is suspended.',
  revoked: 'Not valid: the organisation’s membership has been revoked.',
  status_unavailable: 'Cannot tell: the network’s status list could not be read. Try again shortly.',
  stale: 'Not valid: this trust list is past its next-update time. Fetch the current one.',
};
