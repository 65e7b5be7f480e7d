/**
 * `postgres_changes` filters as Supabase Realtime accepts them:
 * `column=op.value` with eq, neq, lt, lte, gt, gte, or `column=in.(a,b,"c,d")`.
 * The comparison itself runs in Postgres with the column's type
 * (server.ts), so `created_at=gt.2026-01-01` compares timestamps, not text.
 */
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

export const SQL_OPERATOR: Record<Exclude<FilterOp, 'in'>, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

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
