import { forgetCodeAttempts } from './code-attempts.ts';
import { maybeRow, type Queryable } from './db.ts';
import { newId, storedTokenHash } from './secrets.ts';

/**
 * Link and code tokens in auth.one_time_tokens (one per user and type; a new one
 * replaces the old, so only the latest e-mail works). Only a hash of the link
 * token is stored, also in the legacy users.*_token columns GoTrue fills.
 */
export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_current'
  | 'email_change_token_new';

/** Link tokens of PKCE flows carry this prefix; /verify reads the flow from it. */
export const PKCE_PREFIX = 'pkce_';

const LEGACY_COLUMN: Record<OneTimeTokenType, string> = {
  confirmation_token: 'confirmation_token',
  recovery_token: 'recovery_token',
  email_change_token_current: 'email_change_token_current',
  email_change_token_new: 'email_change_token_new',
};

/** The users column whose timestamp starts the token's validity (GoTrue measures expiry from it). */
export const SENT_AT_COLUMN: Record<OneTimeTokenType, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_current: 'email_change_sent_at',
  email_change_token_new: 'email_change_sent_at',
};

export async function saveOneTimeToken(
  db: Queryable,
  userId: string,
  type: OneTimeTokenType,
  linkToken: string,
  relatesTo: string,
): Promise<void> {
  const hash = storedTokenHash(linkToken);
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())`,
    [newId(), userId, type, hash, relatesTo],
  );
  await db.query(`update auth.users set ${LEGACY_COLUMN[type]} = $2 where id = $1`, [userId, hash]);
  // A new code: wrong guesses at the old ones no longer count against it.
  await forgetCodeAttempts(db, relatesTo);
}

export async function clearOneTimeToken(db: Queryable, userId: string, type: OneTimeTokenType): Promise<void> {
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await db.query(`update auth.users set ${LEGACY_COLUMN[type]} = '' where id = $1`, [userId]);
}

export interface FoundToken {
  user_id: string;
  token_type: OneTimeTokenType;
  relates_to: string;
}

/** The token a link carries (exactly as sent, `pkce_` prefix included). */
export function findByLinkToken(db: Queryable, linkToken: string, types: OneTimeTokenType[]): Promise<FoundToken | undefined> {
  return maybeRow<FoundToken>(
    db,
    `select user_id, token_type::text, relates_to from auth.one_time_tokens
      where token_hash = $1 and token_type::text = any($2::text[]) limit 1`,
    [storedTokenHash(linkToken), types],
  );
}

/**
 * The token a code answers: `linkToken` is the keyed hash of email + code (secrets.ts); the stored one
 * may carry the PKCE prefix, since a code typed in another browser must still work.
 */
export function findByCode(
  db: Queryable,
  linkToken: string,
  types: OneTimeTokenType[],
  where: { userId: string } | { relatesTo: string },
): Promise<FoundToken | undefined> {
  const [column, value] = 'userId' in where ? ['user_id::text', where.userId] : ['lower(relates_to)', where.relatesTo.toLowerCase()];
  return maybeRow<FoundToken>(
    db,
    `select user_id, token_type::text, relates_to from auth.one_time_tokens
      where token_hash = any($1::text[]) and token_type::text = any($2::text[]) and ${column} = $3
      order by array_position($2::text[], token_type::text) limit 1`,
    [[storedTokenHash(linkToken), storedTokenHash(PKCE_PREFIX + linkToken)], types, value],
  );
}
