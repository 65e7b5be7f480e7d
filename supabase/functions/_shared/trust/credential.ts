/**
 * Issuing the membership credential (decision 081): an SD-JWT VC (IETF SD-JWT
 * VC, `@sd-jwt/sd-jwt-vc`) issued by the network, its registered facts and
 * verified schemas selectively disclosable, with an expiry and an entry in the
 * network's status list. The issuing function (Deno) and the bench use it;
 * verifiers need only credential-format.ts, which does not load the library.
 */
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';

import { base64url, type CredentialDraft, DISCLOSABLE_CLAIMS, type EcJwk, es256Signer, MEMBERSHIP_CREDENTIAL_TYPE, sha256 } from './credential-format.ts';

export * from './credential-format.ts';

const saltGenerator = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

export interface IssueOptions {
  issuer: string;
  vct: string;
  kid: string;
  privateJwk: EcJwk;
  statusListUri: string;
}

export async function issueMembershipCredential(draft: CredentialDraft, options: IssueOptions): Promise<string> {
  const sdjwt = new SDJwtVcInstance({
    signer: await es256Signer(options.privateJwk),
    signAlg: 'ES256',
    hasher: sha256,
    hashAlg: 'sha-256',
    saltGenerator,
  });
  return sdjwt.issue(
    {
      iss: options.issuer,
      iat: draft.iat,
      exp: draft.exp,
      vct: options.vct,
      status: { status_list: { idx: draft.status_index, uri: options.statusListUri } },
      ...draft.claims,
    },
    { _sd: [...DISCLOSABLE_CLAIMS] },
    { header: { kid: options.kid, typ: MEMBERSHIP_CREDENTIAL_TYPE } },
  );
}
