import { createHash } from 'node:crypto';
import { errors as joseErrors, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type { DevKeys } from '../config.ts';
import { ERRORS } from './errors.ts';

/**
 * The two kinds of token Storage reads: the caller's access token (the anon or
 * service-role key, or a user's session JWT from the auth service; ES256,
 * checked against the project's public key) and the token of a signed URL,
 * which this service issues itself.
 *
 * Signed-URL tokens are HS256 with a secret derived from the project's private
 * key, so they are stable across restarts but are never accepted as access
 * tokens by PostgREST or this service (which only take ES256).
 */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: ApiRole;
  /** The user's id (`sub`), absent for the API keys. */
  sub?: string;
  claims: JWTPayload & Record<string, unknown>;
}

export interface UrlTokenPayload {
  /** `<bucket>/<object name>`, as hosted Storage signs it. */
  url: string;
  /** Set for signed upload URLs. */
  upsert?: boolean;
  owner?: string;
}

export interface TokenService {
  verifyCaller(jwt: string): Promise<Caller>;
  signUrl(payload: UrlTokenPayload, expiresInSeconds: number): Promise<string>;
  verifyUrl(token: string): Promise<UrlTokenPayload & { exp: number }>;
}

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

/** jose's reasons in the words of jsonwebtoken, which hosted Storage surfaces. */
function reason(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}

export async function createTokenService(keys: DevKeys, issuer: string): Promise<TokenService> {
  const publicKey = (await importJWK(keys.publicJwk as JWK, 'ES256')) as CryptoKey;
  const d = String((keys.privateJwk as JWK).d ?? '');
  const urlSecret = createHash('sha256').update(`accord-local-storage-url-signing:${d}`).digest();

  return {
    async verifyCaller(jwt) {
      if (!jwt) throw ERRORS.accessDenied('jwt must be provided');
      let payload: JWTPayload & Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(jwt, publicKey, { algorithms: ['ES256'] }));
      } catch (error) {
        throw ERRORS.accessDenied(reason(error));
      }
      const role = typeof payload.role === 'string' ? payload.role : '';
      if (!API_ROLES.has(role)) throw ERRORS.accessDenied(`role "${role}" does not exist`);
      return { role: role as ApiRole, sub: typeof payload.sub === 'string' ? payload.sub : undefined, claims: payload };
    },

    async signUrl(payload, expiresInSeconds) {
      return new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setIssuer(issuer)
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .sign(urlSecret);
    },

    async verifyUrl(token) {
      try {
        const { payload } = await jwtVerify(token, urlSecret, { algorithms: ['HS256'], issuer });
        if (typeof payload.url !== 'string' || typeof payload.exp !== 'number') throw new Error('no url');
        return payload as unknown as UrlTokenPayload & { exp: number };
      } catch (error) {
        throw ERRORS.invalidJwt(reason(error));
      }
    },
  };
}
