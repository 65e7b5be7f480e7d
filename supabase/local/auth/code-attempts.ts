import type { Queryable } from './db.ts';
import { forbidden, type ApiError } from './errors.ts';

/**
 * Wrong six-digit codes, counted per address (docs/decisions/022-accounts-codes-and-mail.md).
 * GoTrue limits /verify per client IP only, so guesses spread over many
 * addresses (or one IPv6 network) are never stopped; here the fifth wrong code
 * entered for an address burns that address's codes, and until a new code is
 * sent every attempt, the right code included, is refused with
 * `otp_attempts_exceeded`.
 *
 * The count is keyed by the address as typed (lower-cased), whether or not it
 * has an account, so the answers never tell the two apart. It lives in a table
 * of the stand-in's own (hosted GoTrue has none such), so it survives a restart
 * and is shared by every auth instance on the database; a row older than a
 * code's lifetime is about codes that have expired anyway, and is dropped.
 */
export const MAX_WRONG_CODES = 5;

export const codeAttemptsExceeded = (): ApiError =>
  forbidden('otp_attempts_exceeded', 'Too many wrong codes were entered. Request a new code.');

/** Created by the service when it starts, as GoTrue migrates its own tables; idempotent. */
export async function ensureCodeAttemptsTable(db: Queryable): Promise<void> {
  await db.query(`
    create table if not exists auth.code_attempts (
      address text primary key,
      attempts integer not null,
      updated_at timestamptz not null default now()
    );
    comment on table auth.code_attempts is
      'Local auth stand-in only: codes entered per address since its last code was sent; see supabase/local/auth/code-attempts.ts.';
  `);
}

/**
 * Counts one attempt for `address` and returns how many there have been,
 * this one included. The row stays locked until the transaction ends, so
 * guesses sent at the same time are counted one after another.
 */
export async function countCodeAttempt(db: Queryable, address: string, lifetimeSeconds: number): Promise<number> {
  await db.query('delete from auth.code_attempts where updated_at < now() - make_interval(secs => $1)', [lifetimeSeconds]);
  const { rows } = await db.query<{ attempts: number }>(
    `insert into auth.code_attempts (address, attempts, updated_at) values (lower($1), 1, now())
     on conflict (address) do update set attempts = auth.code_attempts.attempts + 1, updated_at = now()
     returning attempts`,
    [address],
  );
  return rows[0].attempts;
}

/** A code was accepted, or a new one sent: the address starts afresh. */
export async function forgetCodeAttempts(db: Queryable, address: string): Promise<void> {
  await db.query('delete from auth.code_attempts where address = lower($1)', [address]);
}

/** Every code a guess at `address` could match stops working (its link with it). */
export async function burnCodes(db: Queryable, address: string, ownerId: string | undefined): Promise<void> {
  const burned = await db.query<{ user_id: string; token_type: string }>(
    `delete from auth.one_time_tokens where user_id = $1::uuid or lower(relates_to) = lower($2)
     returning user_id, token_type::text`,
    [ownerId ?? null, address],
  );
  for (const { user_id, token_type } of burned.rows) {
    // The legacy users.<token type> column GoTrue fills alongside (the enum's values are the column names).
    await db.query(`update auth.users set ${token_type} = '' where id = $1`, [user_id]);
  }
}
