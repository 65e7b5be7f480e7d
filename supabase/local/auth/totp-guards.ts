import type { Queryable } from './db.ts';
import { tooManyRequests, type ApiError } from './errors.ts';

/**
 * What the stand-in adds to GoTrue's TOTP verification (decision 039), kept in
 * tables of its own so a restart forgets nothing and every auth instance on
 * the database shares them (hosted GoTrue has none such):
 *
 * - `auth.mfa_totp_last_steps`: the last 30-second time step whose code was
 *   accepted for a factor. A code is accepted only for a later step, so a code
 *   that has been used once (or an older one) never works again (RFC 6238 §5.2).
 *   GoTrue accepts the same code again for a new challenge while it is valid.
 * - `auth.mfa_wrong_codes`: codes tried per factor and per client network in a
 *   fixed window; an accepted code gives its attempt back. GoTrue has only its
 *   per-IP request rate limit (15 a minute) on /factors/{id}/verify.
 */
export async function ensureTotpGuardTables(db: Queryable): Promise<void> {
  await db.query(`
    create table if not exists auth.mfa_totp_last_steps (
      factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
      last_step bigint not null,
      updated_at timestamptz not null default now()
    );
    comment on table auth.mfa_totp_last_steps is
      'Local auth stand-in only: the last TOTP time step accepted per factor, so a code works once; see supabase/local/auth/totp-guards.ts.';
    create table if not exists auth.mfa_wrong_codes (
      subject text primary key,
      attempts integer not null,
      window_started_at timestamptz not null default now()
    );
    comment on table auth.mfa_wrong_codes is
      'Local auth stand-in only: TOTP codes tried per factor and per client network in the current window; see supabase/local/auth/totp-guards.ts.';
  `);
}

export const factorSubject = (factorId: string): string => `factor:${factorId}`;
export const ipSubject = (network: string): string => `ip:${network}`;

export interface AttemptCount {
  attempts: number;
  windowEndsAt: Date;
}

/**
 * Counts one attempt for `subject` in the current window (a new window starts
 * once the last has passed) and returns the count, this one included. Runs on
 * its own, outside the verification's transaction, so a wrong code stays
 * counted; the upsert makes attempts sent at the same time count one by one.
 */
export async function countAttempt(db: Queryable, subject: string, windowSeconds: number): Promise<AttemptCount> {
  await db.query('delete from auth.mfa_wrong_codes where window_started_at < now() - make_interval(secs => $1)', [windowSeconds]);
  const { rows } = await db.query<{ attempts: number; window_ends_at: Date }>(
    `insert into auth.mfa_wrong_codes as w (subject, attempts, window_started_at) values ($1, 1, now())
     on conflict (subject) do update set
       attempts = case when w.window_started_at < now() - make_interval(secs => $2) then 1 else w.attempts + 1 end,
       window_started_at = case when w.window_started_at < now() - make_interval(secs => $2) then now() else w.window_started_at end
     returning attempts, window_started_at + make_interval(secs => $2) as window_ends_at`,
    [subject, windowSeconds],
  );
  return { attempts: rows[0].attempts, windowEndsAt: rows[0].window_ends_at };
}

/** An accepted code: the factor starts afresh and the network gets its attempt back. */
export async function acceptedAttempt(db: Queryable, factorId: string, network: string): Promise<void> {
  await db.query('delete from auth.mfa_wrong_codes where subject = $1', [factorSubject(factorId)]);
  await db.query('update auth.mfa_wrong_codes set attempts = greatest(attempts - 1, 0) where subject = $1', [ipSubject(network)]);
}

export function tooManyWrongCodes(windowEndsAt: Date, now = new Date()): ApiError {
  const minutes = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 60_000));
  return tooManyRequests(
    'over_request_rate_limit',
    `Too many wrong codes were entered. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** The last accepted step of a factor, locked until the transaction ends; -1 when none. */
export async function lastAcceptedStep(db: Queryable, factorId: string): Promise<number> {
  const { rows } = await db.query<{ last_step: string }>(
    'select last_step::text from auth.mfa_totp_last_steps where factor_id = $1 for update',
    [factorId],
  );
  return rows[0] ? Number(rows[0].last_step) : -1;
}

export async function recordAcceptedStep(db: Queryable, factorId: string, step: number): Promise<void> {
  await db.query(
    `insert into auth.mfa_totp_last_steps (factor_id, last_step, updated_at) values ($1, $2, now())
     on conflict (factor_id) do update set last_step = excluded.last_step, updated_at = now()`,
    [factorId, step],
  );
}
