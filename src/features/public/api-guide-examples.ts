/**
 * The API guide's examples as data: the page renders them, and
 * tests/db/api-guide.test.ts runs every `curl` line for real against the test
 * stack (with its address and anon key) and checks that the answer is the one
 * printed here. Dates are relative to today because the local demo registry's
 * history is (supabase/seed.sql); timestamps in answers are checked for their
 * form, not their value.
 */

/** The local stack's gateway, as `npm start` serves it. */
export const LOCAL_BASE_URL = 'http://localhost:54321';
export const HOSTED_BASE_URL = 'https://<project-ref>.supabase.co';

export interface ApiParameter {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ApiResponse {
  /** HTTP status; shown when the example's curl asks for headers (-i). */
  status: number;
  /** Headers worth seeing (with -i), e.g. Content-Range. */
  headers?: Record<string, string>;
  body: unknown;
}

export interface ApiExample {
  /** Anchor on the page, e.g. #registry-search. */
  id: string;
  title: string;
  summary: string;
  method: 'GET' | 'POST';
  path: string;
  parameters: ApiParameter[];
  /** What the example asks, in words. */
  caption: string;
  /** A shell command; $ANON_KEY is the project's anon key. */
  curl: string;
  response: ApiResponse;
  /**
   * Fields whose values depend on the live registry (counts that grow as
   * members join): the test checks their type, not their value.
   */
  variable?: string[];
}

const DAY_MS = 86_400_000;
/** A UTC calendar day, n days ago: the form registry_status_on takes. */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * DAY_MS).toISOString().slice(0, 10);
}

const VOYAGES_LUMIERE = '5eed0000-0000-4000-8000-000000000105';
const PASSPORT_SCHEMA = '5eed0000-0000-4000-8000-000000000501';
const SUSPENDED_DAY = daysAgo(100);
const TODAY = daysAgo(0);

// Timestamps in the answers below are examples of the form the API returns.
const T = (daysBack: number) => `${daysAgo(daysBack)}T09:30:00.000000+00:00`;

/** Columns of every registry row, for the reference table. */
export const REGISTRY_COLUMNS: { name: string; type: string; description: string }[] = [
  { name: 'id', type: 'uuid', description: 'The organisation’s registry identifier. Stable; use it for status checks.' },
  { name: 'name', type: 'text', description: 'The name the organisation is known by.' },
  { name: 'legal_name', type: 'text or null', description: 'The name on its company register entry.' },
  { name: 'registration_number', type: 'text or null', description: 'Its number in the national company register of country.' },
  { name: 'country', type: 'text or null', description: 'Country of registration, ISO 3166-1 alpha-2 (e.g. NL).' },
  { name: 'website', type: 'text or null', description: 'Its website as it gave it.' },
  { name: 'domain', type: 'text or null', description: 'The website’s host without www., as registry_by_domain matches it.' },
  {
    name: 'sector',
    type: 'text or null',
    description:
      'One of education, healthcare, financial_services, public_sector, travel, recruitment, technology, legal, real_estate, retail, telecommunications, other.',
  },
  { name: 'size', type: 'text or null', description: 'Head-count band: 1-9, 10-49, 50-249, 250-999 or 1000+.' },
  { name: 'description', type: 'text or null', description: 'What the organisation does, in its own words.' },
  {
    name: 'logo_path',
    type: 'text or null',
    description: 'Its logo in public storage: <base URL>/storage/v1/object/public/brand_assets/<logo_path>.',
  },
  { name: 'status', type: 'text', description: 'active, suspended or revoked: its standing now.' },
  { name: 'status_effective_from', type: 'timestamp', description: 'When the current status took effect (UTC).' },
  {
    name: 'member_since',
    type: 'timestamp or null',
    description: 'When its current membership began: the approval. A reinstatement after a suspension continues it.',
  },
  {
    name: 'status_history',
    type: 'array',
    description: 'Every status change, oldest first, as {status, effective_from}. Reasons are not published.',
  },
  {
    name: 'contact_email',
    type: 'text or null',
    description: 'The public contact e-mail address the organisation chose to publish; null when it has not given one.',
  },
  {
    name: 'verification_schemas',
    type: 'array',
    description:
      'The verification schemas the network recognises that this organisation declared it verifies, sorted by name, as {id, name, version, assurance_level (low, substantial or high), status (active, or deprecated: no longer recognised for new checks), declared_at, activated_at, deprecated_at}. Empty when it has declared none.',
  },
];

/** The fields of registry_verifies's answer, for the reference table. */
export const VERIFICATION_FIELDS: { name: string; type: string; description: string }[] = [
  { name: 'organization_id, organization_name', type: 'uuid, text', description: 'The organisation asked about.' },
  { name: 'schema_id, schema_name, schema_version', type: 'uuid, text, text', description: 'The verification schema asked about.' },
  { name: 'on_time', type: 'timestamp', description: 'The moment the answer is for (UTC): p_on, or now.' },
  {
    name: 'authorized',
    type: 'boolean',
    description:
      'true only when, at on_time, the organisation was an active member, had declared the schema, and the network recognised the schema (active).',
  },
  {
    name: 'reason',
    type: 'text or null',
    description:
      'Why not, when authorized is false: not_a_member (before its first approval), suspended, revoked, not_declared, withdrawn, schema_not_yet_active or schema_deprecated — the first that applies, in that order. null when authorized.',
  },
  {
    name: 'declaration_status',
    type: 'text',
    description: 'declared, withdrawn (it had declared the schema, and withdrew before on_time) or not_declared, at on_time.',
  },
  {
    name: 'effective_from, effective_until',
    type: 'timestamp, timestamp or null',
    description:
      'The period of the declaration in force at on_time, or of the last one that ended before it: from when the organisation declared the schema until it withdrew it (null while it still declares it). Both null when it had never declared it.',
  },
  {
    name: 'registry_status, registry_status_effective_from',
    type: 'text or null, timestamp or null',
    description: 'Its registry status at on_time (active, suspended or revoked) and when that status took effect; null before its first approval.',
  },
  {
    name: 'schema_status',
    type: 'text',
    description: 'The schema’s status at on_time: draft (not yet recognised), active or deprecated (no longer recognised for checks).',
  },
  { name: 'schema_activated_at, schema_deprecated_at', type: 'timestamp or null', description: 'When the network activated and deprecated the schema.' },
];

/** Voyages Lumière's declared schemas in the demo registry (supabase/seed.sql). */
const VOYAGES_SCHEMAS = [
  {
    id: '5eed0000-0000-4000-8000-000000000502',
    name: 'National identity card',
    version: '2.0',
    assurance_level: 'substantial',
    status: 'active',
    declared_at: T(140),
    activated_at: T(150),
    deprecated_at: null,
  },
  {
    id: '5eed0000-0000-4000-8000-000000000501',
    name: 'Passport',
    version: '1.0',
    assurance_level: 'high',
    status: 'active',
    declared_at: T(180),
    activated_at: T(290),
    deprecated_at: null,
  },
];

export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'registry-search',
    title: 'Search the registry',
    summary:
      'Organisations in the registry, sorted by name. Without parameters it returns every organisation the network has approved, whatever its status now, so a suspended or revoked member is still found — with that status.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_search',
    parameters: [
      {
        name: 'p_query',
        type: 'text',
        required: false,
        description: 'Part of the name or legal name. Case and accents do not matter: lumiere finds Voyages Lumière.',
      },
      { name: 'p_sector', type: 'text', required: false, description: 'Only this sector (the values are listed under What a registry entry contains).' },
      { name: 'p_country', type: 'text', required: false, description: 'Only this country of registration, ISO 3166-1 alpha-2.' },
      { name: 'p_status', type: 'text', required: false, description: 'Only this status: active, suspended or revoked.' },
      { name: 'select', type: 'text', required: false, description: 'The columns you want, comma-separated; all when absent.' },
    ],
    caption: 'Find an organisation by part of its name, and keep only the columns you need.',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_search?p_query=lumiere&select=id,name,country,status" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: [{ id: VOYAGES_LUMIERE, name: 'Voyages Lumière', country: 'FR', status: 'active' }],
    },
  },
  {
    id: 'pagination',
    title: 'Filter, page and count',
    summary:
      'Every list can be paged. Ask for rows with the Range header (GET) or with limit and offset in the address (GET and POST), and for the total with Prefer: count=exact; the total is the number after the slash in Content-Range. A page that starts past the end answers 416 with the total.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_search',
    parameters: [
      { name: 'Range', type: 'header', required: false, description: 'Rows from-to, zero-based and inclusive, e.g. 0-19.' },
      { name: 'limit, offset', type: 'query', required: false, description: 'The same, in the address: limit=20&offset=40.' },
      { name: 'Prefer: count=exact', type: 'header', required: false, description: 'Adds the total to Content-Range.' },
    ],
    caption: 'The first active member registered in the Netherlands, and how many there are.',
    curl: `curl -s -i "${LOCAL_BASE_URL}/rest/v1/rpc/registry_search?p_country=NL&p_status=active&select=name,sector" \\
  -H "apikey: $ANON_KEY" \\
  -H "Range: 0-0" \\
  -H "Prefer: count=exact"`,
    response: {
      status: 206,
      headers: { 'Content-Range': '0-0/2' },
      body: [{ name: 'Deltaland University of Applied Sciences', sector: 'education' }],
    },
  },
  {
    id: 'registry-by-id',
    title: 'One organisation by its identifier',
    summary:
      'The full public entry of one organisation, with its status history. An identifier no approved organisation has returns an empty list; one that is not a UUID is an error (400).',
    method: 'GET',
    path: '/rest/v1/rpc/registry_by_id',
    parameters: [{ name: 'p_id', type: 'uuid', required: true, description: 'The registry identifier.' }],
    caption: 'A member that was suspended and then reinstated.',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_by_id?p_id=${VOYAGES_LUMIERE}" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: [
        {
          id: VOYAGES_LUMIERE,
          name: 'Voyages Lumière',
          legal_name: 'Voyages Lumière SAS',
          registration_number: '912345678',
          country: 'FR',
          website: 'https://www.voyages-lumiere.example',
          domain: 'voyages-lumiere.example',
          sector: 'travel',
          size: '50-249',
          description:
            'A tour operator in Lyon that checks travellers\' documents before cross-border trips, so hotel check-in takes seconds.',
          logo_path: null,
          status: 'active',
          status_effective_from: T(75),
          member_since: T(186),
          status_history: [
            { status: 'active', effective_from: T(186) },
            { status: 'suspended', effective_from: T(120) },
            { status: 'active', effective_from: T(75) },
          ],
          contact_email: 'bonjour@voyages-lumiere.example',
          verification_schemas: VOYAGES_SCHEMAS,
        },
      ],
    },
  },
  {
    id: 'verification-schemas',
    title: 'Which checks does it verify?',
    summary:
      'Each member declares which of the network’s verification schemas it verifies (a passport read by its chip, a diploma confirmed with its issuer…), each at a level of assurance of the trust framework. Every registry function returns them in verification_schemas; ask for that column alone with select. A schema the network has since deprecated stays listed, with status deprecated and the date; schemas still in draft are never listed.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_by_id',
    parameters: [
      { name: 'p_id', type: 'uuid', required: true, description: 'The registry identifier.' },
      { name: 'select', type: 'text', required: false, description: 'name,verification_schemas for just the declarations.' },
    ],
    caption: 'The schemas Voyages Lumière verifies.',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_by_id?p_id=${VOYAGES_LUMIERE}&select=name,verification_schemas" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: [{ name: 'Voyages Lumière', verification_schemas: VOYAGES_SCHEMAS }],
    },
  },
  {
    id: 'registry-verifies',
    title: 'Does it verify this schema?',
    summary:
      'The question a relying party asks before it accepts another member’s check, in the spirit of the Trust over IP Trust Registry Query Protocol’s authorisation queries: is this organisation authorised, in this registry, to verify documents under this schema? One object, not a list. authorized is true only when the organisation is an active member, has declared the schema and the network recognises the schema; reason says why not, and the answer carries the declaration’s effective dates. Only organisations in the registry are answered about: any other identifier (unknown, or an application not approved) is the error organization_not_in_registry, and a schema the network has not published is schema_not_found.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_verifies',
    parameters: [
      { name: 'p_organization_id', type: 'uuid', required: true, description: 'The registry identifier.' },
      { name: 'p_schema_id', type: 'uuid', required: true, description: 'The schema’s identifier, as verification_schemas lists it.' },
      {
        name: 'p_on',
        type: 'timestamp',
        required: false,
        description: 'The moment to answer for, ISO 8601 (a date alone is the start of that day, UTC). Now when absent.',
      },
    ],
    caption: 'Does Voyages Lumière verify passports (Passport 1.0) now?',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_verifies?p_organization_id=${VOYAGES_LUMIERE}&p_schema_id=${PASSPORT_SCHEMA}" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: {
        organization_id: VOYAGES_LUMIERE,
        organization_name: 'Voyages Lumière',
        schema_id: PASSPORT_SCHEMA,
        schema_name: 'Passport',
        schema_version: '1.0',
        on_time: T(0),
        authorized: true,
        reason: null,
        declaration_status: 'declared',
        effective_from: T(180),
        effective_until: null,
        registry_status: 'active',
        registry_status_effective_from: T(75),
        schema_status: 'active',
        schema_activated_at: T(290),
        schema_deprecated_at: null,
      },
    },
  },
  {
    id: 'registry-verifies-on',
    title: 'Did it verify this schema on a date?',
    summary:
      'For a check made in the past, give p_on: the answer is the registry as it stood at that moment. A member that was suspended then was not authorised then, even though it had declared the schema and is active again now.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_verifies',
    parameters: [],
    caption: `Voyages Lumière and passports on ${SUSPENDED_DAY}, during its suspension.`,
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_verifies?p_organization_id=${VOYAGES_LUMIERE}&p_schema_id=${PASSPORT_SCHEMA}&p_on=${SUSPENDED_DAY}&select=authorized,reason,declaration_status,effective_from,registry_status,registry_status_effective_from" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: {
        authorized: false,
        reason: 'suspended',
        declaration_status: 'declared',
        effective_from: T(180),
        registry_status: 'suspended',
        registry_status_effective_from: T(120),
      },
    },
  },
  {
    id: 'registry-verifies-unknown',
    title: 'An organisation not in the registry',
    summary:
      'Asked about an identifier that is not in the registry, registry_verifies answers 404 Not Found with code P0002 and the message organization_not_in_registry — the same for an identifier nobody has and for an organisation whose application is pending or was rejected. An unknown schema is schema_not_found.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_verifies',
    parameters: [],
    caption: 'An identifier no member has.',
    curl: `curl -s -i "${LOCAL_BASE_URL}/rest/v1/rpc/registry_verifies?p_organization_id=00000000-0000-4000-8000-000000000000&p_schema_id=${PASSPORT_SCHEMA}" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 404,
      body: {
        code: 'P0002',
        details: 'No organisation in the trust registry has this identifier.',
        hint: null,
        message: 'organization_not_in_registry',
      },
    },
  },
  {
    id: 'registry-by-domain',
    title: 'Look up by website domain',
    summary:
      'Who runs a website? Give a domain or a whole address: the scheme, www., port, path and letter case are ignored, and a subdomain matches its organisation (verify.grachtenbank.example finds Grachtenbank). A public suffix such as co.uk or github.io, or a single label, belongs to nobody in particular and finds nothing.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_by_domain',
    parameters: [{ name: 'p_domain', type: 'text', required: true, description: 'A domain or URL.' }],
    caption: 'An address copied from a browser.',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_by_domain?p_domain=https://www.grachtenbank.example/contact&select=id,name,domain,status" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: [{ id: '5eed0000-0000-4000-8000-000000000103', name: 'Grachtenbank', domain: 'grachtenbank.example', status: 'active' }],
    },
  },
  {
    id: 'registry-status-on',
    title: 'Was it an active member on a date?',
    summary:
      'The question a verifier asks about a verification made in the past. The answer is the status the registry held at the end of that day (UTC), with the date that status took effect; before the organisation’s first approval, active is false and status is null. Without p_date it answers for now. An identifier not in the registry returns an empty list.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_status_on',
    parameters: [
      { name: 'p_organization_id', type: 'uuid', required: true, description: 'The registry identifier.' },
      { name: 'p_date', type: 'date', required: false, description: 'A day, YYYY-MM-DD (UTC). Today when absent.' },
    ],
    caption: `Voyages Lumière on ${SUSPENDED_DAY}, during its suspension.`,
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_status_on?p_organization_id=${VOYAGES_LUMIERE}&p_date=${SUSPENDED_DAY}" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 200,
      body: [
        {
          organization_id: VOYAGES_LUMIERE,
          name: 'Voyages Lumière',
          on_date: SUSPENDED_DAY,
          active: false,
          status: 'suspended',
          effective_from: T(120),
        },
      ],
    },
  },
  {
    id: 'registry-status-on-post',
    title: 'The same question by POST',
    summary:
      'Every function also takes its parameters as a JSON body with POST, which suits most HTTP clients. Send Content-Type: application/json.',
    method: 'POST',
    path: '/rest/v1/rpc/registry_status_on',
    parameters: [],
    caption: 'Voyages Lumière today, after its reinstatement.',
    curl: `curl -s -X POST "${LOCAL_BASE_URL}/rest/v1/rpc/registry_status_on" \\
  -H "apikey: $ANON_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"p_organization_id": "${VOYAGES_LUMIERE}", "p_date": "${TODAY}"}'`,
    response: {
      status: 200,
      body: [
        {
          organization_id: VOYAGES_LUMIERE,
          name: 'Voyages Lumière',
          on_date: TODAY,
          active: true,
          status: 'active',
          effective_from: T(75),
        },
      ],
    },
  },
  {
    id: 'revoked-members',
    title: 'Revoked members stay visible',
    summary:
      'A revoked organisation is not removed: it stays in the registry with status revoked and the date, so a verifier can tell “no longer trusted” from “never a member”.',
    method: 'POST',
    path: '/rest/v1/rpc/registry_search',
    parameters: [],
    caption: 'A search by POST that finds a revoked member.',
    curl: `curl -s -X POST "${LOCAL_BASE_URL}/rest/v1/rpc/registry_search?select=name,status,status_effective_from" \\
  -H "apikey: $ANON_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"p_query": "talento"}'`,
    response: {
      status: 200,
      body: [{ name: 'Talento Ibérico', status: 'revoked', status_effective_from: T(20) }],
    },
  },
  {
    id: 'registry-figures',
    title: 'The registry in figures',
    summary: 'How many organisations are active members now, and in how many sectors and countries. One object, not a list.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_figures',
    parameters: [],
    caption: 'The figures on the home page.',
    curl: `curl -s "${LOCAL_BASE_URL}/rest/v1/rpc/registry_figures" \\
  -H "apikey: $ANON_KEY"`,
    response: { status: 200, body: { members: 8, sectors: 6, countries: 6 } },
    variable: ['members', 'sectors', 'countries'],
  },
  {
    id: 'errors',
    title: 'Errors',
    summary:
      'Errors come as JSON with a code (a PostgreSQL or PostgREST error code), a message and sometimes details. A malformed parameter is 400 (code 22P02); a missing or wrong apikey is 401; an unknown function is 404 (PGRST202); a page past the end is 416 (PGRST103); a domain or search longer than the limits below is 400 (22023); a request that runs out of time is 500 (57014).',
    method: 'GET',
    path: '/rest/v1/rpc/registry_by_id',
    parameters: [],
    caption: 'An identifier that is not a UUID.',
    curl: `curl -s -i "${LOCAL_BASE_URL}/rest/v1/rpc/registry_by_id?p_id=northwind" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 400,
      body: { code: '22P02', details: null, hint: null, message: 'invalid input syntax for type uuid: "northwind"' },
    },
  },
  {
    id: 'limits',
    title: 'Limits',
    summary:
      'A domain has at most 253 characters and 127 labels, and an address given to registry_by_domain at most 2,048 characters: anything longer is refused with 400, code 22023 and the message domain_too_long. A search (p_query) of more than 300 characters is refused the same way with search_too_long, since no name or legal name is longer. A request may run for 1 second with the anon key (8 seconds signed in); one that runs longer is cancelled and answers 500 with code 57014. Every lookup the guide shows takes a few milliseconds.',
    method: 'GET',
    path: '/rest/v1/rpc/registry_by_domain',
    parameters: [],
    caption: 'A domain of 300 characters.',
    curl: `curl -s -i "${LOCAL_BASE_URL}/rest/v1/rpc/registry_by_domain?p_domain=$(printf 'a%.0s' $(seq 300)).example" \\
  -H "apikey: $ANON_KEY"`,
    response: {
      status: 400,
      body: {
        code: '22023',
        details: 'A domain has at most 253 characters and 127 labels, and an address given for it at most 2,048 characters.',
        hint: null,
        message: 'domain_too_long',
      },
    },
  },  {
    id: 'verify-credential',
    title: 'Verify a membership credential',
    summary:
      'Members can download their membership as a signed credential (an SD-JWT VC) and give it to you. Send it, as you received it, to verify-credential and the network checks it as the verify page does: the signature against its published keys, the expiry, and the member’s status now in the published status list. The answer always has valid, a reason (valid, malformed, unknown_key, unknown_issuer, signature, expired, not_yet_valid, suspended, revoked, status_unavailable, stale), its message in words, and disclosed: the claims the holder chose to show (organization_id, name, legal_name, registration_number, country, domain, member_since, verified_schemas). Send the signed trust list the same way and disclosed holds its sequence and number of members. issued_by_accord is true when a key the network publishes signed it. The same check runs offline with any SD-JWT VC library and the keys at /.well-known/jwks.json.',
    method: 'POST',
    path: '/functions/v1/verify-credential',
    parameters: [{ name: 'credential', type: 'text (JSON body)', required: true, description: 'The credential with its disclosures (…~…~), or the signed trust list.' }],
    caption: 'A credential someone else signed.',
    curl: `curl -s -X POST "${LOCAL_BASE_URL}/functions/v1/verify-credential" \
  -H "apikey: $ANON_KEY" \
  -H "Content-Type: application/json" \
  -d '{"credential": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNvbWVvbmUtZWxzZSIsInR5cCI6ImRjK3NkLWp3dCJ9.eyJpc3MiOiJkaWQ6d2ViOmlzc3Vlci5leGFtcGxlIiwidmN0IjoiaHR0cHM6Ly9pc3N1ZXIuZXhhbXBsZS9jcmVkZW50aWFscy9tZW1iZXJzaGlwIn0.BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBw~"}'`,
    response: {
      status: 200,
      body: {
        kind: 'credential',
        issued_by_accord: false,
        valid: false,
        reason: 'unknown_key',
        message: 'Not issued by Accord: it is signed with a key the network has not published.',
        disclosed: {},
        issued_at: null,
        expires_at: null,
        kid: 'someone-else',
      },
    },
  },
];
