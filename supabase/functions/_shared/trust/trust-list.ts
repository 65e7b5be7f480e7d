/**
 * The signed trust list's shape (decision 081), library-free so the Edge
 * Function that signs it, the bench and the verify page agree on it. The list
 * is a JWT: `exp` is its next-update time, so any JOSE library refuses a stale
 * list by itself, and `next_update` says the same in the list's own words.
 */
export const TRUST_LIST_TYPE = 'trust-list+jwt';
/** How long a relying party may cache the published file (seconds); a change is published within a minute anyway. */
export const TRUST_LIST_MAX_AGE = 60;

export interface TrustListMember {
  id: string;
  name: string;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  domain: string | null;
  status: 'active' | 'suspended' | 'revoked';
  status_effective_from: string;
  member_since: string | null;
  status_history: { status: string; effective_from: string }[];
  verified_schemas: { id: string; name: string; version: number | string; assurance_level: string; status: string }[];
}

/** What trust_list_draft() returns when a list is due. */
export interface TrustListDraft {
  sequence: number;
  registry_version: number;
  iat: number;
  next_update: number;
  members: TrustListMember[];
}

export interface TrustListClaims {
  iss: string;
  iat: number;
  exp: number;
  next_update: number;
  sequence: number;
  members: TrustListMember[];
}

export function trustListClaims(draft: TrustListDraft, issuer: string): TrustListClaims {
  return { iss: issuer, iat: draft.iat, exp: draft.next_update, next_update: draft.next_update, sequence: draft.sequence, members: draft.members };
}

export function trustListHeader(kid: string): { alg: 'ES256'; kid: string; typ: string } {
  return { alg: 'ES256', kid, typ: TRUST_LIST_TYPE };
}
