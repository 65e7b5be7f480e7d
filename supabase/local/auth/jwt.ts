import { errors as joseErrors, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type { DevKeys } from '../config.ts';
import { forbidden } from './errors.ts';

/**
 * Access tokens as Supabase issues them: ES256 with the project's signing key
 * (header `kid`), claims in GoTrue's order.
 */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub?: string;
  role?: string;
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  amr?: AmrEntry[];
  session_id?: string;
  is_anonymous?: boolean;
}

export interface TokenSubject {
  userId: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  isAnonymous: boolean;
  sessionId: string;
  aal: string;
  amr: AmrEntry[];
}

export interface JwtService {
  sign(subject: TokenSubject): Promise<{ token: string; expiresAt: number }>;
  /** Verifies signature and expiry; 403 bad_jwt as GoTrue when either fails. */
  verify(token: string): Promise<AccessTokenClaims>;
  jwks(): { keys: JWK[] };
}

export async function createJwtService(keys: DevKeys, issuer: string, expirySeconds: number): Promise<JwtService> {
  const privateKey = (await importJWK(keys.privateJwk as JWK, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(keys.publicJwk as JWK, 'ES256')) as CryptoKey;
  const { kty, crv, x, y } = keys.publicJwk as JWK;
  const publicJwk: JWK = { kty, crv, x, y, kid: keys.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };

  return {
    async sign(s) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + expirySeconds;
      const payload: AccessTokenClaims = {
        iss: issuer,
        sub: s.userId,
        aud: s.aud,
        exp,
        iat,
        email: s.email,
        phone: s.phone,
        app_metadata: s.appMetadata,
        user_metadata: s.userMetadata,
        role: s.role,
        aal: s.aal,
        amr: s.amr,
        session_id: s.sessionId,
        is_anonymous: s.isAnonymous,
      };
      const token = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' }).sign(privateKey);
      return { token, expiresAt: exp };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify<AccessTokenClaims>(token, publicKey, { algorithms: ['ES256'] });
        return payload;
      } catch (error) {
        const reason =
          error instanceof joseErrors.JWTExpired
            ? 'token has invalid claims: token is expired'
            : error instanceof joseErrors.JWSSignatureVerificationFailed
              ? 'token signature is invalid: signature verification failed'
              : 'token is malformed';
        throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
      }
    },

    jwks: () => ({ keys: [publicJwk] }),
  };
}
