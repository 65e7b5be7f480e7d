import { maybeRow, type Queryable } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { newId, parseChallengeMethod, pkceMatches, type ChallengeMethod } from './secrets.ts';
import type { AuthMethod } from './sessions.ts';

/**
 * PKCE (auth.flow_state): the code challenge a client sends with /otp, /signup,
 * /recover or PUT /user; the auth code /verify hands out instead of tokens; the
 * exchange at /token?grant_type=pkce.
 */

/** GoTrue's FlowStateExpiryDuration default. */
const FLOW_STATE_TTL_MS = 300_000;

export interface PkceParams {
  challenge: string;
  method: ChallengeMethod;
}

/** Both or neither (GoTrue's validatePKCEParams); undefined means the implicit flow. */
export function readPkceParams(challenge: string | undefined, method: string | undefined): PkceParams | undefined {
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const parsed = parseChallengeMethod(method);
  if (!parsed) throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: parsed };
}

export async function createFlowState(
  db: Queryable,
  userId: string,
  providerType: string,
  method: AuthMethod,
  pkce: PkceParams,
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7)`,
    [newId(), userId, newId(), pkce.method, pkce.challenge, providerType, method],
  );
}

/** /verify under PKCE: the user's latest flow for this method gets its auth code issued. */
export async function issueAuthCode(db: Queryable, userId: string, method: AuthMethod): Promise<string> {
  const flow = await maybeRow<{ id: string; auth_code: string }>(
    db,
    `select id, auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, method],
  );
  if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found. flow state not found');
  await db.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
  return flow.auth_code;
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: ChallengeMethod;
  authentication_method: AuthMethod;
  created_at: Date;
  auth_code_issued_at: Date | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  linking_target_id: string | null;
}

export interface ExchangedCode {
  userId: string;
  method: AuthMethod;
  providerType: string;
  /** The external provider's tokens, for flows that went through one (/callback). */
  providerAccessToken: string | null;
  providerRefreshToken: string | null;
  /** Manual linking: the account the flow's provider identity joins once this exchange succeeds (decision 067). */
  linkingTargetId: string | null;
}

/** Checks the verifier and consumes the flow; returns who signed in and how. */
export async function exchangeAuthCode(
  db: Queryable,
  authCode: string,
  verifier: string,
): Promise<ExchangedCode> {
  const flow = await maybeRow<FlowRow>(
    db,
    `select id, user_id, code_challenge, code_challenge_method::text, authentication_method, created_at, auth_code_issued_at,
            provider_type, provider_access_token, provider_refresh_token, linking_target_id
       from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const startedAt = (flow.auth_code_issued_at ?? flow.created_at).getTime();
  if (Date.now() > startedAt + FLOW_STATE_TTL_MS) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!pkceMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return {
    userId: flow.user_id,
    method: flow.authentication_method,
    providerType: flow.provider_type,
    providerAccessToken: flow.provider_access_token,
    providerRefreshToken: flow.provider_refresh_token,
    linkingTargetId: flow.linking_target_id,
  };
}
