import { audit, userActor } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState, readPkceParams } from '../flow-state.ts';
import { json, optString, type ApiRequest, type Reply } from '../http.ts';
import { prepareLinkEmail, sendEmailChange } from '../link-emails.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { validateEmail } from '../validation.ts';

/**
 * POST /recover (password reset mail) and POST /resend (the signup or
 * address-change mail again). Both answer {} for unknown addresses, so they
 * do not reveal which addresses have accounts.
 */
export function recoverRoutes(ctx: AuthContext): Route[] {
  async function recover(req: ApiRequest): Promise<Reply> {
    ctx.limits.signInSignUps.take(req.ip);
    const body = req.body();
    const email = optString(body, 'email');
    if (!email) throw unprocessable('validation_failed', 'Password recovery requires an email');
    const address = validateEmail(email);
    const pkce = readPkceParams(optString(body, 'code_challenge'), optString(body, 'code_challenge_method'));
    const user = await findUserByEmail(ctx.db, address);
    if (!user) return json({});
    await ctx.db.tx(async (db) => {
      if (pkce) await createFlowState(db, user.id, 'recovery', 'recovery', pkce);
      await audit(db, userActor(user), 'user_recovery_requested', req.ip);
      await prepareLinkEmail(ctx, db, user, 'recovery', { pkce: pkce !== undefined, redirectTo: referrer(ctx.redirects, req), send: true });
    });
    return json({});
  }

  async function resend(req: ApiRequest): Promise<Reply> {
    ctx.limits.signInSignUps.take(req.ip);
    const body = req.body();
    const type = optString(body, 'type');
    if (type !== 'signup' && type !== 'email_change') {
      if (type === 'sms' || type === 'phone_change') throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    const address = validateEmail(optString(body, 'email'));
    const pkce = readPkceParams(optString(body, 'code_challenge'), optString(body, 'code_challenge_method'));
    const user = await findUserByEmail(ctx.db, address);
    if (!user) return json({});
    const redirectTo = referrer(ctx.redirects, req);
    if (type === 'signup') {
      if (isConfirmed(user)) return json({});
      await ctx.db.tx(async (db) => {
        if (pkce) await createFlowState(db, user.id, 'email', 'email/signup', pkce);
        await audit(db, userActor(user), 'user_confirmation_requested', req.ip);
        await prepareLinkEmail(ctx, db, user, 'signup', { pkce: pkce !== undefined, redirectTo, send: true });
      });
    } else {
      if (!user.email_change) return json({});
      await ctx.db.tx(async (db) => {
        if (pkce) await createFlowState(db, user.id, 'email_change', 'email_change', pkce);
        await sendEmailChange(ctx, db, user, user.email_change!, { pkce: pkce !== undefined, redirectTo });
      });
    }
    return json({});
  }

  return [
    { method: 'POST', path: '/recover', handler: recover },
    { method: 'POST', path: '/resend', handler: resend },
  ];
}
