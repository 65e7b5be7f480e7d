import type { AccordClient } from '../client';
import type { Tables } from '../database.types';
import { DataError } from '../errors';

export const ORGANIZATION_LOOKUP_FAILED = 'Organization lookup failed';

export type Organization = Tables<'organizations'>;

/** One organisation by id (spec §7: select all from organizations, filter by id). */
export async function getOrganization(client: AccordClient, organizationId: string): Promise<Organization> {
  const { data, error } = await client.from('organizations').select('*').eq('id', organizationId).single();
  if (error) throw new DataError(ORGANIZATION_LOOKUP_FAILED, { code: error.code, cause: error });
  return data;
}
