import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * Calls an RPC that database.types.ts does not list yet (member_home and
 * organization_activity land in 20261125000400; the lead regenerates the
 * types after merging, and then this file can go).
 */
export async function callRpc(client: AccordClient, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const rpc = client.rpc.bind(client) as unknown as (
    name: string,
    params: Record<string, unknown>,
  ) => PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>;
  const { data, error } = await rpc(fn, args);
  if (error) throw toDataError(error);
  return data;
}
