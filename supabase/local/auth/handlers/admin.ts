import { createHash } from 'node:crypto';
import { adminActor, audit, userActor } from '../audit.ts';
import { hashPassword } from '../bcrypt.ts';
import { requireAdmin, type AuthContext } from '../context.ts';
import { rows, type Queryable } from '../db.ts';
import { badRequest, DUPLICATE_EMAIL, notFound, unprocessable } from '../errors.ts';
import { json, optBoolean, optObject, optString, type ApiRequest, type Reply } from '../http.ts';
import { prepareLinkEmail, verifyLink, type LinkType } from '../link-emails.ts';
import { saveOneTimeToken } from '../one-time-tokens.ts';
import { isRedirectAllowed, referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { generateOtp, linkTokenFor } from '../secrets.ts';
import { logout } from '../sessions.ts';
import {
  confirmEmail,
  createEmailUser,
  EMAIL_PROVIDER,
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadUserJson,
  mergeAppMetadata,
  mergeUserMetadata,
  USER_COLUMNS,
  withRelations,
  type UserRow,
} from '../users.ts';
import { checkPasswordStrength, validateEmail } from '../validation.ts';
import { unguessablePassword } from './signup.ts';

/**
 * The service-role API: /admin/users (list, create, read, update, delete),
 * /admin/generate_link and /invite. Every route requires a JWT whose role is
 * service_role; the anon key gets 403 not_admin.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** Go's time.ParseDuration, which GoTrue applies to ban_duration. */
export function parseGoDuration(text: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (!/^(?:\d*\.?\d+(?:ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, value, unit] of text.matchAll(/(\d*\.?\d+)(ns|us|µs|ms|s|m|h)/g)) total += Number(value) * units[unit];
  return total;
}

async function applyBan(db: Queryable, userId: string, banDuration: string | undefined): Promise<void> {
  if (banDuration === undefined) return;
  if (banDuration === 'none') {
    await db.query('update auth.users set banned_until = null, updated_at = now() where id = $1', [userId]);
    return;
  }
  const ms = parseGoDuration(banDuration);
  if (ms === undefined) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${banDuration}"`);
  await db.query(
    "update auth.users set banned_until = now() + ($2::text || ' milliseconds')::interval, updated_at = now() where id = $1",
    [userId, String(ms)],
  );
  // A banned user's sessions end now rather than at their next refresh.
  await logout(db, userId, undefined, 'global');
}

/** GoTrue keeps soft-deleted rows but makes their addresses unusable (obfuscateValue). */
const obfuscate = (userId: string, value: string | null): string | null =>
  value ? createHash('sha256').update(userId + value).digest('hex') : value;

async function softDelete(db: Queryable, user: UserRow): Promise<void> {
  await db.query(
    `update auth.users set email = $2, phone = null, email_change = '', encrypted_password = '', confirmation_token = '',
       recovery_token = '', email_change_token_current = '', email_change_token_new = '',
       raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
     where id = $1`,
    [user.id, obfuscate(user.id, user.email)],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  await db.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
  const identities = await rows<{ id: string; provider_id: string }>(db, 'select id, provider_id from auth.identities where user_id = $1', [
    user.id,
  ]);
  for (const identity of identities) {
    await db.query(`update auth.identities set provider_id = $2, identity_data = '{}'::jsonb, updated_at = now() where id = $1`, [
      identity.id,
      obfuscate(user.id, identity.provider_id),
    ]);
  }
  await logout(db, user.id, undefined, 'global');
}

function pageParam(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`);
  return Math.max(1, Number(value));
}

type GenerateType = LinkType | 'email_change_current' | 'email_change_new';
const GENERATE_TYPES: GenerateType[] = ['magiclink', 'signup', 'invite', 'recovery', 'email_change_current', 'email_change_new'];

export function adminRoutes(ctx: AuthContext): Route[] {
  async function loadTarget(db: Queryable, id: string): Promise<UserRow> {
    if (!UUID.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(db, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  }

  async function listUsers(req: ApiRequest): Promise<Reply> {
    await requireAdmin(ctx, req);
    const page = pageParam(req.query.get('page'), 1);
    const perPage = pageParam(req.query.get('per_page'), 50);
    const direction = /\basc\b/i.test(req.query.get('sort') ?? '') ? 'asc' : 'desc';
    const filter = req.query.get('filter');
    const filterSql = filter ? `and (email ilike $1 or raw_user_meta_data->>'full_name' ilike $1)` : '';
    const filterParams = filter ? [`%${filter}%`] : [];
    const [{ n }] = await rows<{ n: string }>(
      ctx.db,
      `select count(*) as n from auth.users where aud = 'authenticated' ${filterSql}`,
      filterParams,
    );
    const total = Number(n);
    const limitAt = filterParams.length + 1;
    const found = await rows<UserRow>(
      ctx.db,
      `select ${USER_COLUMNS} from auth.users where aud = 'authenticated' ${filterSql}
        order by created_at ${direction}, id limit $${limitAt} offset $${limitAt + 1}`,
      [...filterParams, perPage, (page - 1) * perPage],
    );
    const last = Math.max(1, Math.ceil(total / perPage));
    const base = `${ctx.apiExternalUrl}/admin/users`;
    const links = [];
    if (page + 1 <= last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
    return json({ users: await withRelations(ctx.db, found), aud: 'authenticated' }, 200, {
      Link: links.join(', '),
      'X-Total-Count': String(total),
    });
  }

  async function createUser(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const body = req.body();
    const emailInput = optString(body, 'email');
    const phone = optString(body, 'phone');
    const password = optString(body, 'password');
    const passwordHash = optString(body, 'password_hash');
    const id = optString(body, 'id');
    if (!emailInput && !phone) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
    if (phone) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    const email = validateEmail(emailInput);
    if (password !== undefined) checkPasswordStrength(password, ctx.settings.passwordMinLength);
    if (passwordHash !== undefined && !BCRYPT_HASH.test(passwordHash)) {
      throw badRequest('validation_failed', 'Invalid password hash format');
    }
    if (id !== undefined && !UUID.test(id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');

    const created = await ctx.db.tx(async (db) => {
      if (await findUserByEmail(db, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
      if (id && (await findUserById(db, id))) throw unprocessable('user_already_exists', 'User already exists');
      const user = await createEmailUser(db, {
        id,
        email,
        encryptedPassword: passwordHash ?? (password ? hashPassword(password, ctx.settings.passwordHashCost) : ''),
        userMetadata: optObject(body, 'user_metadata') ?? {},
        appMetadata: optObject(body, 'app_metadata'),
        role: optString(body, 'role') || 'authenticated',
      });
      await audit(db, adminActor(role), 'user_signedup', req.ip, { user_id: user.id, user_email: email, user_phone: '' });
      if (optBoolean(body, 'email_confirm')) await confirmEmail(db, user.id);
      await applyBan(db, user.id, optString(body, 'ban_duration'));
      return user;
    });
    return json(await loadUserJson(ctx.db, created.id));
  }

  async function getUser(req: ApiRequest): Promise<Reply> {
    await requireAdmin(ctx, req);
    const user = await loadTarget(ctx.db, req.params.id);
    return json(await loadUserJson(ctx.db, user.id));
  }

  async function updateUser(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const body = req.body();
    const emailInput = optString(body, 'email');
    const password = optString(body, 'password');
    if (optString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    if (password !== undefined) checkPasswordStrength(password, ctx.settings.passwordMinLength);
    const email = emailInput ? validateEmail(emailInput) : undefined;

    const userId = await ctx.db.tx(async (db) => {
      const user = await loadTarget(db, req.params.id);
      const newRole = optString(body, 'role');
      if (newRole) await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [user.id, newRole]);
      const appMetadata = optObject(body, 'app_metadata');
      if (appMetadata) await mergeAppMetadata(db, user.id, appMetadata);
      const userMetadata = optObject(body, 'user_metadata');
      if (userMetadata) await mergeUserMetadata(db, user.id, userMetadata);
      if (email && email !== user.email?.toLowerCase()) {
        const taken = await findUserByEmail(db, email);
        if (taken && taken.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, email]);
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = $3`,
          [user.id, email, EMAIL_PROVIDER],
        );
      }
      if (password !== undefined) {
        await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hashPassword(password, ctx.settings.passwordHashCost)]);
        await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
        await logout(db, user.id, undefined, 'global');
      }
      if (optBoolean(body, 'email_confirm')) await confirmEmail(db, user.id);
      await applyBan(db, user.id, optString(body, 'ban_duration'));
      await audit(db, adminActor(role), 'user_modified', req.ip, { user_id: user.id, user_email: user.email ?? '' });
      return user.id;
    });
    return json(await loadUserJson(ctx.db, userId));
  }

  async function deleteUser(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const body = req.body();
    const soft = optBoolean(body, 'should_soft_delete') ?? false;
    await ctx.db.tx(async (db) => {
      const user = await loadTarget(db, req.params.id);
      await audit(db, adminActor(role), 'user_deleted', req.ip, { user_id: user.id, user_email: user.email ?? '', user_phone: '' });
      if (soft) await softDelete(db, user);
      else await db.query('delete from auth.users where id = $1', [user.id]);
    });
    return json({});
  }

  async function generateLink(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const body = req.body();
    const requested = optString(body, 'type') ?? '';
    const email = validateEmail(optString(body, 'email'));
    const data = optObject(body, 'data') ?? {};
    const bodyRedirect = optString(body, 'redirect_to');
    const redirectTo = isRedirectAllowed(ctx.redirects, bodyRedirect) ? bodyRedirect! : referrer(ctx.redirects, req);
    if (!GENERATE_TYPES.includes(requested as GenerateType)) {
      throw badRequest('validation_failed', `Invalid email action link type requested: ${requested}`);
    }
    // A magic link for an unknown address becomes a signup link, as on GoTrue.
    let type = requested as GenerateType;
    let password = optString(body, 'password');

    const result = await ctx.db.tx(async (db) => {
      let user = await findUserByEmail(db, email);
      if (!user) {
        if (type === 'magiclink') {
          type = 'signup';
          password = unguessablePassword();
        } else if (type !== 'signup' && type !== 'invite') {
          throw notFound('user_not_found', 'User with this email not found');
        }
      }

      if (type === 'email_change_current' || type === 'email_change_new') {
        return generateEmailChangeLink(db, user!, type, optString(body, 'new_email'), redirectTo);
      }
      if (type === 'magiclink' || type === 'recovery') {
        await audit(db, userActor(user!), 'user_recovery_requested', req.ip);
      } else {
        if (user && isConfirmed(user)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        if (type === 'signup' && user) {
          await mergeUserMetadata(db, user.id, data);
        } else if (!user) {
          if (type === 'signup') {
            if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
            checkPasswordStrength(password, ctx.settings.passwordMinLength);
          }
          user = await createEmailUser(db, {
            email,
            encryptedPassword: type === 'signup' ? hashPassword(password!, ctx.settings.passwordHashCost) : '',
            userMetadata: data,
          });
        }
        if (type === 'invite') await audit(db, adminActor(role), 'user_invited', req.ip, { user_id: user.id, user_email: email });
      }
      const prepared = await prepareLinkEmail(ctx, db, user!, type, { pkce: false, redirectTo, send: false });
      return { userId: user!.id, otp: prepared.otp, hashedToken: prepared.linkToken, link: prepared.link, type };
    });

    const user = await loadUserJson(ctx.db, result.userId);
    return json({
      ...user,
      action_link: result.link,
      email_otp: result.otp,
      hashed_token: result.hashedToken,
      verification_type: result.type,
      redirect_to: redirectTo,
    });
  }

  async function generateEmailChangeLink(
    db: Queryable,
    user: UserRow,
    type: 'email_change_current' | 'email_change_new',
    newEmailInput: string | undefined,
    redirectTo: string,
  ) {
    if (type === 'email_change_current' && !ctx.settings.secureEmailChange) {
      throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
    }
    const newEmail = validateEmail(newEmailInput);
    const taken = await findUserByEmail(db, newEmail);
    if (taken && taken.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    const otp = generateOtp(ctx.settings.otpLength);
    const current = type === 'email_change_current';
    const linkToken = linkTokenFor(ctx.linkTokenKey, current ? (user.email ?? '').toLowerCase() : newEmail, otp);
    await saveOneTimeToken(db, user.id, current ? 'email_change_token_current' : 'email_change_token_new', linkToken, current ? (user.email ?? '') : newEmail);
    await db.query(
      `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
         updated_at = now() where id = $1`,
      [user.id, newEmail],
    );
    return { userId: user.id, otp, hashedToken: linkToken, link: verifyLink(ctx.apiExternalUrl, linkToken, 'email_change', redirectTo), type };
  }

  async function invite(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const body = req.body();
    const email = validateEmail(optString(body, 'email'));
    const data = optObject(body, 'data') ?? {};
    const userId = await ctx.db.tx(async (db) => {
      let user = await findUserByEmail(db, email);
      if (user && isConfirmed(user)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
      user ??= await createEmailUser(db, { email, userMetadata: data });
      await audit(db, adminActor(role), 'user_invited', req.ip, { user_id: user.id, user_email: email });
      await prepareLinkEmail(ctx, db, user, 'invite', { pkce: false, redirectTo: referrer(ctx.redirects, req), send: true });
      return user.id;
    });
    return json(await loadUserJson(ctx.db, userId));
  }

  return [
    { method: 'GET', path: '/admin/users', handler: listUsers },
    { method: 'POST', path: '/admin/users', handler: createUser },
    { method: 'GET', path: '/admin/users/:id', handler: getUser },
    { method: 'PUT', path: '/admin/users/:id', handler: updateUser },
    { method: 'DELETE', path: '/admin/users/:id', handler: deleteUser },
    { method: 'POST', path: '/admin/generate_link', handler: generateLink },
    { method: 'POST', path: '/invite', handler: invite },
  ];
}
