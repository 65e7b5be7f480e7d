import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { investorContentKeys } from './keys';
import { toInvestorContentError } from './refusals';

/** Entries per page of a document's access log. */
export const ACCESS_LOG_PAGE_SIZE = 20;

export interface AccessLogEntry {
  id: number;
  occurredAt: string;
  action: 'open' | 'download';
  email: string | null;
  name: string | null;
  version: number | null;
}

export interface AccessLogPage {
  entries: AccessLogEntry[];
  total: number;
}

/** One page (from 0) of who opened or downloaded a document, newest first, paged by the database. */
export async function getDocumentAccessLog(client: AccordClient, documentId: string, page: number): Promise<AccessLogPage> {
  const { data, error } = await client.rpc('investor_document_access_log', {
    p_document_id: documentId,
    p_limit: ACCESS_LOG_PAGE_SIZE,
    p_offset: page * ACCESS_LOG_PAGE_SIZE,
  });
  if (error) throw toInvestorContentError(error);
  return {
    entries: data.map((r) => ({
      id: r.id,
      occurredAt: r.occurred_at,
      action: r.action === 'download' ? 'download' : 'open',
      email: r.email,
      name: r.full_name,
      version: r.version,
    })),
    total: data[0]?.total_count ?? 0,
  };
}

export function useDocumentAccessLog(documentId: string, page: number, client: AccordClient = supabase) {
  return useSWR(investorContentKeys.accessLog(documentId, page), () => getDocumentAccessLog(client, documentId, page), { keepPreviousData: true });
}
