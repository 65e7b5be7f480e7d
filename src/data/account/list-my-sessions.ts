import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError } from '../errors';
import { accountKeys } from './keys';

export interface AccountSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: string;
  lastActiveAt: string;
  isCurrent: boolean;
}

const LOAD_FAILED = "We couldn't load your sessions. Check your connection and try again.";

/** The person's own sign-in sessions, this one first (my_sessions(): reads only the caller's). */
export async function listMySessions(client: AccordClient): Promise<AccountSession[]> {
  const { data, error } = await client.rpc('my_sessions');
  if (error) throw new DataError(LOAD_FAILED, { code: error.code, cause: error });
  return data.map((row) => ({
    id: row.id,
    userAgent: row.user_agent || null,
    ip: row.ip || null,
    signedInAt: row.created_at,
    lastActiveAt: row.last_active_at,
    isCurrent: row.is_current,
  }));
}

export function useMySessions(client: AccordClient = supabase) {
  return useSWR(accountKeys.sessions, () => listMySessions(client));
}
