import pg from 'pg';
import { fromDatabaseError } from './errors.ts';
import type { Caller } from './tokens.ts';

/**
 * Storage's connection to Postgres, as supabase_storage_admin: the owner of the
 * storage schema (so its own lookups see every row) and a member of anon,
 * authenticated and service_role.
 *
 * Whatever a caller may do is decided as hosted Storage decides it: the query
 * runs in a transaction that has switched to the caller's role and carries the
 * caller's JWT claims (`request.jwt.claims`, read by auth.uid()), so the row-level
 * security policies on storage.objects — the same ones hosted Supabase applies —
 * allow or refuse it. service_role has BYPASSRLS, as on hosted.
 */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface RequestContext {
  caller: Caller;
  method: string;
  path: string;
}

export interface StorageDb {
  /** As the schema owner: bucket lookups and reads that hosted Storage makes as its superuser. */
  admin: Queryable;
  /** One transaction as the caller; rolled back when `fn` throws (or when `rollback` is set). */
  asCaller<T>(ctx: RequestContext, fn: (db: CallerTx) => Promise<T>, opts?: { rollback?: boolean }): Promise<T>;
  end(): Promise<void>;
}

export interface CallerTx extends Queryable {
  /** Runs `fn` as the schema owner inside the same transaction, then switches back to the caller. */
  asOwner<T>(fn: () => Promise<T>): Promise<T>;
}

async function setCaller(client: pg.PoolClient, ctx: RequestContext): Promise<void> {
  const { caller } = ctx;
  await client.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.role', $1, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.method', $4, true),
            set_config('request.path', $5, true)`,
    [caller.role, JSON.stringify(caller.claims), caller.sub ?? '', ctx.method, ctx.path],
  );
}

export function connect(dbUrl: string, onError: (message: string) => void): StorageDb {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10, idleTimeoutMillis: 10_000 });
  pool.on('error', (error) => onError(`storage: idle database client failed: ${error.message}`));
  // A client in use (a caller's transaction) hears the loss too: its next query fails on its own, the process lives.
  pool.on('connect', (client) => client.on('error', () => undefined));

  const translate = (error: unknown): never => {
    throw fromDatabaseError(error) ?? error;
  };

  return {
    admin: {
      query: ((text: string, values?: unknown[]) => pool.query(text, values).catch(translate)) as Queryable['query'],
    },

    async asCaller(ctx, fn, opts = {}) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await setCaller(client, ctx);
        const tx: CallerTx = {
          query: ((text: string, values?: unknown[]) => client.query(text, values).catch(translate)) as Queryable['query'],
          async asOwner(inner) {
            const restore = () => client.query(`select set_config('role', $1, true)`, [ctx.caller.role]);
            await client.query('reset role');
            let result;
            try {
              result = await inner();
            } catch (error) {
              // The transaction may be aborted and will be rolled back: keep the original error.
              await restore().catch(() => undefined);
              throw error;
            }
            // Must succeed: nothing else may run as the owner.
            await restore();
            return result;
          },
        };
        try {
          const result = await fn(tx);
          await client.query(opts.rollback ? 'rollback' : 'commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    },

    end: () => pool.end(),
  };
}
