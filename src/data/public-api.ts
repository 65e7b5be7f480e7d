import { reachability } from './app-reachability';
import { readSupabaseConfig, type SupabaseConfig } from './config';
import type { Database } from './database.types';
import { DataError, STATEMENT_TIMEOUT, STATEMENT_TIMEOUT_MESSAGE, toDataError, UNEXPECTED_MESSAGE } from './errors';

/**
 * The public site's door to the backend: anonymous, read-mostly PostgREST calls
 * made with `fetch`, so a visitor never downloads supabase-js (≈ 50 KiB gzip)
 * to read the registry, the plans or the updates
 * (docs/decisions/015-public-site-data-and-first-load.md).
 *
 * It speaks exactly the REST API that supabase-js's PostgREST client speaks,
 * with the anon key, so the same policies and grants decide what it may read
 * locally and on hosted Supabase. Anything that needs the visitor's session
 * goes through `client.ts` instead.
 */

type Functions = Database['public']['Functions'];
type Relations = Database['public']['Views'] & Database['public']['Tables'];

export interface PublicReadOptions {
  /** Rows `from`..`to`, inclusive and zero-based, as PostgREST's Range header. */
  range?: { from: number; to: number };
  /** Ask for the total number of matching rows (PostgREST `count=exact`). */
  count?: boolean;
  signal?: AbortSignal;
}

export interface PublicRows<Row> {
  rows: Row[];
  /** Total matching rows when `count` was asked for, otherwise null. */
  total: number | null;
}

let cachedConfig: SupabaseConfig | null = null;
function config(): { url: string; anonKey: string } {
  cachedConfig ??= readSupabaseConfig(import.meta.env);
  if (!cachedConfig.ok) throw new DataError(cachedConfig.message);
  return cachedConfig;
}

function headers(options: PublicReadOptions, extra: Record<string, string> = {}): Headers {
  const { anonKey } = config();
  const result = new Headers({ apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json', ...extra });
  if (options.count) result.set('Prefer', 'count=exact');
  if (options.range) {
    result.set('Range-Unit', 'items');
    result.set('Range', `${options.range.from}-${options.range.to}`);
  }
  return result;
}

/** `Content-Range: 0-9/42` → 42; `*\/0` → 0. */
export function totalFromContentRange(value: string | null): number | null {
  if (!value) return null;
  const total = value.split('/')[1];
  if (total === undefined || total === '*') return null;
  const parsed = Number(total);
  return Number.isInteger(parsed) ? parsed : null;
}

const watchedFetch = reachability.watch((input, init) => fetch(input, init));

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    // Through the reachability store, so the banner hears a Data API that does not answer (issue 28).
    response = await watchedFetch(`${config().url}/rest/v1/${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toDataError(error instanceof TypeError ? { status: 0, message: error.message } : error);
  }
  // 416: a page past the end of the results; PostgREST answers it instead of an empty list.
  if (response.ok || response.status === 416) return response;
  let body: { message?: string; code?: string; details?: string | null } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const message = body.code === STATEMENT_TIMEOUT ? STATEMENT_TIMEOUT_MESSAGE : body.message?.trim() ? body.message : UNEXPECTED_MESSAGE;
  throw new DataError(message, {
    status: response.status,
    code: body.code,
    details: typeof body.details === 'string' ? body.details : undefined,
  });
}

/**
 * Rows of a public view or table. `query` is PostgREST's query string, e.g.
 * `select=id,name&order=name.asc&name=ilike.*north*`.
 */
export async function publicSelect<Name extends keyof Relations>(
  relation: Name,
  query: string | URLSearchParams,
  options: PublicReadOptions = {},
): Promise<PublicRows<Relations[Name]['Row']>> {
  const search = typeof query === 'string' ? query : query.toString();
  const response = await send(`${String(relation)}${search ? `?${search}` : ''}`, {
    method: 'GET',
    headers: headers(options),
    signal: options.signal,
  });
  if (response.status === 416) return { rows: [], total: totalFromContentRange(response.headers.get('Content-Range')) };
  const rows = (await response.json()) as Relations[Name]['Row'][];
  return { rows, total: options.count ? totalFromContentRange(response.headers.get('Content-Range')) : null };
}

/**
 * Calls a function of the public API (POST /rest/v1/rpc/<name>) as an anonymous
 * visitor. A range on a set-returning function is sent as `limit` and `offset`:
 * PostgREST honours the Range header only on GET.
 */
export async function publicRpc<Name extends keyof Functions>(
  name: Name,
  args: Functions[Name]['Args'],
  options: PublicReadOptions = {},
): Promise<{ value: Functions[Name]['Returns']; total: number | null }> {
  const { range, ...rest } = options;
  const page = range ? `?limit=${Math.max(0, range.to - range.from + 1)}&offset=${range.from}` : '';
  const response = await send(`rpc/${String(name)}${page}`, {
    method: 'POST',
    headers: headers(rest, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(args ?? {}),
    signal: options.signal,
  });
  const text = response.status === 416 ? '[]' : await response.text();
  const value = (text === '' ? null : JSON.parse(text)) as Functions[Name]['Returns'];
  return { value, total: options.count ? totalFromContentRange(response.headers.get('Content-Range')) : null };
}

/** The address of an object in a public Storage bucket (e.g. an organisation's logo in brand_assets). */
export function publicStorageUrl(bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${config().url}/storage/v1/object/public/${encodeURIComponent(bucket)}/${encoded}`;
}
