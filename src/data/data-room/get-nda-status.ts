import type { AccordClient } from '../client';
import { toDataRoomError } from './refusals';

export interface NdaStatus {
  version: number;
  body: string;
  publishedAt: string;
  /** When the caller agreed to this version; null until they do. */
  agreedAt: string | null;
  /** An older version the caller agreed to, so the page can say the agreement changed. */
  previouslyAgreedVersion: number | null;
}

/** The data room's current NDA for the caller, or null while none is published (the data room is closed). */
export async function getNdaStatus(client: AccordClient): Promise<NdaStatus | null> {
  const { data, error } = await client.rpc('investor_nda_status');
  if (error) throw toDataRoomError(error);
  const row = data?.[0];
  if (!row) return null;
  return {
    version: row.version,
    body: row.body,
    publishedAt: row.published_at,
    agreedAt: row.agreed_at,
    previouslyAgreedVersion: row.previously_agreed_version,
  };
}
