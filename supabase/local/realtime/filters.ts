import type pg from 'pg';
import type { RowChange } from './changes.ts';

/**
 * `postgres_changes` filters as Supabase Realtime accepts them:
 * `column=op.value` with eq, neq, lt, lte, gt, gte, or `column=in.(a,b,"c,d")`.
 * The comparison itself runs in Postgres with the column's type
 * (`filterVerdicts`), so `created_at=gt.2026-01-01` compares timestamps, not
 * text.
 */
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

const SQL_OPERATOR: Record<Exclude<FilterOp, 'in'>, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function splitList(list: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of list) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      values.push(current.trim());
      current = '';
    } else current += ch;
  }
  values.push(current.trim());
  return values;
}

/** Throws a message Realtime-like in spirit when the filter cannot be read; the join is then refused. */
export function parseFilter(filter: string): ParsedFilter {
  const m = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  if (!m) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  const [, column, op, raw] = m;
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(raw);
    if (!list) throw new Error(`Error parsing \`filter\` params: ${filter}`);
    return { column, op, values: splitList(list[1]) };
  }
  return { column, op: op as FilterOp, values: [raw] };
}

async function matchesFilter(pool: pg.Pool, change: RowChange, filter: ParsedFilter): Promise<boolean> {
  const values = change.type === 'DELETE' ? change.oldRecord : change.record;
  const column = change.columns.find((c) => c.name === filter.column);
  if (!column || !values || !(filter.column in values)) return false;
  const value = values[filter.column];
  const cast = `::text::${column.sqlType}`;
  const text =
    filter.op === 'in'
      ? `select $1${cast} = any(array(select pg_catalog.unnest($2::text[])${cast})) as ok`
      : `select $1${cast} ${SQL_OPERATOR[filter.op]} $2${cast} as ok`;
  try {
    const { rows } = await pool.query<{ ok: boolean | null }>(text, [value, filter.op === 'in' ? filter.values : filter.values[0]]);
    return rows[0].ok === true;
  } catch {
    // A value that is not of the column's type matches nothing.
    return false;
  }
}

/** Whether the change matches each distinct filter, asked once per filter rather than once per subscriber. */
export function filterVerdicts(pool: pg.Pool, change: RowChange, filters: ParsedFilter[]): Map<ParsedFilter, Promise<boolean>> {
  const byText = new Map<string, Promise<boolean>>();
  const verdicts = new Map<ParsedFilter, Promise<boolean>>();
  for (const f of filters) {
    const text = JSON.stringify([f.column, f.op, f.values]);
    let verdict = byText.get(text);
    if (!verdict) byText.set(text, (verdict = matchesFilter(pool, change, f)));
    verdicts.set(f, verdict);
  }
  return verdicts;
}
