import { maybeRow, rows, type Queryable } from './db.ts';
import { newId } from './secrets.ts';

/**
 * auth.users, auth.identities and the user JSON GoTrue returns (models.User):
 * same fields, same omissions (`omitempty` fields are left out when null).
 */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const EMAIL_PROVIDER = 'email';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

/** What auth.mfa_factors contributes to the user JSON (enrolment: handlers/mfa.ts). */
export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Date | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, email_change_confirm_status,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone,
  phone_confirmed_at, confirmed_at, banned_until, deleted_at, is_anonymous, is_sso_user`;

export const isConfirmed = (u: UserRow): boolean => u.email_confirmed_at !== null || u.phone_confirmed_at !== null;
export const isBanned = (u: UserRow, now = new Date()): boolean => u.banned_until !== null && u.banned_until > now;
export const hasPassword = (u: UserRow): boolean => !!u.encrypted_password;

export function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  return maybeRow<UserRow>(db, `select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, non-SSO users only. */
export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return maybeRow<UserRow>(
    db,
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and is_sso_user = false and aud = 'authenticated'`,
    [email],
  );
}

export interface NewUser {
  email: string;
  encryptedPassword?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  id?: string;
}

/**
 * A plain INSERT (so triggers on auth.users, such as the one creating
 * public.profiles, fire as on hosted), then the e-mail identity GoTrue creates
 * alongside.
 */
export async function createEmailUser(db: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? newId();
  // Supplied app_metadata is merged over the provider keys, as GoTrue's admin create does.
  const appMetadata = { provider: EMAIL_PROVIDER, providers: [EMAIL_PROVIDER], ...(input.appMetadata ?? {}) };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, $2, 'authenticated', $3, $4, $5, $6, $7, now(), now(), false, false)`,
    [NIL_UUID, id, input.role ?? 'authenticated', input.email, input.encryptedPassword ?? '', appMetadata, input.userMetadata ?? {}],
  );
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3, $4, now(), now())`,
    [newId(), id, { sub: id, email: input.email, email_verified: false, phone_verified: false }, EMAIL_PROVIDER],
  );
  // Triggers may have changed the row while it was inserted; GoTrue reloads it too.
  return (await findUserById(db, id))!;
}

/** Merges into raw_user_meta_data; a null value removes the key (GoTrue's UpdateUserMetaData). */
export async function mergeUserMetadata(db: Queryable, userId: string, patch: Record<string, unknown>): Promise<void> {
  const removed = Object.keys(patch).filter((k) => patch[k] === null);
  const kept = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
  await db.query(
    `update auth.users
        set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) - $2::text[]) || $3::jsonb, updated_at = now()
      where id = $1`,
    [userId, removed, kept],
  );
}

export async function mergeAppMetadata(db: Queryable, userId: string, patch: Record<string, unknown>): Promise<void> {
  const removed = Object.keys(patch).filter((k) => patch[k] === null);
  const kept = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
  await db.query(
    `update auth.users
        set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) - $2::text[]) || $3::jsonb, updated_at = now()
      where id = $1`,
    [userId, removed, kept],
  );
}

/** GoTrue's Confirm: confirmed now, `email_verified` in user_metadata and the identity, no pending codes. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [userId],
  );
  await mergeUserMetadata(db, userId, { email_verified: true });
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = $2`,
    [userId, EMAIL_PROVIDER],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** app_metadata.providers lists the user's identities' providers (GoTrue's UpdateAppMetaDataProviders). */
export async function syncProviders(db: Queryable, userId: string): Promise<void> {
  const providers = (
    await rows<{ provider: string }>(
      db,
      'select distinct provider from auth.identities where user_id = $1 order by provider',
      [userId],
    )
  ).map((r) => r.provider);
  if (providers.length > 0) await mergeAppMetadata(db, userId, { providers });
}

export async function touchLastSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
}

const iso = (d: Date | null | undefined): string | undefined => (d ? d.toISOString() : undefined);

function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    phone: f.phone ?? undefined,
    last_challenged_at: iso(f.last_challenged_at),
  };
}

export type UserJson = ReturnType<typeof userJson>;

export function userJson(u: UserRow, identities: IdentityRow[], factors: FactorRow[]) {
  return {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
}

/** The user as the API returns it, with identities and factors, or undefined when gone. */
export async function loadUserJson(db: Queryable, userId: string): Promise<UserJson | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  return withRelations(db, [user]).then((list) => list[0]);
}

export async function withRelations(db: Queryable, users: UserRow[]): Promise<UserJson[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const identities = await rows<IdentityRow>(
    db,
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [ids],
  );
  const factors = await rows<FactorRow & { user_id: string }>(
    db,
    `select id, user_id, friendly_name, factor_type::text, status::text, created_at, updated_at, phone, last_challenged_at
       from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at`,
    [ids],
  );
  return users.map((u) =>
    userJson(
      u,
      identities.filter((i) => i.user_id === u.id),
      factors.filter((f) => f.user_id === u.id),
    ),
  );
}
