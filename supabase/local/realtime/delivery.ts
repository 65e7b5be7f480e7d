import type pg from 'pg';
import type { RowChange } from './changes.ts';
import { filterVerdicts } from './filters.ts';
import type { PermissionCheck } from './permissions.ts';
import { allChannels, push, stillHolds, type Channel, type Claims, type PgBinding, type RealtimeState } from './state.ts';

/**
 * `postgres_changes` delivery: which joined channels a change reaches (event,
 * schema, table, filter), their RLS verdicts (permissions.ts), the payload
 * typed by Postgres, and the push — in commit order.
 */
export interface Delivery {
  /** Takes the next change of the replication stream. */
  onChange(change: RowChange): void;
  /** Settles once every change taken so far has gone out (or failed). */
  drained(): Promise<void>;
}

type Prepared = { data: Record<string, unknown>; pending: { channel: Channel; ids: number[]; claims: Claims; verdict: boolean }[] } | null;

export function changeDelivery(state: RealtimeState, pool: pg.Pool, permissions: PermissionCheck, log: (message: string) => void): Delivery {
  const recordSql = new Map<string, string>();
  /** The change's text values as typed JSON, cast by Postgres with each column's own type. */
  async function typedRecord(change: RowChange, values: Record<string, string | null> | null, only?: string[]) {
    if (!values) return {};
    const columns = change.columns.filter((c) => c.name in values && (!only || only.includes(c.name)));
    if (columns.length === 0) return {};
    const key = `${change.schema}.${change.table}:${columns.map((c) => `${c.name}:${c.sqlType}`).join(',')}`;
    let text = recordSql.get(key);
    if (!text) {
      const pairs = columns.map((c, i) => `'${c.name.replaceAll("'", "''")}', $${i + 1}::text::${c.sqlType}`);
      text = `select pg_catalog.jsonb_build_object(${pairs.join(', ')}) as record`;
      recordSql.set(key, text);
    }
    const { rows } = await pool.query<{ record: Record<string, unknown> }>(text, columns.map((c) => values[c.name]));
    return rows[0].record;
  }

  /**
   * Everything a change needs before it can go out — which channels match,
   * their RLS verdicts, the typed payload — worked out as soon as the change
   * arrives, alongside the changes before it (the pool bounds the work).
   */
  async function prepare(change: RowChange): Promise<Prepared> {
    const candidates: { channel: Channel; binding: PgBinding }[] = [];
    for (const channel of allChannels(state)) {
      for (const b of channel.bindings) {
        if (b.event !== '*' && b.event.toUpperCase() !== change.type) continue;
        if (b.schema !== '*' && b.schema !== change.schema) continue;
        if (b.table !== undefined && b.table !== '*' && b.table !== change.table) continue;
        candidates.push({ channel, binding: b });
      }
    }
    if (candidates.length === 0) return null;
    const filters = filterVerdicts(pool, change, candidates.flatMap((c) => (c.binding.parsed ? [c.binding.parsed] : [])));
    const targets = new Map<Channel, number[]>();
    for (const { channel, binding } of candidates) {
      if (binding.parsed && !(await filters.get(binding.parsed))) continue;
      targets.set(channel, [...(targets.get(channel) ?? []), binding.id]);
    }
    if (targets.size === 0) return null;
    const pkSource = change.type === 'DELETE' ? (change.oldRecord ?? {}) : (change.record ?? {});
    const pk = Object.fromEntries(change.primaryKey.map((k) => [k, pkSource[k] ?? null]));
    // One check per distinct set of claims: many subscribers often share a role and a user.
    const claimsByKey = new Map<string, Claims>();
    const entries = [...targets].map(([channel, ids]) => {
      const key = JSON.stringify(channel.claims);
      claimsByKey.set(key, channel.claims);
      return { channel, ids, claims: channel.claims, key };
    });
    const keys = [...claimsByKey.keys()];
    const [verdicts, record, oldRecord] = await Promise.all([
      permissions.visibleTo(change, [...claimsByKey.values()], pk).catch((error: unknown) => {
        log(`realtime: RLS check failed, nothing delivered: ${(error as Error).message}`);
        return keys.map(() => false);
      }),
      change.type === 'DELETE' ? undefined : typedRecord(change, change.record),
      // Old values are the primary key only, as Realtime sends them when the table has RLS.
      change.type === 'INSERT' ? undefined : typedRecord(change, { ...pk, ...(change.oldRecord ?? {}) }, change.primaryKey),
    ]);
    const data = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commitTimestamp,
      type: change.type,
      columns: change.columns.map(({ name, type }) => ({ name, type })),
      errors: null,
      ...(record === undefined ? {} : { record }),
      ...(oldRecord === undefined ? {} : { old_record: oldRecord }),
    };
    return { data, pending: entries.map(({ channel, ids, claims, key }) => ({ channel, ids, claims, verdict: verdicts[keys.indexOf(key)] === true })) };
  }

  function deliver(prepared: Prepared) {
    if (!prepared) return;
    for (const { channel, ids, verdict, claims } of prepared.pending) {
      // The channel may have left, or its token been replaced or expired, while the check ran.
      if (!verdict || !stillHolds(channel, claims)) continue;
      if (Number(channel.claims.exp) * 1000 <= Date.now()) continue;
      push(channel, 'postgres_changes', { ids, data: prepared.data });
    }
  }

  // Changes are delivered one after another, in commit order.
  let queue = Promise.resolve();
  return {
    onChange(change) {
      // Prepared at once; sent strictly in commit order.
      const prepared = prepare(change);
      prepared.catch(() => undefined);
      queue = queue
        .then(() => prepared)
        .then(deliver)
        .catch((error: unknown) => log(`realtime: delivery failed: ${(error as Error).message}`));
    },
    drained: () => queue,
  };
}
