import pg from 'pg';

/**
 * The auth service's connection to Postgres, as supabase_auth_admin (the owner
 * of the auth schema). Every write that belongs together runs in `tx`.
 */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface Db extends Queryable {
  tx<T>(fn: (client: Queryable) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

/** Thrown inside `tx` to commit what was done and still fail the request (GoTrue's CommitWithError). */
export class CommitThenThrow extends Error {
  constructor(readonly cause: unknown) {
    super('commit, then fail');
  }
}

export function connect(dbUrl: string, onError: (message: string) => void): Db {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10, idleTimeoutMillis: 10_000 });
  // An idle client that loses its connection (Postgres restarted) must not crash the process.
  pool.on('error', (error) => onError(`auth: idle database client failed: ${error.message}`));
  // A client in use (inside a transaction) hears the loss too: its next query fails on its own, the process lives.
  pool.on('connect', (client) => client.on('error', () => undefined));

  return {
    query: ((text: string, values?: unknown[]) => pool.query(text, values)) as Queryable['query'],
    async tx<T>(fn: (client: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        try {
          const result = await fn(client);
          await client.query('commit');
          return result;
        } catch (error) {
          if (error instanceof CommitThenThrow) {
            await client.query('commit');
            throw error.cause;
          }
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

export async function rows<T extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, values)).rows;
}

export async function maybeRow<T extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<T | undefined> {
  return (await db.query<T>(text, values)).rows[0];
}
