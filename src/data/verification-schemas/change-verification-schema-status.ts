import type { AccordClient } from '../client';
import { schemaRefusal } from './refusals';
import { toVerificationSchema, type VerificationSchema } from './types';

/** Activates a draft or deprecates an active schema, dated now; system administrators only. */
export async function changeVerificationSchemaStatus(
  client: AccordClient,
  change: { id: string; status: 'active' | 'deprecated' },
): Promise<VerificationSchema> {
  const { data, error } = await client.rpc('change_verification_schema_status', { p_id: change.id, p_status: change.status }).single();
  if (error) throw schemaRefusal(error);
  return toVerificationSchema(data);
}
