import type { AccordClient } from '../client';
import { toDataError } from '../errors';
import { activityFilterArgs, type NetworkActivityFilters } from './list-network-activity';

/** The database answers at most this many rows a call (admin_network_activity_export). */
export const EXPORT_CHUNK = 10_000;

/**
 * The filtered audit trail as one CSV file (header, then rows newest first).
 * PostgREST writes each chunk as CSV (Accept: text/csv); the next chunk
 * continues from the last row's id and occurred_at, the first two columns.
 * Cells a spreadsheet would run as a formula arrive neutralised.
 */
export async function exportNetworkActivityCsv(client: AccordClient, filters: NetworkActivityFilters, maxRows = 100_000): Promise<string> {
  let header = '';
  const lines: string[] = [];
  let before: { p_before_occurred_at: string; p_before_id: number } | Record<string, never> = {};
  while (lines.length < maxRows) {
    const { data, error } = await client
      .rpc('admin_network_activity_export', { ...activityFilterArgs(filters), ...before, p_limit: Math.min(EXPORT_CHUNK, maxRows - lines.length) })
      .csv();
    if (error) throw toDataError(error);
    const [first = '', ...rows] = String(data ?? '').split('\n').filter((line) => line !== '');
    header ||= first;
    lines.push(...rows);
    const last = rows.at(-1);
    if (rows.length < EXPORT_CHUNK || !last) break;
    // id,"2026-03-06 00:00:00+00",… — an id has no comma, a timestamp is quoted (it holds a space).
    const match = /^(\d+),"?([^",]+)"?,/.exec(last);
    if (!match) break;
    before = { p_before_id: Number(match[1]), p_before_occurred_at: match[2] };
  }
  return [header, ...lines].join('\n') + '\n';
}
