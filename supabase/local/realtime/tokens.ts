import { errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { DevKeys } from '../config.ts';
import { endedSessionMessage, type SessionCheck } from './sessions.ts';
import type { Claims } from './state.ts';

/** The roles a token may carry into the delivery check; any other is refused at join. */
const SUBSCRIBER_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** A refused token; its message is hosted Realtime's (`Kind: words`), sent as the join's or the system message's reason. */
export class TokenError extends Error {}

export interface TokenChecks {
  /** The token's claims if it is well signed (the stack's ES256 key), unexpired and carries a subscriber role. */
  verify(token: string): Promise<Claims>;
  /** As verify, and the session the token names must not have ended (decision 065). */
  verifyLive(token: string): Promise<Claims>;
}

export async function tokenChecks(keys: DevKeys, sessions: SessionCheck): Promise<TokenChecks> {
  const publicKey = (await importJWK(keys.publicJwk as JWK, 'ES256')) as CryptoKey;

  async function verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify<Claims>(token, publicKey, { algorithms: ['ES256'], clockTolerance: 0 });
      if (typeof payload.role !== 'string' || typeof payload.exp !== 'number') {
        throw new TokenError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
      }
      if (!SUBSCRIBER_ROLES.has(payload.role)) throw new TokenError(`Unauthorized: role ${payload.role} cannot subscribe`);
      return payload;
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        const exp = Number((error.payload as Claims).exp ?? 0);
        throw new TokenError(`InvalidJWTToken: Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`);
      }
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new TokenError('JwtSignatureError: Failed to validate JWT signature');
      throw new TokenError('MalformedJWT: The token provided is not a valid JWT');
    }
  }

  return {
    verify,
    async verifyLive(token) {
      const claims = await verify(token);
      // A token that is well signed and unexpired is still refused once the session it names has ended.
      const [reason] = await sessions.endedReasons([claims]);
      if (reason) throw new TokenError(`InvalidJWTToken: ${endedSessionMessage(reason)}`);
      return claims;
    },
  };
}
