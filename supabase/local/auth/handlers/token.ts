import { audit, userActor } from '../audit.ts';
import { verifyPassword } from '../bcrypt.ts';
import { clientInfo, type AuthContext } from '../context.ts';
import { badRequest, OAuthError, unprocessable } from '../errors.ts';
import { exchangeAuthCode } from '../flow-state.ts';
import { completeIdentityLink } from './oauth.ts';
import { json, optString, type ApiRequest, type Reply } from '../http.ts';
import type { Route } from '../router.ts';
import { findUserByEmail, findUserById, hasPassword, isBanned, isConfirmed } from '../users.ts';

/**
 * POST /token: grant types password, refresh_token and pkce. As on GoTrue,
 * all three share the token_refresh rate limit.
 */
const INVALID_LOGIN = 'Invalid login credentials';

export function tokenRoutes(ctx: AuthContext): Route[] {
  async function passwordGrant(req: ApiRequest): Promise<Reply> {
    const body = req.body();
    const email = optString(body, 'email');
    const phone = optString(body, 'phone');
    const password = optString(body, 'password') ?? '';
    if (email && phone) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
    }
    if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (!email) throw badRequest('validation_failed', 'missing email or phone');

    const user = await findUserByEmail(ctx.db, email);
    if (!user || !hasPassword(user)) throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (!verifyPassword(password, user.encrypted_password)) throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

    const session = await ctx.db.tx(async (db) => {
      await audit(db, userActor(user), 'login', req.ip, { provider: 'email' });
      return ctx.sessions.issue(db, user, 'password', clientInfo(req));
    });
    // Sign-in still works with a password below today's rules; GoTrue says so alongside the session.
    const tooShort = [...password].length < ctx.settings.passwordMinLength;
    const weak = tooShort
      ? {
          weak_password: {
            message: `Password should be at least ${ctx.settings.passwordMinLength} characters.`,
            reasons: ['length'],
          },
        }
      : {};
    return json({ ...session, ...weak });
  }

  async function refreshGrant(req: ApiRequest): Promise<Reply> {
    const refreshToken = optString(req.body(), 'refresh_token');
    if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
    const session = await ctx.db.tx(async (db) => {
      const result = await ctx.sessions.refresh(db, refreshToken, clientInfo(req));
      await audit(db, { id: result.user.id, username: result.user.email }, 'token_refreshed', req.ip);
      return result;
    });
    return json(session);
  }

  async function pkceGrant(req: ApiRequest): Promise<Reply> {
    const body = req.body();
    const authCode = optString(body, 'auth_code');
    const verifier = optString(body, 'code_verifier');
    if (!authCode || !verifier) {
      throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    }
    const session = await ctx.db.tx(async (db) => {
      const code = await exchangeAuthCode(db, authCode, verifier);
      // A link started by this browser happens now, with its verifier, not at /callback (decision 067).
      await completeIdentityLink(ctx, db, code, req.ip);
      const user = await findUserById(db, code.userId);
      if (!user) throw badRequest('user_not_found', 'User not found');
      await audit(db, userActor(user), 'login', req.ip, { provider_type: code.providerType });
      const issued = await ctx.sessions.issue(db, user, code.method, clientInfo(req));
      // A provider sign-in hands the app the provider's tokens too, as GoTrue's PKCE grant does.
      const provider = code.method === 'oauth' ? { provider_token: code.providerAccessToken ?? '' } : {};
      const providerRefresh = code.providerRefreshToken ? { provider_refresh_token: code.providerRefreshToken } : {};
      return { ...issued, ...provider, ...providerRefresh };
    });
    return json(session);
  }

  const grants: Record<string, (req: ApiRequest) => Promise<Reply>> = {
    password: passwordGrant,
    refresh_token: refreshGrant,
    pkce: pkceGrant,
  };

  async function token(req: ApiRequest): Promise<Reply> {
    const name = req.query.get('grant_type') ?? '';
    const grant = Object.hasOwn(grants, name) ? grants[name] : undefined;
    if (!grant) throw badRequest('invalid_credentials', 'unsupported_grant_type');
    ctx.limits.tokenRefresh.take(req.ip);
    return grant(req);
  }

  return [{ method: 'POST', path: '/token', handler: token }];
}
