import type { Database, Json } from '../database.types';

export type RegistryStatus = Database['public']['Enums']['registry_status'];
export type OrganizationSector = Database['public']['Enums']['organization_sector'];
export type OrganizationSize = Database['public']['Enums']['organization_size'];

/** Every status an entry can have, in the order the registry explains them. */
export const REGISTRY_STATUSES: readonly RegistryStatus[] = ['active', 'suspended', 'revoked'];

export interface RegistryStatusChange {
  status: RegistryStatus;
  effectiveFrom: string;
}

/** A verification schema an organisation declared it verifies, as the registry shows it. */
export interface DeclaredSchema {
  id: string;
  name: string;
  version: string;
  assuranceLevel: 'low' | 'substantial' | 'high';
  /** Drafts are never in the registry. */
  status: 'active' | 'deprecated';
  declaredAt: string;
  activatedAt: string | null;
  deprecatedAt: string | null;
}

/** One organisation as the public trust registry shows it (public.registry_organization). */
export interface RegistryOrganization {
  id: string;
  name: string;
  legalName: string | null;
  registrationNumber: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  website: string | null;
  /** The website's host without www., as registry_by_domain matches it. */
  domain: string | null;
  sector: OrganizationSector | null;
  size: OrganizationSize | null;
  description: string | null;
  /** Object in the public brand_assets bucket. */
  logoPath: string | null;
  /** The public contact address its admins chose to publish, or null. */
  contactEmail: string | null;
  status: RegistryStatus;
  statusEffectiveFrom: string;
  /** Start of the current membership (a reinstatement continues it). */
  memberSince: string | null;
  /** Oldest first. */
  statusHistory: RegistryStatusChange[];
  /** The schemas it verifies, by name. */
  verificationSchemas: DeclaredSchema[];
}

export type RegistryOrganizationRow = Database['public']['CompositeTypes']['registry_organization'];

function toHistory(value: Json | null): RegistryStatusChange[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
    const { status, effective_from } = item as Record<string, Json | undefined>;
    return typeof status === 'string' && typeof effective_from === 'string'
      ? [{ status: status as RegistryStatus, effectiveFrom: effective_from }]
      : [];
  });
}

const text = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);

function toSchemas(value: Json | null | undefined): DeclaredSchema[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
    const { id, name, version, assurance_level, status, declared_at, activated_at, deprecated_at } = item;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof version !== 'string') return [];
    if (assurance_level !== 'low' && assurance_level !== 'substantial' && assurance_level !== 'high') return [];
    if (status !== 'active' && status !== 'deprecated') return [];
    return [{ id, name, version, assuranceLevel: assurance_level, status, declaredAt: text(declared_at) ?? '', activatedAt: text(activated_at), deprecatedAt: text(deprecated_at) }];
  });
}

/**
 * The composite type's columns are all nullable to the type generator; the
 * registry view never returns an entry without an id, a name or a status.
 */
export function toRegistryOrganization(row: RegistryOrganizationRow): RegistryOrganization {
  return {
    id: row.id ?? '',
    name: row.name ?? '',
    legalName: row.legal_name,
    registrationNumber: row.registration_number,
    country: row.country,
    website: row.website,
    domain: row.domain,
    sector: row.sector,
    size: row.size,
    description: row.description,
    logoPath: row.logo_path,
    contactEmail: row.contact_email,
    status: row.status ?? 'active',
    statusEffectiveFrom: row.status_effective_from ?? '',
    memberSince: row.member_since,
    statusHistory: toHistory(row.status_history),
    verificationSchemas: toSchemas(row.verification_schemas),
  };
}
