/**
 * What a relying party gets when it pastes something Accord signed (decision
 * 081): a membership credential (SD-JWT VC) or the signed trust list, checked
 * against the network's published keys and, for a credential, its entry in
 * the status list — with one plain reason when it is not valid. The verify
 * page and the verify-credential function both use it; tests check it against
 * credentials tampered in each way.
 */
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';

import { DISCLOSABLE_CLAIMS, es256Verifier, sha256 } from './credential.ts';
import type { Jwks } from './identity.ts';
import { STATUS_VALUES } from './status-list.ts';
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

/** A verifier that takes the key named by the signed header's kid from the published set; an unpublished kid is no key of ours. */
function jwksVerifier(jwks: Jwks) {
  return async (data: string, signature: string) => {
    const kid = decodePart(data.split('.')[0])?.kid;
    const key = jwks.keys.find((k) => k.kid === kid);
    if (!key) throw new UnknownKey(String(kid));
    return (await es256Verifier({ ...key }))(data, signature);
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

export async function verifyPasted(pasted: string, options: VerifyOptions): Promise<Verdict> {
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
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const times = { issuedAt: Number(payload.iat) || undefined, expiresAt: Number(payload.exp) || undefined, kid };

  if (kind === 'trust_list') {
    const ok = await jwksVerifier(options.jwks)(`${parts[0]}.${parts[1]}`, parts[2]!).catch(() => false);
    if (!ok) return refused(kind, 'signature', times);
    const disclosed = { sequence: payload.sequence, members: Array.isArray(payload.members) ? payload.members.length : 0 };
    if (typeof payload.next_update !== 'number' || payload.next_update < now) return refused(kind, 'stale', { ...times, disclosed });
    return { kind, issuedByAccord: true, valid: true, reason: 'valid', disclosed, ...times };
  }
  if (kind !== 'credential') return refused(kind, 'malformed', times);

  let observed: number | undefined;
  let statusProblem = false;
  const verifier = jwksVerifier(options.jwks);
  const sdjwt = new SDJwtVcInstance({
    verifier,
    statusVerifier: verifier,
    hasher: sha256,
    hashAlg: 'sha-256',
    statusListFetcher: async (uri) => {
      try {
        if (!options.fetchStatusList) throw new Error('no status list');
        return await options.fetchStatusList(uri);
      } catch (error) {
        statusProblem = true;
        throw error;
      }
    },
    statusValidator: async (status) => {
      observed = status;
    },
  });
  try {
    const result = await sdjwt.verify(text, { currentDate: now });
    const claims = result.payload as Record<string, unknown>;
    const disclosed = Object.fromEntries(DISCLOSABLE_CLAIMS.filter((name) => name in claims).map((name) => [name, claims[name]]));
    const rest = { ...times, disclosed };
    if (observed === STATUS_VALUES.revoked) return refused(kind, 'revoked', rest);
    if (observed === STATUS_VALUES.suspended) return refused(kind, 'suspended', rest);
    if (observed !== STATUS_VALUES.valid) return refused(kind, 'status_unavailable', rest);
    return { kind, issuedByAccord: true, valid: true, reason: 'valid', ...rest };
  } catch (error) {
    // The credential verified; the status list did not (unreadable, forged or stale): its status is unknown.
    if (statusProblem || (error instanceof Error && /Status List/i.test(error.message))) {
      return refused(kind, 'status_unavailable', times);
    }
    return refused(kind, reasonOf(error), times);
  }
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
