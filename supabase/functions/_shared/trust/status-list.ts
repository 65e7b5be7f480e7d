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
