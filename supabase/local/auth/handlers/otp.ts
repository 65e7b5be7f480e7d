import { audit, userActor } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState, readPkceParams, type PkceParams } from '../flow-state.ts';
import { json, optBoolean, optObject, optString, type ApiRequest, type Reply } from '../http.ts';
import { prepareLinkEmail } from '../link-emails.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { validateEmail } from '../validation.ts';
import { signUpWithEmail, unguessablePassword } from './signup.ts';

/**
 * POST /otp with an e-mail address: the magic link (+ code) e-mail. An unknown
 * or unconfirmed address is signed up first, as GoTrue's MagicLink does: with
 * confirmations on it gets the confirmation mail (its link has type signup, its
 * code works as type email); with them off a new account is confirmed and gets
 * the sign-in mail, and an unconfirmed one gets the sign-in mail and is confirmed
 * only when it is used (GoTrue confirms it here already).
 */
async function magicLink(ctx: AuthContext, req: ApiRequest, email: string, data: Record<string, unknown>, pkce: PkceParams | undefined) {
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing || !isConfirmed(existing)) {
    const outcome = await ctx.db.tx((db) => signUpWithEmail(ctx, db, req, { email, password: unguessablePassword(), data, pkce }));
    if (outcome.kind === 'confirmation_sent') return;
  }
  await ctx.db.tx(async (db) => {
    const user = (await findUserByEmail(db, email))!;
    if (pkce) await createFlowState(db, user.id, 'magiclink', 'magiclink', pkce);
    await audit(db, userActor(user), 'user_recovery_requested', req.ip);
    await prepareLinkEmail(ctx, db, user, 'magiclink', { pkce: pkce !== undefined, redirectTo: referrer(ctx.redirects, req), send: true });
  });
}

export function otpRoutes(ctx: AuthContext): Route[] {
  async function otp(req: ApiRequest): Promise<Reply> {
    ctx.limits.signInSignUps.take(req.ip);
    const body = req.body();
    const email = optString(body, 'email');
    const phone = optString(body, 'phone');
    const createUser = optBoolean(body, 'create_user') ?? true;
    const data = optObject(body, 'data') ?? {};
    if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
    if (email && optString(body, 'channel')) {
      throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
    }
    const pkce = readPkceParams(optString(body, 'code_challenge'), optString(body, 'code_challenge_method'));
    if (phone) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    if (!email) throw badRequest('validation_failed', 'One of email or phone must be set');

    const address = validateEmail(email);
    if (!createUser && !(await findUserByEmail(ctx.db, address))) {
      throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    }
    await magicLink(ctx, req, address, data, pkce);
    return json({});
  }

  return [{ method: 'POST', path: '/otp', handler: otp }];
}
