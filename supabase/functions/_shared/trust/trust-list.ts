/**
 * The signed trust list's shape (decision 081), library-free so the Edge
 * Function that signs it, the bench, the tests and the verify page agree on
 * it. The list is a JWT: `exp` is its next-update time, so any JOSE library
 * refuses a stale list by itself, and `next_update` says the same in the
 * list's own words.
 *
 * Compact, so 100,000 members fit the 20 MB: each member is an array
 * in `member_fields`' order, a status is an index into `statuses`, a verified
 * schema an index into `schemas` (arrays in `schema_fields`' order), times
 * are epoch seconds. `readMember` turns an entry back into named fields.
 */
export const TRUST_LIST_TYPE = 'trust-list+jwt';
/** How long a relying party may cache the published file (seconds); a change is published within a minute anyway. */
export const TRUST_LIST_MAX_AGE = 60;

export const MEMBER_FIELDS = [
  'id',
  'name',
  'legal_name',
  'registration_number',
  'country',
  'domain',
  'status',
  'status_effective_from',
  'member_since',
  'status_history',
  'verified_schemas',
] as const;
export const SCHEMA_FIELDS = ['id', 'name', 'version', 'assurance_level', 'status'] as const;

/** One member as published: [id, name, legal_name, registration_number, country, domain, status, status_effective_from, member_since, status_history, verified_schemas]. */
export type TrustListEntry = [
  id: string,
  name: string,
  legalName: string | null,
  registrationNumber: string | null,
  country: string | null,
  domain: string | null,
  status: number,
  statusEffectiveFrom: number,
  memberSince: number | null,
  /** [status, effective_from] pairs, oldest first; empty when the only change is the current status. */
  statusHistory: [number, number][],
  verifiedSchemas: number[],
];

/** What trust_list_draft() returns when a list is due: the members as the JSON text of their array, to be signed as it is. */
export interface TrustListDraft {
  sequence: number;
  registry_version: number;
  iat: number;
  next_update: number;
  statuses: string[];
  schema_fields: string[];
  schemas: [string, string, string, string, string][];
  member_fields: string[];
  member_count: number;
  members: string;
}

/** The signed payload, parsed. */
export interface TrustListClaims extends Omit<TrustListDraft, 'registry_version' | 'member_count' | 'members'> {
  iss: string;
  exp: number;
  members: TrustListEntry[];
}

/**
 * The payload to sign, as JSON text: the small claims written out, the
 * members' JSON spliced in as the database wrote it (a 100,000-member list
 * is 15 MB; parsing and rewriting it cost seconds). Refuses members that are
 * not a JSON array's text, so nothing else can be spliced in.
 */
export function trustListPayload(draft: TrustListDraft, issuer: string): string {
  const members = draft.members.trim();
  if (!members.startsWith('[') || !members.endsWith(']')) throw new Error('trust_list_draft gave members that are not a JSON array');
  const head = {
    iss: issuer,
    iat: draft.iat,
    exp: draft.next_update,
    next_update: draft.next_update,
    sequence: draft.sequence,
    statuses: draft.statuses,
    schema_fields: draft.schema_fields,
    schemas: draft.schemas,
    member_fields: draft.member_fields,
  };
  return `${JSON.stringify(head).slice(0, -1)},"members":${members}}`;
}

export function trustListHeader(kid: string): { alg: 'ES256'; kid: string; typ: string } {
  return { alg: 'ES256', kid, typ: TRUST_LIST_TYPE };
}

/** A member with its fields named, its statuses and schemas spelt out, its times as ISO 8601. */
export interface TrustListMember {
  id: string;
  name: string;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  domain: string | null;
  status: string;
  status_effective_from: string;
  member_since: string | null;
  status_history: { status: string; effective_from: string }[];
  verified_schemas: Record<(typeof SCHEMA_FIELDS)[number], string>[];
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** An entry read by the list's own field names, as a relying party would. */
export function readMember(list: Pick<TrustListClaims, 'statuses' | 'schema_fields' | 'schemas' | 'member_fields'>, entry: unknown[]): TrustListMember {
  const field = (name: (typeof MEMBER_FIELDS)[number]) => entry[list.member_fields.indexOf(name)];
  const schema = (position: number) =>
    Object.fromEntries(list.schema_fields.map((name, i) => [name, list.schemas[position]![i]!])) as TrustListMember['verified_schemas'][number];
  const history = field('status_history') as [number, number][];
  const status = list.statuses[field('status') as number]!;
  const effectiveFrom = field('status_effective_from') as number;
  const memberSince = field('member_since') as number | null;
  return {
    id: field('id') as string,
    name: field('name') as string,
    legal_name: field('legal_name') as string | null,
    registration_number: field('registration_number') as string | null,
    country: field('country') as string | null,
    domain: field('domain') as string | null,
    status,
    status_effective_from: iso(effectiveFrom),
    member_since: memberSince === null ? null : iso(memberSince),
    // An empty history is the current status alone.
    status_history:
      history.length === 0
        ? [{ status, effective_from: iso(effectiveFrom) }]
        : history.map(([s, at]) => ({ status: list.statuses[s]!, effective_from: iso(at) })),
    verified_schemas: (field('verified_schemas') as number[]).map(schema),
  };
}
