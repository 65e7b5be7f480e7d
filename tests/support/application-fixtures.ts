import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { expectOk } from './db-fixtures.ts';
import { file, pdfBytes } from './storage-files.ts';
import { newUser, type TestUser } from './users.ts';

/**
 * Applicants for the onboarding and review tests, arranged the way the app
 * does it: a saved draft (which reserves the organisation id), the proof of
 * registration uploaded into that folder, and submit_application().
 */

export interface Draft {
  organization_id: string;
  payload: Record<string, unknown>;
  current_step: number;
}

/** Saves a draft as the app does (upsert on the person's id) and returns it with its reserved organisation id. */
export async function saveDraft(user: TestUser, payload: Record<string, unknown> = {}, step = 1): Promise<Draft> {
  return expectOk(
    await user.client
      .from('application_drafts')
      .upsert({ user_id: user.id, payload, current_step: step })
      .select('organization_id, payload, current_step')
      .single(),
  ) as Draft;
}

let registration = 0;
// Test files run in parallel against one database: a word of their own keeps
// their applicants' names and websites apart.
const run = randomUUID().slice(0, 6);
/**
 * A payload the RPC accepts, for an organisation whose documents are already in
 * `folder`. Each has its own name, legal name and website: the trust registry
 * refuses a second organisation with a member's name or domain
 * (docs/decisions/024-registered-facts-and-public-suffixes.md).
 */
export function validPayload(folder: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  registration += 1;
  const unique = `${run}-${registration}`;
  return {
    legal_name: `Harbour Clinic ${unique} Ltd`,
    name: `Harbour Clinic ${unique}`,
    registration_number: `HC-${Date.now()}-${registration}`,
    country: 'GB',
    website: `https://harbour-clinic-${unique}.example`,
    sector: 'healthcare',
    size: '10-49',
    contact_name: 'Grace Hopper',
    contact_phone: '+44 20 7946 0000',
    use_cases: ['healthcare', 'online_registration'],
    expected_monthly_verifications: 1200,
    registration_document_path: `${folder}/proof-of-registration.pdf`,
    consent: true,
    ...overrides,
  };
}

export async function uploadProof(user: TestUser, folder: string, name = 'proof-of-registration.pdf'): Promise<string> {
  const path = `${folder}/${name}`;
  const result = await user.client.storage
    .from('application_documents')
    .upload(path, file(pdfBytes(400, 'certificate of incorporation'), name, 'application/pdf'));
  expect(result.error).toBeNull();
  return path;
}

/** An applicant with a saved draft and the proof of registration uploaded into its reserved folder. */
export async function readyApplicant(label: string): Promise<{ user: TestUser; orgId: string }> {
  const user = await newUser(label);
  const draft = await saveDraft(user, { legalName: 'Draft' }, 4);
  await uploadProof(user, draft.organization_id);
  return { user, orgId: draft.organization_id };
}

/** An applicant whose application has been submitted (status pending). */
export async function submittedApplicant(label: string, overrides: Record<string, unknown> = {}): Promise<{ user: TestUser; orgId: string }> {
  const ready = await readyApplicant(label);
  expectOk(await ready.user.client.rpc('submit_application', { payload: validPayload(ready.orgId, overrides) }));
  return ready;
}
