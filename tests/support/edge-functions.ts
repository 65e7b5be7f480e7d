import { stackConfig } from '../../supabase/local/config.ts';
import type { TestUser } from './users.ts';

/**
 * Calling an Edge Function through the gateway as the browser does: the
 * project's anon key, and the person's own access token (or the anon key for
 * a visitor), keeping the status of a refusal.
 */
const config = stackConfig('test');

export interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** POSTs `body` (JSON, or a raw string to test what the function makes of it) to `/functions/v1/<name>`. */
export async function callFunction(name: string, user: Pick<TestUser, 'client'> | null, body: unknown): Promise<FunctionAnswer> {
  const token = user ? (await user.client.auth.getSession()).data.session!.access_token : config.keys.anonKey;
  const res = await fetch(`${config.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Calls `/functions/v1/<name>` as the stack's schedule does (the service role key, no body) and returns its answer. */
export async function callAsSchedule(name: string): Promise<FunctionAnswer> {
  const res = await fetch(`${config.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${config.keys.serviceRoleKey}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
