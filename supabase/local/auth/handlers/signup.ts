import { randomBytes, randomUUID } from 'node:crypto';
import { audit, userActor } from '../audit.ts';
import { hashPassword } from '../bcrypt.ts';
import { clientInfo, type AuthContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { unprocessable } from '../errors.ts';
import { createFlowState, readPkceParams, type PkceParams } from '../flow-state.ts';
import { json, optObject, optString, type ApiRequest, type Reply } from '../http.ts';
import { prepareLinkEmail } from '../link-emails.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import {
  confirmEmail,
  createEmailUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadUserJson,
  type UserRow,
} from '../users.ts';
import { checkPasswordStrength, validateEmail } from '../validation.ts';

/** POST /signup, and the sign-up step /otp takes for an address it does not know. */

export interface EmailSignup {
  email: string;
  password: string;
  data: Record<string, unknown>;
  pkce: PkceParams | undefined;
}

export type SignupOutcome =
  | { kind: 'confirmed'; user: UserRow }
  | { kind: 'confirmation_sent'; user: UserRow }
  /**
   * The address has an account that stays as it is: a confirmed one, or (with
   * confirmations off) one nobody has confirmed yet.
   */
  | { kind: 'exists'; user: UserRow };

/** GoTrue's Signup for the e-mail provider, minus issuing the session (callers decide). */
export async function signUpWithEmail(ctx: AuthContext, db: Queryable, req: ApiRequest, input: EmailSignup): Promise<SignupOutcome> {
  if (!ctx.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  let user = await findUserByEmail(db, input.email);
  if (user && isConfirmed(user)) {
    await audit(db, userActor(user), 'user_repeated_signup', req.ip, { provider: 'email' });
    return { kind: 'exists', user };
  }
  // With confirmations off GoTrue confirms an existing unconfirmed account here and
  // /signup hands the caller its session: whoever knows the address takes over an
  // account made for someone else (an invitee's). The stand-in never does; such an
  // account is treated as a registered one (decision 022; our hosted project keeps
  // confirmations on, where GoTrue only mails the owner, as below).
  if (user && !ctx.settings.enableConfirmations) {
    await audit(db, userActor(user), 'user_repeated_signup', req.ip, { provider: 'email' });
    return { kind: 'exists', user };
  }
  // An unconfirmed account is not updated: the caller has not proven the address is theirs.
  user ??= await createEmailUser(db, {
    email: input.email,
    encryptedPassword: hashPassword(input.password, ctx.settings.passwordHashCost),
    userMetadata: input.data,
  });

  if (!ctx.settings.enableConfirmations) {
    await audit(db, userActor(user), 'user_signedup', req.ip, { provider: 'email' });
    await confirmEmail(db, user.id);
    return { kind: 'confirmed', user: (await findUserById(db, user.id))! };
  }

  await audit(db, userActor(user), 'user_confirmation_requested', req.ip, { provider: 'email' });
  if (input.pkce) await createFlowState(db, user.id, 'email', 'email/signup', input.pkce);
  await prepareLinkEmail(ctx, db, user, 'signup', {
    pkce: input.pkce !== undefined,
    redirectTo: referrer(ctx.redirects, req),
    send: true,
  });
  return { kind: 'confirmation_sent', user: (await findUserById(db, user.id))! };
}

/** A password nobody knows, for accounts created by /otp (GoTrue does the same). */
export const unguessablePassword = (): string => randomBytes(24).toString('base64url');

/** What /signup answers for a confirmed address when confirmations are on: a plausible, unrelated user. */
function sanitizedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function signupRoutes(ctx: AuthContext): Route[] {
  async function signup(req: ApiRequest): Promise<Reply> {
    const body = req.body();
    const email = optString(body, 'email');
    const phone = optString(body, 'phone');
    const password = optString(body, 'password') ?? '';
    const data = optObject(body, 'data') ?? {};
    if (!email && !phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    ctx.limits.signInSignUps.take(req.ip);
    if (!ctx.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    if (phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, ctx.settings.passwordMinLength);
    const pkce = readPkceParams(optString(body, 'code_challenge'), optString(body, 'code_challenge_method'));
    const address = validateEmail(email);

    const outcome = await ctx.db.tx((db) => signUpWithEmail(ctx, db, req, { email: address, password, data, pkce }));
    if (outcome.kind === 'exists') {
      if (!ctx.settings.enableConfirmations) throw unprocessable('user_already_exists', 'User already registered');
      return json(sanitizedUser(address, data));
    }
    if (outcome.kind === 'confirmed') {
      const session = await ctx.db.tx(async (db) => {
        await audit(db, userActor(outcome.user), 'login', req.ip, { provider: 'email' });
        return ctx.sessions.issue(db, outcome.user, 'password', clientInfo(req));
      });
      return json(session);
    }
    return json(await loadUserJson(ctx.db, outcome.user.id));
  }

  return [{ method: 'POST', path: '/signup', handler: signup }];
}
