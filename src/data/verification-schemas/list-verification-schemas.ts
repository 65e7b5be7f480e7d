import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { verificationSchemaKeys } from './keys';
import { toVerificationSchema, type VerificationSchema } from './types';

/**
 * Every schema the caller may read, by name then version: the back office
 * sees drafts too; anyone else only active and deprecated ones (RLS decides).
 */
export async function listVerificationSchemas(client: AccordClient): Promise<VerificationSchema[]> {
  const { data, error } = await client.from('verification_schemas').select('*').order('name').order('version', { ascending: false });
  if (error) throw toDataError(error);
  return data.map(toVerificationSchema);
}

export function useVerificationSchemas(client: AccordClient = supabase) {
  return useSWR(verificationSchemaKeys.list, () => listVerificationSchemas(client));
}
