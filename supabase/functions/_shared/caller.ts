import { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2.109.0';

import { clientOptions, env } from './env.ts';
import { failure } from './http.ts';

/** The token of `Authorization: Bearer …`, or null when the request has none. */
export function bearerToken(req: Request): string | null {
  return /^Bearer (\S+)$/.exec(req.headers.get('Authorization') ?? '')?.[1] ?? null;
}

/**
 * `sub` of a bearer token, or null: the project's keys are JWTs too and carry
 * none, so a function only a person may use asks this first. The signature
 * was checked by verify_jwt before the function runs.
 */
export function tokenSubject(jwt: string): string | null {
  try {
    const payload = JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * A client that makes every database call with the caller's token, so RLS and
 * the RPCs' own checks decide what the caller may do, never the function.
 */
export function callerClient(jwt: string): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${jwt}` } },
  });
}

export interface SignedInCaller {
  caller: SupabaseClient;
  user: User;
}

/**
 * The person who sent the request and a client acting as them, or a 401 whose
 * message is `signInTo` ("Sign in to invite people."). The project's keys are
 * JWTs too; only a person's session counts, which the auth service confirms.
 */
export async function signedInCaller(req: Request, signInTo: string): Promise<SignedInCaller | Response> {
  const jwt = bearerToken(req);
  if (!jwt) return failure(401, 'not_authenticated', signInTo);
  const caller = callerClient(jwt);
  const { data, error } = await caller.auth.getUser(jwt);
  if (error || !data.user) return failure(401, 'not_authenticated', signInTo);
  return { caller, user: data.user };
}
