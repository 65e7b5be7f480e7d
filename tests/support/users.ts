import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { stackConfig } from '../../supabase/local/config.ts';

/**
 * People for the database tests: real accounts created through the auth
 * service's admin API, signed in through the auth service, talking to
 * PostgREST through the gateway with the JWT the auth service issued — the
 * same path the browser takes. Fixtures that no API user could arrange (making
 * the first system administrator, back-dating an invitation) go through `sql`
 * as the database superuser.
 *
 * Each call makes a fresh account with a unique address, so test files never
 * depend on each other or on the seed.
 */
const config = stackConfig('test');

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // supabase-js refuses to start on Node without a WebSocket implementation.
  // ws is one; realtime-js declares its constructor more narrowly than ws's types.
  realtime: { transport: ws as unknown as RealtimeTransport },
};

export interface TestUser {
  id: string;
  email: string;
  /** A supabase-js client signed in as this user. */
  client: SupabaseClient;
}

/** A visitor: the anon key and no session. */
export function asAnon(): SupabaseClient {
  return createClient(config.apiUrl, config.keys.anonKey, clientOptions);
}

let serviceRole: SupabaseClient | undefined;
/** Server code with the service role key (bypasses RLS). */
export function asServiceRole(): SupabaseClient {
  serviceRole ??= createClient(config.apiUrl, config.keys.serviceRoleKey, clientOptions);
  return serviceRole;
}

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'user';
}

/** A unique address for `label`, e.g. `org-admin.3f9c2a1b@db-tests.accord.test`. */
export function uniqueEmail(label: string): string {
  return `${slug(label)}.${randomUUID().slice(0, 8)}@db-tests.accord.test`;
}

// Each account's password, so a test can open a second session of the same person (signInAgain).
const passwords = new Map<string, string>();

/** Creates a confirmed account through the auth admin API and signs it in with its password. */
export async function newUser(label: string, opts: { email?: string; fullName?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail(label);
  const password = randomBytes(18).toString('base64url');
  const created = await asServiceRole().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: opts.fullName ? { full_name: opts.fullName } : undefined,
  });
  if (created.error || !created.data.user) {
    throw new Error(`Creating ${email} failed: ${created.error?.message ?? 'no user returned'}`);
  }
  passwords.set(email, password);
  return { id: created.data.user.id, email, client: await signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(config.apiUrl, config.keys.anonKey, clientOptions);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) {
    throw new Error(`Signing in ${email} failed: ${signedIn.error?.message ?? 'no session returned'}`);
  }
  return client;
}

/** A new session of a user made by newUser, signed in with the password alone (aal1), as on another device. */
export async function signInAgain(user: Pick<TestUser, 'email'>): Promise<SupabaseClient> {
  const password = passwords.get(user.email);
  if (!password) throw new Error(`${user.email} was not made by newUser in this file`);
  return signIn(user.email, password);
}

let pool: pg.Pool | undefined;
/** Runs SQL as the database superuser (bypasses RLS): for arranging and inspecting fixtures only. */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  query: string,
  params: unknown[] = [],
): Promise<Row[]> {
  if (!pool) {
    // allowExitOnIdle and a short idle timeout: test workers end without anyone
    // closing the pool, and must not keep connections the stack's teardown kills.
    pool = new pg.Pool({ connectionString: config.dbUrl, max: 4, allowExitOnIdle: true, idleTimeoutMillis: 500 });
    // An idle connection terminated by the teardown (57P01) is not a test failure;
    // errors of queries in flight still reject their promise.
    pool.on('error', () => undefined);
  }
  const result = await pool.query<Row>(query, params);
  return result.rows;
}
