import type { AuthContext } from './context.ts';
import { adminRoutes } from './handlers/admin.ts';
import { metaRoutes } from './handlers/meta.ts';
import { oauthRoutes } from './handlers/oauth.ts';
import { mfaRoutes } from './handlers/mfa.ts';
import { otpRoutes } from './handlers/otp.ts';
import { recoverRoutes } from './handlers/recover.ts';
import { signupRoutes } from './handlers/signup.ts';
import { tokenRoutes } from './handlers/token.ts';
import { userRoutes } from './handlers/user.ts';
import { verifyRoutes } from './handlers/verify.ts';
import type { Route } from './router.ts';

/**
 * Every endpoint the stand-in serves. A new group (like MFA's /factors; OAuth's
 * /authorize and /callback, /user/identities) is one more `handlers/*.ts`
 * module returning its routes, listed here; it authenticates with
 * `requireUser` and starts sessions through `ctx.sessions`, which already
 * records aal and amr per session.
 */
export function allRoutes(ctx: AuthContext): Route[] {
  return [
    ...metaRoutes(ctx),
    ...signupRoutes(ctx),
    ...otpRoutes(ctx),
    ...recoverRoutes(ctx),
    ...verifyRoutes(ctx),
    ...tokenRoutes(ctx),
    ...userRoutes(ctx),
    ...adminRoutes(ctx),
    ...oauthRoutes(ctx),
    ...mfaRoutes(ctx),
  ];
}
