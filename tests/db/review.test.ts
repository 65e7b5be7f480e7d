import { beforeAll, describe, expect, it } from 'vitest';
import { submittedApplicant, uploadProof } from '../support/application-fixtures.ts';
import { addMember, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Reviewing applications (supabase/migrations/20261122004100_application-review.sql):
 * only system administrators change a status, each change is recorded in the
 * application's timeline and the audit trail with who and when, approval
 * publishes the organisation to the trust registry with an effective date and
 * rejection never does; the applicant answers change requests.
 */

interface ReviewResult {
  organization_id: string;
  organization_name: string;
  status: string;
  decided_at: string | null;
  decision_reason: string | null;
  changes_requested_at: string | null;
  registry_effective_from: string | null;
  recipients: string[];
}

let admin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, outsider] = await Promise.all([newUser('review-admin'), newUser('review-outsider')]);
  await makeSystemAdmin(admin);
});

const application = async (orgId: string) =>
  (
    await sql<{ status: string; decided_by: string | null; decided_at: Date | null; decision_reason: string | null; changes_requested_at: Date | null }>(
      'select status, decided_by, decided_at, decision_reason, changes_requested_at from public.organization_applications where organization_id = $1',
      [orgId],
    )
  )[0];

const timeline = async (orgId: string) =>
  sql<{ type: string; message: string | null; actor_id: string | null }>(
    'select type, message, actor_id from public.application_events where organization_id = $1 order by id',
    [orgId],
  );

const activity = async (orgId: string) =>
  sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    'select action, actor_id, details from public.network_activity where organization_id = $1 order by id',
    [orgId],
  );

const registry = async (orgId: string) =>
  (await sql<{ status: string; effective_from: Date }>('select status, effective_from from public.registry_entries where organization_id = $1', [orgId]))[0] ?? null;

const recently = (value: Date | string | null) => value !== null && Math.abs(new Date(value).getTime() - Date.now()) < 60_000;

describe('who may review', () => {
  let applicant: TestUser;
  let colleague: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('review-who'));
    colleague = await newUser('review-colleague');
    await addMember(orgId, colleague);
  });

  it('nobody but a system administrator approves, rejects, requests changes or starts a review', async () => {
    for (const user of [applicant, colleague, outsider]) {
      expectDenied(await user.client.rpc('approve_application', { p_organization_id: orgId }));
      expectDenied(await user.client.rpc('reject_application', { p_organization_id: orgId, p_reason: 'No' }));
      expectDenied(await user.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: 'More' }));
      expectDenied(await user.client.rpc('begin_application_review', { p_organization_id: orgId }));
    }
    for (const rpc of ['approve_application', 'begin_application_review'] as const) {
      expectDenied(await asAnon().rpc(rpc, { p_organization_id: orgId }));
    }
    expect((await application(orgId)).status).toBe('pending');
    expect((await timeline(orgId)).map((e) => e.type)).toEqual(['submitted']);
  });

  it('nobody changes a status by writing the table: applicants are filtered out, visitors refused', async () => {
    expectNoRows(await applicant.client.from('organization_applications').update({ status: 'approved' }).eq('organization_id', orgId).select());
    expectDenied(await asAnon().from('organization_applications').update({ status: 'approved' }).eq('organization_id', orgId));
    expect((await application(orgId)).status).toBe('pending');
    expect(await registry(orgId)).toBeNull();
  });

  it('nobody writes the timeline, the audit trail or the registry directly', async () => {
    for (const client of [applicant.client, admin.client]) {
      expectDenied(await client.from('application_events').insert({ organization_id: orgId, type: 'approved' }));
      expectDenied(await client.from('network_activity').insert({ action: 'application.approved', organization_id: orgId }));
      expectDenied(await client.from('registry_entries').insert({ organization_id: orgId, status: 'active', effective_from: new Date().toISOString() }));
      expectDenied(await client.from('registry_status_changes').insert({ organization_id: orgId, status: 'active', effective_from: new Date().toISOString() }));
    }
  });
});

describe('approve_application', () => {
  let applicant: TestUser;
  let orgId: string;
  let result: ReviewResult;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('review-approve', { name: 'Approved Academy' }));
    expectOk(await admin.client.rpc('begin_application_review', { p_organization_id: orgId }));
    result = expectOk(await admin.client.rpc('approve_application', { p_organization_id: orgId })) as ReviewResult;
  });

  it('approves, stamped with the administrator and now, and says whom to tell', async () => {
    const row = await application(orgId);
    expect(row.status).toBe('approved');
    expect(row.decided_by).toBe(admin.id);
    expect(recently(row.decided_at)).toBe(true);
    expect(result).toMatchObject({ organization_id: orgId, organization_name: 'Approved Academy', status: 'approved', recipients: [applicant.email] });
  });

  it('records review and approval in the timeline and the audit trail, in the administrator’s name', async () => {
    expect(await timeline(orgId)).toEqual([
      { type: 'submitted', message: null, actor_id: applicant.id },
      { type: 'under_review', message: null, actor_id: admin.id },
      { type: 'approved', message: null, actor_id: admin.id },
    ]);
    expect((await activity(orgId)).map(({ action, actor_id }) => ({ action, actor_id }))).toEqual([
      { action: 'application.submitted', actor_id: applicant.id },
      { action: 'application.document_submitted', actor_id: applicant.id },
      { action: 'application.under_review', actor_id: admin.id },
      { action: 'application.approved', actor_id: admin.id },
      { action: 'registry.active', actor_id: admin.id },
    ]);
  });

  it('publishes the organisation to the registry from now, with a dated history entry', async () => {
    const entry = await registry(orgId);
    expect(entry?.status).toBe('active');
    expect(recently(entry?.effective_from ?? null)).toBe(true);
    expect(new Date(result.registry_effective_from ?? 0).getTime()).toBe(entry?.effective_from.getTime());
    const history = expectOk(await applicant.client.from('registry_status_changes').select('status, recorded_by').eq('organization_id', orgId));
    expect(history).toEqual([{ status: 'active', recorded_by: admin.id }]);
  });

  it('visitors now find it through the public API, with its registry status, but nothing private', async () => {
    const anon = asAnon();
    const published = expectOk(await anon.rpc('registry_by_id', { p_id: orgId })) as Record<string, unknown>[];
    expect(published).toMatchObject([{ id: orgId, name: 'Approved Academy', status: 'active' }]);
    expect(Object.keys(published[0])).not.toContain('created_by');
    expectDenied(await anon.from('organizations').select('id, name').eq('id', orgId));
    expect(expectOk(await anon.from('registry_entries').select('status').eq('organization_id', orgId))).toEqual([{ status: 'active' }]);
    expectDenied(await anon.from('organization_applications').select('contact_name'));
    expectDenied(await anon.from('registry_status_changes').select('*'));
  });

  it('the applicant is approved and reaches the member area', async () => {
    expect(expectOk(await applicant.client.rpc('check_user_org_approval_status', { user_uuid: applicant.id }))).toBe('approved');
  });

  it('a decided application cannot be decided again; an unknown one is reported', async () => {
    const again = await admin.client.rpc('reject_application', { p_organization_id: orgId, p_reason: 'Changed my mind' });
    expect(again.error?.message).toBe('application_already_decided');
    expect((await admin.client.rpc('approve_application', { p_organization_id: orgId })).error?.message).toBe('application_already_decided');
    expect((await admin.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: 'x' })).error?.message).toBe(
      'application_already_decided',
    );
    const unknown = await admin.client.rpc('approve_application', { p_organization_id: crypto.randomUUID() });
    expect(unknown.error?.message).toBe('application_not_found');
    expect((await application(orgId)).status).toBe('approved');
  });

  it('withdrawing an approval (in SQL, by an operator) revokes the registry entry, dated, and the registry shows it revoked', async () => {
    const { orgId: other } = await submittedApplicant('review-withdraw');
    expectOk(await admin.client.rpc('approve_application', { p_organization_id: other }));
    await sql(`update public.organization_applications set status = 'pending' where organization_id = $1`, [other]);
    expect((await registry(other))?.status).toBe('revoked');
    expect((await timeline(other)).map((e) => e.type)).toEqual(['submitted', 'approved', 'reopened']);
    // It was public once: verifiers who relied on it must see that it no longer stands.
    const [entry] = expectOk(await asAnon().rpc('registry_by_id', { p_id: other })) as { status: string; status_history: { status: string }[] }[];
    expect(entry.status).toBe('revoked');
    expect(entry.status_history.map((h) => h.status)).toEqual(['active', 'revoked']);
  });
});

describe('reject_application', () => {
  let applicant: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('review-reject'));
  });

  it('needs a reason', async () => {
    for (const reason of ['', '   ', null]) {
      const result = await admin.client.rpc('reject_application', { p_organization_id: orgId, p_reason: reason as string });
      expect(result.error?.code).toBe('22023');
      expect(result.error?.message).toBe('reason_required');
    }
    const tooLong = await admin.client.rpc('reject_application', { p_organization_id: orgId, p_reason: 'x'.repeat(2001) });
    expect(tooLong.error?.message).toBe('reason_required_too_long');
    expect((await application(orgId)).status).toBe('pending');
  });

  it('rejects with the reason, which the applicant sees; never publishes', async () => {
    const result = expectOk(
      await admin.client.rpc('reject_application', { p_organization_id: orgId, p_reason: '  The registration number is not on the register.  ' }),
    ) as ReviewResult;
    expect(result).toMatchObject({ status: 'rejected', decision_reason: 'The registration number is not on the register.', registry_effective_from: null });
    expect(await registry(orgId)).toBeNull();
    expectNoRows(await asAnon().rpc('registry_by_id', { p_id: orgId }));

    const own = expectOk(await applicant.client.from('organization_applications').select('status, decision_reason').single());
    expect(own).toEqual({ status: 'rejected', decision_reason: 'The registration number is not on the register.' });
    const events = expectOk(await applicant.client.from('application_events').select('type, message').order('id'));
    expect(events.at(-1)).toEqual({ type: 'rejected', message: 'The registration number is not on the register.' });
    expect((await activity(orgId)).at(-1)).toMatchObject({ action: 'application.rejected', actor_id: admin.id });
    expect(expectOk(await applicant.client.rpc('check_user_org_approval_status', { user_uuid: applicant.id }))).toBe('rejected');
  });
});

describe('change requests', () => {
  let applicant: TestUser;
  let colleague: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('review-changes'));
    colleague = await newUser('review-changes-colleague');
    await addMember(orgId, colleague);
  });

  it('need a message', async () => {
    const result = await admin.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: ' ' });
    expect(result.error?.code).toBe('22023');
    expect(result.error?.message).toBe('message_required');
  });

  it('put the application under review and show the applicant what to change', async () => {
    const result = expectOk(
      await admin.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: 'Please upload a certificate dated this year.' }),
    ) as ReviewResult;
    expect(result.status).toBe('under_review');
    expect(recently(result.changes_requested_at)).toBe(true);
    expect(result.recipients).toEqual([applicant.email]);

    const events = expectOk(await applicant.client.from('application_events').select('type, message, actor_id').order('id'));
    expect(events.slice(1)).toEqual([
      { type: 'under_review', message: null, actor_id: admin.id },
      { type: 'changes_requested', message: 'Please upload a certificate dated this year.', actor_id: admin.id },
    ]);
    expect((await activity(orgId)).at(-1)).toMatchObject({ action: 'application.changes_requested', actor_id: admin.id });
  });

  it('only the organisation’s members answer, with a response', async () => {
    const refused = await outsider.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'Me too' });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe('not_a_member');
    expectDenied(await asAnon().rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'x' }));
    const empty = await applicant.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: '' });
    expect(empty.error?.message).toBe('response_required');
    const badDocument = await applicant.client.rpc('respond_to_change_request', {
      p_organization_id: orgId,
      p_response: 'Here it is',
      p_document_path: `${orgId}/never-uploaded.pdf`,
    });
    expect(badDocument.error?.message).toBe('document_missing');
    expect((await application(orgId)).changes_requested_at).not.toBeNull();
  });

  it('the applicant answers with a new document; the request closes and the document replaces the old one (the history keeps both: application-documents.test.ts)', async () => {
    const path = await uploadProof(applicant, orgId, 'certificate-2026.pdf');
    expectOk(
      await colleague.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'Uploaded the 2026 certificate.', p_document_path: path }),
    );
    const row = expectOk(await applicant.client.from('organization_applications').select('status, changes_requested_at, registration_document_path').single());
    expect(row).toEqual({ status: 'under_review', changes_requested_at: null, registration_document_path: path });
    const last = (await timeline(orgId)).at(-1);
    expect(last?.type).toBe('changes_submitted');
    expect(last?.actor_id).toBe(colleague.id);
    expect(last?.message).toBe('Uploaded the 2026 certificate.');
    expect((await activity(orgId)).slice(-2)).toMatchObject([
      { action: 'application.changes_submitted', actor_id: colleague.id },
      { action: 'application.document_submitted', actor_id: colleague.id },
    ]);
  });

  it('there is nothing to answer once the request is answered', async () => {
    const again = await applicant.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'And again' });
    expect(again.error?.message).toBe('no_open_change_request');
  });

  it('the administrator then approves the changed application', async () => {
    expect((expectOk(await admin.client.rpc('approve_application', { p_organization_id: orgId })) as ReviewResult).status).toBe('approved');
    expect((await registry(orgId))?.status).toBe('active');
  });
});

describe('network_activity', () => {
  it('is read by system administrators only', async () => {
    const { user: applicant, orgId } = await submittedApplicant('review-audit');
    const rows = expectOk(await admin.client.from('network_activity').select('action, organization_id').eq('organization_id', orgId).order('id'));
    expect(rows).toEqual([
      { action: 'application.submitted', organization_id: orgId },
      { action: 'application.document_submitted', organization_id: orgId },
    ]);
    expectNoRows(await applicant.client.from('network_activity').select('*'));
    expectNoRows(await outsider.client.from('network_activity').select('*'));
    expectDenied(await asAnon().from('network_activity').select('*'));
  });
});
