import { audit, userActor } from '../audit.ts';
import type { EffectiveSettings } from '../context.ts';
import { CommitThenThrow, maybeRow, rows, type Queryable } from '../db.ts';
import { ApiError, forbidden, internal, unprocessable } from '../errors.ts';
import { newId } from '../secrets.ts';
import {
  confirmEmail,
  findUserById,
  isBanned,
  isConfirmed,
  mergeUserMetadata,
  NIL_UUID,
  syncProviders,
  USER_COLUMNS,
  type UserRow,
} from '../users.ts';
import type { UserProvidedData } from './keycloak.ts';

/**
 * What GoTrue does with a person an external provider vouched for
 * (external.go createAccountFromExternalIdentity, models/linking.go
 * DetermineAccountLinking, identity.go linkIdentityToUser): find the identity,
 * else link to the one account holding a verified address, else create one.
 * One linking domain ("default"): no SSO providers or linking domains here.
 */

interface IdentityRef {
  id: string;
  user_id: string;
}

async function findIdentity(db: Queryable, providerId: string, provider: string): Promise<IdentityRef | undefined> {
  return maybeRow<IdentityRef>(db, 'select id, user_id from auth.identities where provider_id = $1 and provider = $2', [
    providerId,
    provider,
  ]);
}

async function createIdentity(db: Queryable, userId: string, provider: string, data: UserProvidedData['claims']): Promise<string> {
  const id = newId();
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [id, data.sub, userId, data, provider],
  );
  return id;
}

/** GoTrue's RemoveUnconfirmedIdentities: an unconfirmed account taken over by a provider keeps nothing else. */
async function removeUnconfirmedIdentities(db: Queryable, user: UserRow, keepIdentityId: string, provider: string, data: Record<string, unknown>) {
  if (provider !== 'email' && provider !== 'phone') {
    await db.query("update auth.users set encrypted_password = '', updated_at = now() where id = $1", [user.id]);
  }
  await mergeUserMetadata(db, user.id, data);
  await db.query('delete from auth.identities where user_id = $1 and id <> $2', [user.id, keepIdentityId]);
  await syncProviders(db, user.id);
}

type Decision =
  | { kind: 'exists'; user: UserRow; identityId: string }
  | { kind: 'link'; user: UserRow }
  | { kind: 'create'; email: string };

async function decide(db: Queryable, settings: EffectiveSettings, provider: string, data: UserProvidedData): Promise<Decision> {
  const autoconfirm = !settings.enableConfirmations;
  const verified = data.emails.filter((e) => e.verified || autoconfirm).map((e) => e.email.toLowerCase());
  const candidate = (data.emails.find((e) => e.primary)?.email ?? '').toLowerCase();

  const existing = await findIdentity(db, data.claims.sub, provider);
  if (existing) return { kind: 'exists', user: (await findUserById(db, existing.user_id))!, identityId: existing.id };

  if (verified.length === 0) {
    // An unverified address is never linked; if someone already has it, the new account gets none.
    const taken = candidate
      ? await maybeRow(db, "select id from auth.users where lower(email) = $1 and is_sso_user = false and aud = 'authenticated'", [candidate])
      : undefined;
    return { kind: 'create', email: taken ? '' : candidate };
  }

  const similarIdentities = await rows<{ user_id: string }>(db, 'select user_id from auth.identities where email = any($1)', [verified]);
  const linkingUsers = [...new Set(similarIdentities.map((i) => i.user_id))];
  if (linkingUsers.length > 1) {
    throw internal('Multiple accounts with the same email address in the same linking domain detected: default');
  }
  if (linkingUsers.length === 1) return { kind: 'link', user: (await findUserById(db, linkingUsers[0]))! };
  const similarUsers = await rows<UserRow>(
    db,
    `select ${USER_COLUMNS} from auth.users where lower(email) = any($1) and is_sso_user = false`,
    [verified],
  );
  if (similarUsers.length > 1) {
    throw internal('Multiple accounts with the same email address in the same linking domain detected: default');
  }
  if (similarUsers.length === 1) return { kind: 'link', user: similarUsers[0] };
  return { kind: 'create', email: candidate };
}

/** GoTrue's signupNewUser for a provider: no password, the provider in app_metadata, the claims as user_metadata. */
async function createProviderUser(db: Queryable, email: string, provider: string, data: Record<string, unknown>): Promise<UserRow> {
  const id = newId();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, $2, 'authenticated', 'authenticated', $3, '', $4, $5, now(), now(), false, false)`,
    [NIL_UUID, id, email || null, { provider, providers: [provider] }, data],
  );
  return (await findUserById(db, id))!;
}

export interface ExternalSignIn {
  user: UserRow;
}

/**
 * createAccountFromExternalIdentity. Throws GoTrue's errors; an unverified
 * address on an unconfirmed account is refused with
 * provider_email_needs_verification after the takeover protection is committed.
 */
export async function signInWithExternalIdentity(
  db: Queryable,
  settings: EffectiveSettings,
  provider: string,
  data: UserProvidedData,
  ip: string,
): Promise<UserRow> {
  const decision = await decide(db, settings, provider, data);
  let user: UserRow;
  let identityId: string;
  let candidateVerified = data.emails.find((e) => e.primary)?.verified ?? false;
  let hasEmail = data.emails.length > 0;

  if (decision.kind === 'exists') {
    user = decision.user;
    identityId = decision.identityId;
    await db.query('update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1', [
      identityId,
      data.claims,
    ]);
    await mergeUserMetadata(db, user.id, data.claims);
    await syncProviders(db, user.id);
    // GoTrue judges the address by the account's own, since the provider may have changed it.
    hasEmail = !!user.email;
  } else if (decision.kind === 'link') {
    user = decision.user;
    identityId = await createIdentity(db, user.id, provider, data.claims);
    await mergeUserMetadata(db, user.id, data.claims);
    await syncProviders(db, user.id);
    await audit(db, userActor(user), 'identity_linked', ip, { identity_id: identityId, provider, provider_id: data.claims.sub });
  } else {
    if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    user = await createProviderUser(db, decision.email, provider, data.claims);
    identityId = await createIdentity(db, user.id, provider, data.claims);
    candidateVerified &&= decision.email !== '';
  }
  user = (await findUserById(db, user.id))!;

  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (hasEmail && !isConfirmed(user)) {
    await removeUnconfirmedIdentities(db, user, identityId, provider, data.claims);
    if (candidateVerified || !settings.enableConfirmations) {
      await audit(db, userActor(user), 'user_signedup', ip, { provider });
      await confirmEmail(db, user.id);
    } else {
      // GoTrue mails a confirmation link here; the local stand-in only refuses (decision 040).
      throw new CommitThenThrow(new UnverifiedProviderEmail(provider));
    }
  } else {
    await audit(db, userActor(user), 'login', ip, { provider });
  }
  return (await findUserById(db, user.id))!;
}

/** Raised after the takeover protection above, which must still be committed (GoTrue's CommitWithError). */
export class UnverifiedProviderEmail extends ApiError {
  constructor(provider: string) {
    super(
      422,
      'provider_email_needs_verification',
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    );
  }
}

/** linkIdentityToUser's first check: nobody, the target included, holds this identity already. */
export async function ensureLinkable(db: Queryable, target: UserRow, provider: string, data: UserProvidedData): Promise<void> {
  const existing = await findIdentity(db, data.claims.sub, provider);
  if (existing) {
    throw unprocessable(
      'identity_already_exists',
      existing.user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user',
    );
  }
}

/**
 * linkIdentityToUser: the account gains the provider's identity, unless anyone
 * has it already. Called when the browser that started the link exchanges its
 * code, not at /callback (decision 067).
 */
export async function linkExternalIdentity(
  db: Queryable,
  target: UserRow,
  provider: string,
  data: UserProvidedData,
  ip: string,
): Promise<UserRow> {
  await ensureLinkable(db, target, provider, data);
  const identityId = await createIdentity(db, target.id, provider, data.claims);
  await audit(db, userActor(target), 'identity_linked', ip, { identity_id: identityId, provider, provider_id: data.claims.sub });
  await syncProviders(db, target.id);
  return (await findUserById(db, target.id))!;
}

/**
 * DeleteIdentity's tail: the account keeps an address one of its remaining
 * identities has (GoTrue's UpdateUserEmailFromIdentities, verified ones first).
 */
export async function unlinkIdentity(db: Queryable, user: UserRow, identity: { id: string; provider: string; provider_id: string }, ip: string) {
  await audit(db, userActor(user), 'identity_unlinked', ip, {
    identity_id: identity.id,
    provider: identity.provider,
    provider_id: identity.provider_id,
  });
  await db.query('delete from auth.identities where id = $1', [identity.id]);
  const remaining = await rows<{ email: string | null; verified: boolean }>(
    db,
    `select email, coalesce((identity_data ->> 'email_verified')::boolean, false) as verified
       from auth.identities where user_id = $1 order by (email is null), not coalesce((identity_data ->> 'email_verified')::boolean, false), created_at, id`,
    [user.id],
  );
  const current = user.email?.toLowerCase() ?? '';
  if (current && !remaining.some((i) => i.email === current)) {
    const next = remaining.find((i) => i.email);
    if (next) {
      try {
        await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, next.email]);
      } catch {
        throw unprocessable('email_conflict_identity_not_deletable', 'Unable to unlink identity due to email conflict');
      }
    }
  }
  await syncProviders(db, user.id);
}
