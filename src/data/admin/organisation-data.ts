import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { toFunctionError, type FunctionsErrorLike } from '../function-error';
import { RECENT_SECOND_FACTOR_MESSAGE, RECENT_SECOND_FACTOR_REQUIRED, toDatabasePageError } from './database';

/**
 * An organisation's data on /admin/database (decision 076): finding one,
 * exporting it through the organisation-export Edge Function, and the erasure
 * requests (typed name, a second administrator, 7 days' grace).
 */

export interface OrganisationMatch {
  id: string;
  name: string;
  erased_at: string | null;
}

export interface ErasureRequest {
  id: number;
  organization_id: string;
  organization_name: string;
  requested_by: string | null;
  requested_by_me: boolean;
  requested_at: string;
  approved_by: string | null;
  approved_at: string | null;
  due_at: string | null;
  cancelled_at: string | null;
  executed_at: string | null;
}

export interface OrganisationExport {
  url: string;
  fileName: string;
  expiresIn: number;
  manifest: { tables: { table: string; rows: number }[]; files: { entry: string }[] };
}

export const organisationDataKeys = {
  search: (term: string) => ['admin', 'database', 'organisations', term] as const,
  erasures: ['admin', 'database', 'erasures'] as const,
};

/** `%` and `_` typed in a name are letters, not wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchOrganisations(client: AccordClient, term: string): Promise<OrganisationMatch[]> {
  const { data, error } = await client
    .from('organizations')
    .select('id, name, erased_at')
    .ilike('name', `%${likeLiteral(term.trim())}%`)
    .order('name')
    .limit(10);
  if (error) throw toDatabasePageError(error);
  return data;
}

export const useOrganisationSearch = (term: string, client: AccordClient = supabase) =>
  useSWR(term.trim() === '' ? null : organisationDataKeys.search(term.trim()), () => searchOrganisations(client, term));

async function invokeExport(client: AccordClient, organizationId: string, as: 'network' | 'organisation'): Promise<OrganisationExport> {
  const { data, error } = await client.functions.invoke<OrganisationExport>('organisation-export', { body: { organizationId, as } });
  if (error) {
    const failure = await toFunctionError(error as FunctionsErrorLike);
    if (failure.code === RECENT_SECOND_FACTOR_REQUIRED) throw new DataError(RECENT_SECOND_FACTOR_MESSAGE, { code: failure.code, cause: error });
    throw failure;
  }
  if (!data?.url) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}

/** ▶ Export, by a system administrator (a code from the last 10 minutes). */
export const exportOrganisation = (client: AccordClient, organizationId: string) => invokeExport(client, organizationId, 'network');
/** An organisation's administrator exporting their own organisation. */
export const exportMyOrganisation = (client: AccordClient, organizationId: string) => invokeExport(client, organizationId, 'organisation');

export async function getErasureRequests(client: AccordClient): Promise<ErasureRequest[]> {
  const { data, error } = await client.rpc('admin_erasure_requests');
  if (error) throw toDatabasePageError(error);
  if (!Array.isArray(data)) throw new DataError(UNEXPECTED_MESSAGE);
  return data as unknown as ErasureRequest[];
}

export const useErasureRequests = (client: AccordClient = supabase) => useSWR(organisationDataKeys.erasures, () => getErasureRequests(client));

async function act<T>(request: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw toDatabasePageError(error);
  return data;
}

export const requestErasure = (client: AccordClient, organizationId: string, typedName: string) =>
  act(client.rpc('admin_request_erasure', { p_organization_id: organizationId, p_typed_name: typedName }));
export const approveErasure = (client: AccordClient, requestId: number) => act(client.rpc('admin_approve_erasure', { p_request_id: requestId }));
export const cancelErasure = (client: AccordClient, requestId: number) => act(client.rpc('admin_cancel_erasure', { p_request_id: requestId }));
