/**
 * The API guide's "Verify offline" snippets (decision 081): fetch the signed
 * trust list and the network's keys and verify the list with a standard JOSE
 * library, in three languages' worth. tests/db/trust-list-snippet.test.ts runs
 * the Node snippet for real against the test stack.
 */
import { LOCAL_BASE_URL } from './api-guide-examples';

/** The app's origin, where /.well-known/jwks.json and did.json are served; `npm start` serves it here. */
export const LOCAL_APP_ORIGIN = 'http://localhost:5173';
export const TRUST_LIST_PATH = '/storage/v1/object/public/trust/trust-list.jwt';

export const TRUST_LIST_FIELDS: { name: string; type: string; description: string }[] = [
  { name: 'iss', type: 'string', description: 'The network’s DID, did:web of the app’s origin; its document is at /.well-known/did.json.' },
  { name: 'sequence', type: 'integer', description: 'Grows by one with each list published: never accept a lower one than you hold.' },
  { name: 'iat', type: 'NumericDate', description: 'When the list was signed.' },
  {
    name: 'next_update (and exp)',
    type: 'NumericDate',
    description: 'By when the next list is published, 24 hours after iat. Past it the list is stale: refuse it. exp holds the same time, so JOSE libraries refuse a stale list by themselves.',
  },
  {
    name: 'statuses',
    type: 'array of strings',
    description: 'The registry statuses, ["active", "suspended", "revoked"]: a member’s status is an index into it.',
  },
  {
    name: 'schema_fields and schemas',
    type: 'array, array of arrays',
    description: 'Every verified (active or deprecated) schema once, as an array in schema_fields’ order: id, name, version, assurance_level, status. A member’s verified schemas are indexes into schemas.',
  },
  {
    name: 'member_fields',
    type: 'array of strings',
    description: 'The order of each member’s fields: id, name, legal_name, registration_number, country, domain, status, status_effective_from, member_since, status_history, verified_schemas. Read fields by these names, not by position.',
  },
  {
    name: 'members',
    type: 'array of arrays',
    description: 'Every organisation ever approved, ordered by id, each an array in member_fields’ order. Times are epoch seconds; status_history is [status, effective_from] pairs, oldest first, and empty when the only change is the current status (status, status_effective_from).',
  },
];

export const TRUST_LIST_SNIPPETS: { id: string; label: string; code: string }[] = [
  {
    id: 'verify-curl',
    label: 'curl and the jose command-line tool',
    code: `curl -s ${LOCAL_BASE_URL}${TRUST_LIST_PATH} -o trust-list.jwt
curl -s ${LOCAL_APP_ORIGIN}/.well-known/jwks.json -o jwks.json
# jose (github.com/latchset/jose): prints the payload only when a published key verifies the signature
jose jws ver -i trust-list.jwt -k jwks.json -O- | jq '{sequence, next_update, members: (.members | length)}'
# then refuse it if next_update is in the past
`,
  },
  {
    id: 'verify-node',
    label: 'Node with jose',
    code: `import { createRemoteJWKSet, jwtVerify } from 'jose';

const jwks = createRemoteJWKSet(new URL('${LOCAL_APP_ORIGIN}/.well-known/jwks.json'));
const jws = await (await fetch('${LOCAL_BASE_URL}${TRUST_LIST_PATH}')).text();
// Checks the signature, typ and exp (the next update): a stale or forged list throws.
const { payload } = await jwtVerify(jws, jwks, { typ: 'trust-list+jwt', algorithms: ['ES256'] });
console.log(payload.sequence, payload.members.length);
`,
  },
  {
    id: 'verify-python',
    label: 'Python with PyJWT',
    code: `import jwt, urllib.request  # pip install "pyjwt[crypto]"

token = urllib.request.urlopen("${LOCAL_BASE_URL}${TRUST_LIST_PATH}").read().decode()
key = jwt.PyJWKClient("${LOCAL_APP_ORIGIN}/.well-known/jwks.json").get_signing_key_from_jwt(token)
# Verifies the signature and exp (the next update); raises on a stale or forged list.
payload = jwt.decode(token, key.key, algorithms=["ES256"])
print(payload["sequence"], len(payload["members"]))
`,
  },
];
