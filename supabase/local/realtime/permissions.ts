import type pg from 'pg';
import type { RowChange } from './changes.ts';
import type { Claims } from './state.ts';

/**
 * The RLS check for one change and many subscribers in one round trip, as
 * Supabase Realtime's realtime.apply_rls does it: for each subscriber's
 * claims, switch to its role and claims (transaction-local) and run the
 * visibility query; an error (no select privilege, a policy that fails)
 * counts as not visible. A temporary function, made on each of the
 * stand-in's own connections, so the database's schema is not touched. The
 * transaction is read-only: a policy cannot write through it.
 */
const VISIBLE_FUNCTION = 'pg_temp.accord_realtime_visible';
const VISIBLE_FUNCTION_SQL = `
  create function ${VISIBLE_FUNCTION}(p_query text, p_key text[], p_table text, p_claims text[], p_xid bigint)
  returns jsonb
  language plpgsql
  as $$
  declare
    v_claims text;
    v_ok jsonb;
    v_verdicts jsonb := '[]';
    v_snapshot pg_catalog.pg_snapshot;
    v_xmax bigint;
    v_xid bigint;
  begin
    perform pg_catalog.set_config('transaction_read_only', 'on', true);
    -- The walsender streams a commit once its WAL is flushed, a moment before
    -- the transaction is visible to new snapshots: wait until it is (each
    -- statement here takes a fresh snapshot), or a row just committed would be
    -- judged invisible. pgoutput's xid has 32 bits; the epoch is the
    -- snapshot's (an xid at or above xmax is still running).
    for i in 1..5000 loop
      v_snapshot := pg_catalog.pg_current_snapshot();
      v_xmax := pg_catalog.pg_snapshot_xmax(v_snapshot)::text::bigint;
      v_xid := ((v_xmax >> 32) << 32) | p_xid;
      if v_xid > v_xmax + 2147483648 then
        v_xid := v_xid - 4294967296;
      end if;
      exit when v_xid < 0 or pg_catalog.pg_visible_in_snapshot(v_xid::text::xid8, v_snapshot);
      perform pg_catalog.pg_sleep(0.0002);
    end loop;
    foreach v_claims in array p_claims loop
      begin
        perform pg_catalog.set_config('role', (v_claims::jsonb) ->> 'role', true);
        perform pg_catalog.set_config('request.jwt.claims', v_claims, true);
        execute p_query into v_ok using p_key, p_table;
      exception when others then
        v_ok := null;
      end;
      v_verdicts := v_verdicts || pg_catalog.jsonb_build_array(v_ok);
    end loop;
    return v_verdicts;
  end;
  $$`;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface PermissionCheck {
  /**
   * Whether each subscriber may see the change: for INSERT and UPDATE, the row
   * is selected by primary key under each subscriber's role and claims (RLS
   * applies); for DELETE, whose row is gone, the role needs select on the
   * table and only the primary key is sent — as Supabase Realtime does.
   * Returns one verdict per set of claims, in order.
   */
  visibleTo(change: RowChange, claimsList: Claims[], pk: Record<string, string | null>): Promise<boolean[]>;
}

interface CheckBatch {
  change: RowChange;
  table: string;
  requests: { claimsList: Claims[]; values: (string | null)[]; resolve: (verdicts: boolean[]) => void; reject: (error: Error) => void }[];
}

/**
 * Checks asked in the same turn of the event loop for rows of the same table
 * and transaction (a trigger's fan-out: one notification per member) go to
 * Postgres together, one statement for all their rows and all their
 * subscribers; each subscriber still has each row judged under its own
 * claims.
 */
export function permissionCheck(pool: pg.Pool): PermissionCheck {
  /** Pooled connections that have the check function (it is made once on each). */
  const withCheckFunction = new WeakSet<pg.PoolClient>();
  const checkBatches = new Map<string, CheckBatch>();

  async function runChecks({ change, table, requests }: CheckBatch) {
    const keys = change.primaryKey;
    const typeOf = (k: string) => change.columns.find((c) => c.name === k)?.sqlType ?? 'text';
    let query: string;
    let params: (string | null)[];
    if (change.type === 'DELETE') {
      query = "select pg_catalog.to_jsonb(pg_catalog.has_table_privilege($2, 'select'))";
      params = [];
    } else if (keys.length === 1) {
      // For each key asked, in order, whether this subscriber can see its row (compared as the column's type).
      query =
        `select pg_catalog.jsonb_agg(exists(select 1 from ${table} where ${quoteIdent(keys[0])} = u.k) order by u.n) ` +
        `from pg_catalog.unnest(($1)::${typeOf(keys[0])}[]) with ordinality as u(k, n)`;
      params = [...new Set(requests.map((r) => r.values[0]))];
    } else {
      const where = keys.map((k, i) => `${quoteIdent(k)} = ($1[${i + 1}])::${typeOf(k)}`).join(' and ');
      query = `select pg_catalog.to_jsonb(exists(select 1 from ${table} where ${where}))`;
      params = requests[0].values;
    }
    const claimsByKey = new Map<string, Claims>();
    for (const r of requests) for (const c of r.claimsList) claimsByKey.set(JSON.stringify(c), c);
    const claimKeys = [...claimsByKey.keys()];
    try {
      const client = await pool.connect();
      let results: unknown[];
      try {
        if (!withCheckFunction.has(client)) {
          await client.query(VISIBLE_FUNCTION_SQL);
          withCheckFunction.add(client);
        }
        const { rows } = await client.query<{ verdicts: unknown[] }>(`select ${VISIBLE_FUNCTION}($1, $2, $3, $4, $5) as verdicts`, [
          query,
          params,
          table,
          claimKeys,
          change.xid,
        ]);
        results = rows[0].verdicts;
      } finally {
        client.release();
      }
      const byClaims = new Map(claimKeys.map((k, i) => [k, results[i]]));
      for (const r of requests) {
        r.resolve(
          r.claimsList.map((c) => {
            const result = byClaims.get(JSON.stringify(c));
            if (Array.isArray(result)) return result[params.indexOf(r.values[0])] === true;
            return result === true;
          }),
        );
      }
    } catch (error) {
      for (const r of requests) r.reject(error as Error);
    }
  }

  return {
    visibleTo(change, claimsList, pk) {
      const keys = change.primaryKey;
      if (change.type !== 'DELETE' && keys.length === 0) return Promise.resolve(claimsList.map(() => false));
      const table = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
      const values = keys.map((k) => pk[k]);
      // Rows with a one-column key share a statement; a composite key is asked on its own.
      const shared = change.type === 'DELETE' || keys.length === 1;
      const group = `${change.xid}|${change.type === 'DELETE' ? 'delete' : 'row'}|${table}|${shared ? keys.join(',') : JSON.stringify(values)}`;
      return new Promise((resolve, reject) => {
        let batch = checkBatches.get(group);
        if (!batch) {
          checkBatches.set(group, (batch = { change, table, requests: [] }));
          setImmediate(() => {
            checkBatches.delete(group);
            void runChecks(batch!);
          });
        }
        batch.requests.push({ claimsList, values, resolve, reject });
      });
    },
  };
}
