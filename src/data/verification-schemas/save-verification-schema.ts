import type { AccordClient } from '../client';
import type { Json } from '../database.types';
import { schemaRefusal } from './refusals';
import { toVerificationSchema, type AssuranceLevel, type VerificationSchema } from './types';

export interface VerificationSchemaDraft {
  /** Null adds a new draft; an id edits that draft. */
  id: string | null;
  name: string;
  version: string;
  description: string;
  assuranceLevel: AssuranceLevel;
  attributes: Json;
}

/** Adds or edits a draft schema; system administrators only (the database checks and logs it). */
export async function saveVerificationSchema(client: AccordClient, draft: VerificationSchemaDraft): Promise<VerificationSchema> {
  const { data, error } = await client
    .rpc('save_verification_schema', {
      // The generated type cannot say that p_id may be null (a new draft).
      p_id: draft.id as string,
      p_name: draft.name,
      p_version: draft.version,
      p_description: draft.description,
      p_assurance_level: draft.assuranceLevel,
      p_attributes: draft.attributes,
    })
    .single();
  if (error) throw schemaRefusal(error);
  return toVerificationSchema(data);
}
