import { audit, userActor } from '../audit.ts';
import { hashPassword } from '../bcrypt.ts';
import { burnCodes, codeAttemptsExceeded, countCodeAttempt, forgetCodeAttempts, MAX_WRONG_CODES } from '../code-attempts.ts';
import { clientInfo, type AuthContext } from '../context.ts';
import { CommitThenThrow, type Queryable } from '../db.ts';
import {
  ApiError,
  badRequest,
  DUPLICATE_EMAIL,
  EMAIL_LINK_INVALID,
  forbidden,
  OTP_INVALID,
  oauthErrorName,
  unprocessable,
} from '../errors.ts';
import { issueAuthCode } from '../flow-state.ts';
import { json, optString, redirect, type ApiRequest, type Reply } from '../http.ts';
import {
  clearOneTimeToken,
  findByCode,
  findByLinkToken,
  PKCE_PREFIX,
  SENT_AT_COLUMN,
  type OneTimeTokenType,
} from '../one-time-tokens.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { linkTokenFor } from '../secrets.ts';
import type { AuthMethod, TokenResponse } from '../sessions.ts';
import {
  confirmEmail,
  EMAIL_PROVIDER,
  findUserByEmail,
  findUserById,
  hasPassword,
  isBanned,
  isConfirmed,
  syncProviders,
  type UserRow,
} from '../users.ts';
import { validateEmail } from '../validation.ts';
import { unguessablePassword } from './signup.ts';

/**
 * GET /verify (the link in an e-mail: redirects with tokens, an auth code or an
 * error) and POST /verify (a code or token hash: answers with a session).
 */
type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

const isVerifyType = (t: string): t is VerifyType => t in TOKEN_TYPES;

/** The flow-state method a PKCE link of this type completes (GoTrue's ParseAuthenticationMethod). */
const PKCE_METHOD: Partial<Record<VerifyType, AuthMethod>> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** GoTrue's message when the first of two address-change confirmations arrives. */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

interface Verified {
  user: UserRow;
  tokenType: OneTimeTokenType;
  /** `email` resolved to `signup` or `magiclink`, as GoTrue rewrites it. */
  type: Exclude<VerifyType, 'email'>;
}

function resolveType(type: VerifyType, tokenType: OneTimeTokenType): Exclude<VerifyType, 'email'> {
  if (type !== 'email') return type;
  return tokenType === 'recovery_token' ? 'magiclink' : 'signup';
}

function isExpired(ctx: AuthContext, user: UserRow, tokenType: OneTimeTokenType): boolean {
  const sentAt = user[SENT_AT_COLUMN[tokenType]];
  return !sentAt || Date.now() > sentAt.getTime() + ctx.settings.otpExpirySeconds * 1000;
}

async function verifyLinkToken(ctx: AuthContext, db: Queryable, type: VerifyType, linkToken: string): Promise<Verified> {
  const found = await findByLinkToken(db, linkToken, TOKEN_TYPES[type]);
  const user = found && (await findUserById(db, found.user_id, true));
  if (!found || !user) throw forbidden('otp_expired', EMAIL_LINK_INVALID);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (isExpired(ctx, user, found.token_type)) throw forbidden('otp_expired', EMAIL_LINK_INVALID);
  return { user, tokenType: found.token_type, type: resolveType(type, found.token_type) };
}

async function verifyCode(ctx: AuthContext, db: Queryable, type: VerifyType, email: string, code: string): Promise<Verified> {
  const linkToken = linkTokenFor(ctx.linkTokenKey, email, code);
  let found;
  if (type === 'email_change') {
    found = await findByCode(db, linkToken, TOKEN_TYPES[type], { relatesTo: email });
  } else {
    const owner = await findUserByEmail(db, email);
    if (!owner) throw forbidden('otp_expired', OTP_INVALID);
    found = await findByCode(db, linkToken, TOKEN_TYPES[type], { userId: owner.id });
  }
  const user = found && (await findUserById(db, found.user_id, true));
  if (!found || !user) throw forbidden('otp_expired', OTP_INVALID);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (isExpired(ctx, user, found.token_type)) throw forbidden('otp_expired', OTP_INVALID);
  return { user, tokenType: found.token_type, type: resolveType(type, found.token_type) };
}

/**
 * A typed code, counted against its address (code-attempts.ts): the attempt is
 * committed whatever the outcome, the fifth wrong one burns the address's
 * codes, and after that every attempt is refused until a new code is sent.
 */
async function verifyCountedCode(ctx: AuthContext, db: Queryable, type: VerifyType, address: string, code: string): Promise<Verified> {
  const attempt = await countCodeAttempt(db, address, ctx.settings.otpExpirySeconds);
  if (attempt > MAX_WRONG_CODES) throw new CommitThenThrow(codeAttemptsExceeded());
  let verified: Verified;
  try {
    verified = await verifyCode(ctx, db, type, address, code);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'otp_expired') throw error;
    if (attempt < MAX_WRONG_CODES) throw new CommitThenThrow(error);
    await burnCodes(db, address, (await findUserByEmail(db, address))?.id);
    throw new CommitThenThrow(codeAttemptsExceeded());
  }
  await forgetCodeAttempts(db, address);
  return verified;
}

/**
 * What a verified token does to the account (GoTrue's signupVerify,
 * recoverVerify, emailChangeVerify). 'pending' is the first of two
 * confirmations of a secure address change.
 */
async function applyVerification(ctx: AuthContext, db: Queryable, req: ApiRequest, v: Verified): Promise<'done' | 'pending'> {
  const { user } = v;
  switch (v.type) {
    case 'signup':
    case 'invite':
      if (!hasPassword(user) && user.invited_at) {
        // An invited user gets an unusable password until they choose one, as on GoTrue.
        await db.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, hashPassword(unguessablePassword(), ctx.settings.passwordHashCost)]);
      }
      await audit(db, userActor(user), 'user_signedup', req.ip, { provider: EMAIL_PROVIDER });
      await confirmEmail(db, user.id);
      break;
    case 'recovery':
    case 'magiclink':
      await clearOneTimeToken(db, user.id, 'recovery_token');
      if (isConfirmed(user)) {
        await audit(db, userActor(user), 'login', req.ip);
      } else {
        await audit(db, userActor(user), 'user_signedup', req.ip, { provider: EMAIL_PROVIDER });
        await confirmEmail(db, user.id);
      }
      break;
    case 'email_change':
      if (ctx.settings.secureEmailChange && user.email && (user.email_change_confirm_status ?? 0) === 0) {
        await clearOneTimeToken(db, user.id, v.tokenType);
        await db.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
        return 'pending';
      }
      await confirmEmailChange(db, req, user);
      break;
  }
  await syncProviders(db, user.id);
  return 'done';
}

async function confirmEmailChange(db: Queryable, req: ApiRequest, user: UserRow): Promise<void> {
  const newEmail = user.email_change;
  if (!newEmail) throw forbidden('otp_expired', EMAIL_LINK_INVALID);
  // The address may have been taken since the change was asked for.
  const holder = await findUserByEmail(db, newEmail);
  if (holder && holder.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  await audit(db, userActor(user), 'user_modified', req.ip);
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_current = '', email_change_token_new = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
       updated_at = now() where user_id = $1 and provider = $3`,
    [user.id, newEmail, EMAIL_PROVIDER],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
}

/** Go's url.Values.Encode: keys sorted, form encoding. */
function encodeSorted(params: URLSearchParams): string {
  params.sort();
  return params.toString();
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and for PKCE in the query too. */
function errorRedirect(target: string, error: ApiError, pkce: boolean): string {
  const url = new URL(target);
  const details = new URLSearchParams();
  const name = oauthErrorName(error.status);
  if (name) details.set('error', name);
  details.set('error_code', error.code ?? 'unknown');
  details.set('error_description', error.message);
  if (pkce) {
    for (const [key, value] of details) url.searchParams.set(key, value);
    url.search = encodeSorted(url.searchParams);
  }
  url.hash = encodeSorted(details);
  return url.toString();
}

function messageRedirect(target: string, message: string, pkce: boolean): string {
  const url = new URL(target);
  if (pkce) {
    url.searchParams.set('message', message);
    url.search = encodeSorted(url.searchParams);
  }
  url.hash = encodeSorted(new URLSearchParams({ message }));
  return url.toString();
}

export function codeRedirect(target: string, code: string): string {
  const url = new URL(target);
  url.searchParams.set('code', code);
  url.search = encodeSorted(url.searchParams);
  return url.toString();
}

/** GoTrue's AsRedirectURL: the session in the fragment, appended to the target as given. */
function tokenRedirect(target: string, session: TokenResponse, type: string): string {
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    type,
  });
  return `${target}#${encodeSorted(fragment)}`;
}

export function verifyRoutes(ctx: AuthContext): Route[] {
  async function verifyGet(req: ApiRequest): Promise<Reply> {
    ctx.limits.tokenVerifications.take(req.ip);
    const type = req.query.get('type') ?? '';
    const token = (req.query.get('token') ?? '').replace(/-/g, '');
    const target = referrer(ctx.redirects, req);
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    const pkce = token.startsWith(PKCE_PREFIX);
    const pkceMethod = isVerifyType(type) ? PKCE_METHOD[type] : undefined;
    if (pkce && !pkceMethod) throw badRequest('validation_failed', `unsupported authentication method: ${type}`);

    let location: string;
    try {
      location = await ctx.db.tx(async (db) => {
        if (!isVerifyType(type)) throw badRequest('validation_failed', 'Invalid email verification type');
        const verified = await verifyLinkToken(ctx, db, type, token);
        if ((await applyVerification(ctx, db, req, verified)) === 'pending') {
          return messageRedirect(target, SINGLE_CONFIRMATION, pkce);
        }
        if (pkce) {
          return codeRedirect(target, await issueAuthCode(db, verified.user.id, pkceMethod!));
        }
        const user = (await findUserById(db, verified.user.id))!;
        const session = await ctx.sessions.issue(db, user, 'otp', clientInfo(req));
        return tokenRedirect(target, session, verified.type);
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      location = errorRedirect(target, error, pkce);
    }
    return redirect(location);
  }

  async function verifyPost(req: ApiRequest): Promise<Reply> {
    ctx.limits.tokenVerifications.take(req.ip);
    const body = req.body();
    const type = optString(body, 'type');
    const token = optString(body, 'token')?.replace(/-/g, '');
    const tokenHash = optString(body, 'token_hash');
    const email = optString(body, 'email');
    const phone = optString(body, 'phone');
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (!!token === !!tokenHash) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    if (type === 'sms' || type === 'phone_change' || (token && phone && !email)) {
      throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    }
    let address: string | undefined;
    if (token) {
      if (!email || phone) {
        throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
      }
      try {
        address = validateEmail(email);
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
    } else if (email || phone || optString(body, 'redirect_to')) {
      throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
    }
    if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');

    const result = await ctx.db.tx(async (db) => {
      const verified = address
        ? await verifyCountedCode(ctx, db, type, address, token!)
        : await verifyLinkToken(ctx, db, type, tokenHash!);
      if ((await applyVerification(ctx, db, req, verified)) === 'pending') return undefined;
      const user = (await findUserById(db, verified.user.id))!;
      return ctx.sessions.issue(db, user, 'otp', clientInfo(req));
    });
    return result ? json(result) : json({ msg: SINGLE_CONFIRMATION, code: '200' });
  }

  return [
    { method: 'GET', path: '/verify', handler: verifyGet },
    { method: 'POST', path: '/verify', handler: verifyPost },
  ];
}
