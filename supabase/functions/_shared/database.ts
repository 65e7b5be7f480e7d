import pg from 'npm:pg@8.23.1';

import { env } from './env.ts';

/**
 * The function's own connection to the project's database (SUPABASE_DB_URL,
 * which hosted Supabase gives every Edge Function), for a path that must be
 * short: one statement over a pooled connection instead of supabase-js →
 * gateway → PostgREST → Postgres (decision 078: the webhook's
 * acknowledgement). One small pool per isolate, made on first use and kept
 * for the isolate's life, so requests share warm connections; idle ones are
 * closed after 10 s, so an isolate that sleeps holds none.
 *
 * It connects as the database's owner (postgres), not as service_role: use it
 * only to call security-definer functions that check their own inputs, as
 * the service role would.
 */
const pools = new Map<string, pg.Pool>();

/**
 * A pool per lane: work someone waits for (`answer`) never queues behind
 * background work (`background`) for a connection. Sizes are small: the
 * database's connections are shared by every isolate of every function.
 */
export function database(lane: 'answer' | 'background' = 'answer'): pg.Pool {
  let pool = pools.get(lane);
  if (!pool) {
    pool = new pg.Pool({ connectionString: env('SUPABASE_DB_URL'), max: lane === 'answer' ? 3 : 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 10_000 });
    // A connection the server ends while idle is dropped from the pool; without a listener it would end the isolate.
    pool.on('error', (error) => console.error('database pool:', error.message));
    pools.set(lane, pool);
  }
  return pool;
}

/** The one value of `select fn(…) as value`: what an rpc() answers. */
export async function call<T>(sql: string, params: unknown[], lane: 'answer' | 'background' = 'answer'): Promise<T> {
  const { rows } = await database(lane).query<{ value: T }>(sql, params);
  return rows[0]?.value as T;
}
