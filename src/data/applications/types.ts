import type { Database, Tables } from '../database.types';

export type ApplicationStatus = Database['public']['Enums']['application_status'];
export type ApplicationEventType = Database['public']['Enums']['application_event_type'];
export type UseCase = Database['public']['Enums']['application_use_case'];

export interface ApplicationEvent {
  id: number;
  type: ApplicationEventType;
  message: string | null;
  actorId: string | null;
  createdAt: string;
  /** Whether a document was submitted with it (the first proof, or a replacement with an answer). */
  documentSent: boolean;
}

/** One submitted document of an application (application_documents), oldest first; superseded ones stay readable. */
export interface ApplicationDocument {
  id: number;
  path: string;
  submittedAt: string;
  supersededAt: string | null;
}

type OrganizationRow = Tables<'organizations'>;
type ApplicationRow = Tables<'organization_applications'>;

/** One application with its organisation's public facts, as the applicant and the back office see it. */
export interface Application {
  organizationId: string;
  status: ApplicationStatus;
  submittedBy: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
  changesRequestedAt: string | null;
  contactName: string | null;
  contactPhone: string | null;
  useCases: UseCase[];
  expectedMonthlyVerifications: number | null;
  registrationDocumentPath: string | null;
  consentAt: string | null;
  organization: Pick<
    OrganizationRow,
    'id' | 'name' | 'legal_name' | 'registration_number' | 'country' | 'website' | 'sector' | 'size' | 'logo_path'
  >;
}

/** The columns every application query selects, with the organisation embedded through its foreign key. */
export const APPLICATION_COLUMNS =
  'organization_id, status, submitted_by, submitted_at, decided_at, decision_reason, changes_requested_at, contact_name, contact_phone, use_cases, expected_monthly_verifications, registration_document_path, consent_at, organization:organizations!inner(id, name, legal_name, registration_number, country, website, sector, size, logo_path)' as const;

export type ApplicationQueryRow = Pick<
  ApplicationRow,
  | 'organization_id'
  | 'status'
  | 'submitted_by'
  | 'submitted_at'
  | 'decided_at'
  | 'decision_reason'
  | 'changes_requested_at'
  | 'contact_name'
  | 'contact_phone'
  | 'use_cases'
  | 'expected_monthly_verifications'
  | 'registration_document_path'
  | 'consent_at'
> & { organization: Application['organization'] };

export function toApplication(row: ApplicationQueryRow): Application {
  return {
    organizationId: row.organization_id,
    status: row.status,
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    changesRequestedAt: row.changes_requested_at,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    useCases: row.use_cases,
    expectedMonthlyVerifications: row.expected_monthly_verifications,
    registrationDocumentPath: row.registration_document_path,
    consentAt: row.consent_at,
    organization: row.organization,
  };
}

/** The event columns every timeline query selects, with the documents that came with each event. */
export const EVENT_COLUMNS = 'id, type, message, actor_id, created_at, documents:application_documents(id)' as const;

export function toEvent(
  row: Pick<Tables<'application_events'>, 'id' | 'type' | 'message' | 'actor_id' | 'created_at'> & { documents?: { id: number }[] | null },
): ApplicationEvent {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    actorId: row.actor_id,
    createdAt: row.created_at,
    documentSent: (row.documents ?? []).length > 0,
  };
}

export function toDocument(row: Pick<Tables<'application_documents'>, 'id' | 'object_path' | 'submitted_at' | 'superseded_at'>): ApplicationDocument {
  return { id: row.id, path: row.object_path, submittedAt: row.submitted_at, supersededAt: row.superseded_at };
}
