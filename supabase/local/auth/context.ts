import type { AuthSettings, DevKeys } from '../config.ts';
import type { Db } from './db.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { ApiRequest } from './http.ts';
import type { AccessTokenClaims, JwtService } from './jwt.ts';
import type { Mailer } from './mailer.ts';
import type { HourlyEmailLimit, RateLimiter } from './rate-limit.ts';
import type { RedirectPolicy } from './redirects.ts';
import { findSession, type SessionRow, type SessionService } from './sessions.ts';
import { findUserById, NIL_UUID, type UserRow } from './users.ts';

/**
 * [auth] settings of config.toml that config.ts does not read yet; the
 * defaults are what supabase/config.toml sets.
 */
export interface AuthSettingsExtras {
  /** `[auth.email] enable_confirmations`: when false, GoTrue's MAILER_AUTOCONFIRM is on. */
  enableConfirmations: boolean;
  /** `[auth.email] double_confirm_changes`: an address change is confirmed from both addresses. */
  secureEmailChange: boolean;
  /** `[auth] minimum_password_length`. */
  passwordMinLength: number;
  /**
   * bcrypt cost of new password hashes: GoTrue's PasswordHashCost, bcrypt's
   * default 10. The test profile uses bcrypt's minimum, 4, as GoTrue's own
   * tests do (crypto.QuickHashCost): a hash here is pure JavaScript on the
   * stack's one event loop, and at cost 10 each account a test makes held
   * every other request for ~0.1 s. Verification reads the cost from the hash.
   */
  passwordHashCost: number;
}

export const EXTRAS_DEFAULTS: AuthSettingsExtras = {
  enableConfirmations: false,
  secureEmailChange: true,
  passwordMinLength: 6,
  passwordHashCost: 10,
};

export type EffectiveSettings = AuthSettings & AuthSettingsExtras;

/** Everything a handler needs, built once by startAuth. */
export interface AuthContext {
  settings: EffectiveSettings;
  keys: DevKeys;
  /** Base of the links in e-mails and of the JWT `iss`, e.g. http://localhost:54321/auth/v1. */
  apiExternalUrl: string;
  /** Keys the link tokens of codes (secrets.ts linkTokenFor). */
  linkTokenKey: Buffer;
  db: Db;
  jwt: JwtService;
  sessions: SessionService;
  mailer: Mailer;
  redirects: RedirectPolicy;
  limits: { signInSignUps: RateLimiter; tokenVerifications: RateLimiter; tokenRefresh: RateLimiter; emailSent: HourlyEmailLimit };
  log: (message: string) => void;
}

/** Roles allowed on /admin and /invite (GoTrue's JWT_ADMIN_ROLES). */
const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bearerToken(req: ApiRequest): string {
  const m = /^[Bb]earer (\S+)$/.exec(req.header('authorization') ?? '');
  if (!m) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token');
  return m[1];
}

export interface Authenticated {
  claims: AccessTokenClaims;
  user: UserRow;
  /** Absent for tokens without a session_id claim. */
  sessionId: string | undefined;
}

/**
 * GoTrue's maybeLoadUserOrSession: the token's user must exist, and so must the
 * session it names (if it names one); a signed-out session's token is refused
 * even though its signature and expiry are still good.
 */
async function loadUserAndSession(ctx: AuthContext, claims: AccessTokenClaims): Promise<Authenticated & { session?: SessionRow }> {
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claimedSessionId(claims);
  if (!sessionId) return { claims, user, sessionId };
  if (!UUID.test(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const session = await findSession(ctx.db, sessionId);
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, sessionId, session };
}

/** The token's session_id, unless it names none (absent, or GoTrue's nil uuid). */
function claimedSessionId(claims: AccessTokenClaims): string | undefined {
  return claims.session_id && claims.session_id !== NIL_UUID ? claims.session_id : undefined;
}

/**
 * GoTrue's requireAuthentication: a valid token whose user exists and whose
 * session (if it names one) has not been signed out.
 */
export async function requireUser(ctx: AuthContext, req: ApiRequest): Promise<Authenticated> {
  const { claims, user, sessionId } = await loadUserAndSession(ctx, await ctx.jwt.verify(bearerToken(req)));
  return { claims, user, sessionId };
}

/**
 * GoTrue's requireAdminCredentials: any valid token whose role is an admin role.
 * A token that names a session (a person whose account has an admin role, not
 * the service role key) must still have that session, and it must not be past
 * its not_after, so signing out ends its admin rights too.
 */
export async function requireAdmin(ctx: AuthContext, req: ApiRequest): Promise<{ role: string }> {
  const claims = await ctx.jwt.verify(bearerToken(req));
  if (claimedSessionId(claims)) {
    const { session } = await loadUserAndSession(ctx, claims);
    if (session?.not_after && session.not_after <= new Date()) {
      throw forbidden('session_expired', 'Session is no longer valid');
    }
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ADMIN_ROLES.includes(role)) throw forbidden('not_admin', 'User not allowed');
  return { role };
}

export function clientInfo(req: ApiRequest) {
  return { ip: req.ip, userAgent: req.userAgent };
}
