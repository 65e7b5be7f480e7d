import { randomInt } from 'node:crypto';
import http from 'node:http';
import { isIP } from 'node:net';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { stackConfig } from '../../supabase/local/config.ts';

/**
 * Visitors at addresses of their own, honestly: on Linux every address in
 * 127.0.0.0/8 is this machine, so a request made from (bound to) 127.41.7.3
 * reaches the gateway on 127.0.0.1 with 127.41.7.3 as its socket's address —
 * the only thing the gateway believes when it tells PostgREST who is calling
 * (cf-connecting-ip, as Cloudflare does on hosted Supabase). No header is
 * forged; the public forms' per-network limits see a different client.
 */
const config = stackConfig('test');

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * A loopback address no other test uses (127.0.0.1 stays the browser's and
 * the default clients'): random, so test files sharing one database within
 * the hour never share a network by accident.
 */
export function freshClientAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** `fetch` whose connections leave from `localAddress` (Node's own fetch cannot choose its source address). */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        request.url,
        // family: `localhost` must resolve to an address of the same family as the one bound.
        { method: request.method, headers: Object.fromEntries(request.headers), localAddress, family: isIP(localAddress), signal: request.signal },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of [value ?? []].flat()) headers.append(name, one);
            }
            const status = incoming.statusCode ?? 502;
            const noBody = status === 204 || status === 205 || status === 304;
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, statusText: incoming.statusMessage, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** A visitor (the anon key, no session) whose requests come from `localAddress`. */
export function anonFrom(localAddress: string = freshClientAddress()): SupabaseClient {
  return createClient(config.apiUrl, config.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeTransport },
    global: { fetch: fetchFrom(localAddress) },
  });
}

/**
 * One database transaction that calls functions the way PostgREST does for a
 * visitor — `anon` role, `request.headers` set for the call as the gateway
 * would have forwarded them — so a test can be many clients at once without
 * leaving anything behind: `rollback()` undoes every call.
 */
export class VisitorTransaction {
  private constructor(private readonly client: pg.Client) {}

  static async open(): Promise<VisitorTransaction> {
    const client = new pg.Client({ connectionString: config.dbUrl });
    await client.connect();
    await client.query('begin');
    return new VisitorTransaction(client);
  }

  /**
   * `select public.<fn>(args…)` as a visitor whose request carried `headers`
   * (null: no request.headers at all, as for a caller that is not PostgREST).
   * Resolves to the result, or rejects with Postgres's error; a refused call
   * leaves the transaction usable.
   */
  async call(fn: string, args: unknown[], headers: Record<string, string> | null): Promise<unknown> {
    await this.client.query('savepoint call');
    try {
      await this.client.query("select set_config('role', 'anon', true), set_config('request.headers', $1, true)", [
        headers === null ? '' : JSON.stringify(headers),
      ]);
      const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
      const { rows } = await this.client.query<{ result: unknown }>(`select public.${fn}(${placeholders}) as result`, args);
      await this.client.query('reset role');
      await this.client.query('release savepoint call');
      return rows[0].result;
    } catch (error) {
      await this.client.query('rollback to savepoint call');
      throw error;
    }
  }

  /** SQL as the superuser inside the same transaction (sees what the calls stored). */
  async sql<Row extends pg.QueryResultRow>(query: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.client.query<Row>(query, params)).rows;
  }

  async rollback(): Promise<void> {
    try {
      await this.client.query('rollback');
    } finally {
      await this.client.end();
    }
  }
}
