import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { verificationSchemaKeys } from './keys';
import { schemaRefusal } from './refusals';

/** The ids of the schemas an organisation declared it verifies (its members read them). */
export async function listDeclaredSchemaIds(client: AccordClient, organizationId: string): Promise<string[]> {
  const { data, error } = await client.from('organization_verification_schemas').select('schema_id').eq('organization_id', organizationId);
  if (error) throw toDataError(error);
  return data.map((row) => row.schema_id);
}

export function useDeclaredSchemaIds(organizationId: string, client: AccordClient = supabase) {
  return useSWR(verificationSchemaKeys.declared(organizationId), () => listDeclaredSchemaIds(client, organizationId));
}

/** Sets exactly which schemas the organisation verifies; its admins only (the database checks and logs it). */
export async function setDeclaredSchemas(client: AccordClient, organizationId: string, schemaIds: string[]): Promise<void> {
  const { error } = await client.rpc('set_organization_verification_schemas', { p_organization_id: organizationId, p_schema_ids: schemaIds });
  if (error) throw schemaRefusal(error);
}
