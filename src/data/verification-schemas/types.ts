import type { Database, Json } from '../database.types';

export type AssuranceLevel = Database['public']['Enums']['assurance_level'];
export type VerificationSchemaStatus = Database['public']['Enums']['verification_schema_status'];

/** The trust framework's levels (/framework), lowest first. */
export const ASSURANCE_LEVELS: readonly AssuranceLevel[] = ['low', 'substantial', 'high'];
export const ASSURANCE_LABELS: Record<AssuranceLevel, string> = { low: 'Low', substantial: 'Substantial', high: 'High' };

/** One version of a kind of verification the network recognises. */
export interface VerificationSchema {
  id: string;
  name: string;
  version: string;
  description: string;
  assuranceLevel: AssuranceLevel;
  /** A JSON Schema of the attributes a check establishes. */
  attributes: Json;
  status: VerificationSchemaStatus;
  createdAt: string;
  updatedAt: string;
  activatedAt: string | null;
  deprecatedAt: string | null;
}

export type VerificationSchemaRow = Database['public']['Tables']['verification_schemas']['Row'];

export function toVerificationSchema(row: VerificationSchemaRow): VerificationSchema {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    description: row.description,
    assuranceLevel: row.assurance_level,
    attributes: row.attributes,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    activatedAt: row.activated_at,
    deprecatedAt: row.deprecated_at,
  };
}
