import { audit, userActor } from '../audit.ts';
import { hashPassword, verifyPassword } from '../bcrypt.ts';
import { requireUser, type AuthContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { badRequest, DUPLICATE_EMAIL, unprocessable } from '../errors.ts';
import { createFlowState, readPkceParams } from '../flow-state.ts';
import { json, noContent, optObject, optString, type ApiRequest, type Reply } from '../http.ts';
import { sendEmailChange } from '../link-emails.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { logout, type LogoutScope } from '../sessions.ts';
import { findUserByEmail, findUserById, hasPassword, loadUserJson, mergeUserMetadata } from '../users.ts';
import { checkPasswordStrength, validateEmail } from '../validation.ts';

/** GET /user, PUT /user and POST /logout: what a signed-in user does with their own account. */

/**
 * GoTrue's UpdatePassword: a new password voids every pending link and signs
 * out every other session, since whoever held the old password may have them.
 */
async function setPassword(db: Queryable, userId: string, passwordHash: string, keepSessionId: string | undefined): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, passwordHash],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  await logout(db, userId, keepSessionId, keepSessionId ? 'others' : 'global');
}

export function userRoutes(ctx: AuthContext): Route[] {
  async function getUser(req: ApiRequest): Promise<Reply> {
    const { user } = await requireUser(ctx, req);
    return json(await loadUserJson(ctx.db, user.id));
  }

  async function updateUser(req: ApiRequest): Promise<Reply> {
    const { user, sessionId } = await requireUser(ctx, req);
    ctx.limits.signInSignUps.take(req.ip);
    const body = req.body();
    const data = optObject(body, 'data');
    const password = optString(body, 'password');
    const emailInput = optString(body, 'email');
    if (optString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    const pkce = readPkceParams(optString(body, 'code_challenge'), optString(body, 'code_challenge_method'));
    if (password !== undefined) checkPasswordStrength(password, ctx.settings.passwordMinLength);
    const email = emailInput ? validateEmail(emailInput) : undefined;

    await ctx.db.tx(async (db) => {
      const current = (await findUserById(db, user.id, true))!;
      if (data) await mergeUserMetadata(db, user.id, data);
      if (password !== undefined) {
        if (hasPassword(current) && verifyPassword(password, current.encrypted_password)) {
          throw unprocessable('same_password', 'New password should be different from the old password.');
        }
        await setPassword(db, user.id, hashPassword(password, ctx.settings.passwordHashCost), sessionId);
        await audit(db, userActor(current), 'user_updated_password', req.ip);
      }
      if (email && email !== current.email?.toLowerCase()) {
        const taken = await findUserByEmail(db, email);
        if (taken && taken.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        if (pkce) await createFlowState(db, user.id, 'email_change', 'email_change', pkce);
        const fresh = (await findUserById(db, user.id))!;
        await sendEmailChange(ctx, db, fresh, email, { pkce: pkce !== undefined, redirectTo: referrer(ctx.redirects, req) });
      }
      await audit(db, userActor(current), 'user_modified', req.ip);
    });
    return json(await loadUserJson(ctx.db, user.id));
  }

  async function signOut(req: ApiRequest): Promise<Reply> {
    const { user, sessionId } = await requireUser(ctx, req);
    const scope = req.query.get('scope') || 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await ctx.db.tx(async (db) => {
      await audit(db, userActor(user), 'logout', req.ip);
      await logout(db, user.id, sessionId, scope as LogoutScope);
    });
    return noContent();
  }

  return [
    { method: 'GET', path: '/user', handler: getUser },
    { method: 'PUT', path: '/user', handler: updateUser },
    { method: 'POST', path: '/logout', handler: signOut },
  ];
}
