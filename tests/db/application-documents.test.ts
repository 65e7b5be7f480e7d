import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { submittedApplicant, uploadProof } from '../support/application-fixtures.ts';
import { addMember, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { text } from '../support/storage-files.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The history of an application's documents (public.application_documents,
 * supabase/migrations/20261124000400_application-evidence.sql): Submit records
 * the first proof of registration; an answer to a change request with a new
 * document supersedes it, and the earlier one stays on record and readable.
 * Written only by the database, in the same transaction as the timeline and
 * the audit trail.
 */

interface DocumentRow {
  id: number;
  organization_id: string;
  kind: string;
  object_path: string;
  byte_size: number | null;
  content_type: string | null;
  uploaded_by: string | null;
  submitted_by: string | null;
  submitted_at: string;
  event_id: number;
  superseded_at: string | null;
}

let admin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, outsider] = await Promise.all([newUser('documents-admin'), newUser('documents-outsider')]);
  await makeSystemAdmin(admin);
});

const history = async (orgId: string) =>
  sql<DocumentRow>(
    `select id::int, organization_id, kind::text, object_path, byte_size::int, content_type, uploaded_by, submitted_by,
            submitted_at, event_id::int, superseded_at
       from public.application_documents where organization_id = $1 order by id`,
    [orgId],
  );

const events = async (orgId: string) =>
  sql<{ id: number; type: string; message: string | null }>('select id::int, type, message from public.application_events where organization_id = $1 order by id', [orgId]);

const activity = async (orgId: string, action: string) =>
  sql<{ actor_id: string | null; details: Record<string, unknown> }>(
    'select actor_id, details from public.network_activity where organization_id = $1 and action = $2 order by id',
    [orgId, action],
  );

/** Each fixture organisation has a name of its own (the registry refuses a second member under one name). */
const organizationName = async (orgId: string) =>
  (await sql<{ name: string }>('select name from public.organizations where id = $1', [orgId]))[0].name;

const currentPath = async (orgId: string) =>
  (await sql<{ path: string | null }>('select registration_document_path as path from public.organization_applications where organization_id = $1', [orgId]))[0].path;

describe('submitting an application', () => {
  it('records the proof of registration as its first document, with the submission event and an audit entry', async () => {
    const { user, orgId } = await submittedApplicant('documents-submit');
    const [submitted] = (await events(orgId)).filter((e) => e.type === 'submitted');
    expect(await history(orgId)).toEqual([
      {
        id: expect.any(Number),
        organization_id: orgId,
        kind: 'proof_of_registration',
        object_path: `${orgId}/proof-of-registration.pdf`,
        byte_size: 400,
        content_type: 'application/pdf',
        uploaded_by: user.id,
        submitted_by: user.id,
        submitted_at: expect.any(Date),
        event_id: submitted.id,
        superseded_at: null,
      },
    ]);
    expect(await activity(orgId, 'application.document_submitted')).toEqual([
      {
        actor_id: user.id,
        details: { organization_name: await organizationName(orgId), kind: 'proof_of_registration', object_path: `${orgId}/proof-of-registration.pdf` },
      },
    ]);
  });
});

describe('who reads the history', () => {
  let applicant: TestUser;
  let colleague: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('documents-readers'));
    colleague = await newUser('documents-readers-colleague');
    await addMember(orgId, colleague);
  });

  it('the organisation’s members and system administrators; nobody else', async () => {
    for (const reader of [applicant, colleague, admin]) {
      const rows = expectOk(await reader.client.from('application_documents').select('object_path, kind, superseded_at').eq('organization_id', orgId));
      expect(rows).toEqual([{ object_path: `${orgId}/proof-of-registration.pdf`, kind: 'proof_of_registration', superseded_at: null }]);
    }
    expectNoRows(await outsider.client.from('application_documents').select('*').eq('organization_id', orgId));
    expectDenied(await asAnon().from('application_documents').select('*'));
  });

  it('nobody writes it directly, not even a system administrator', async () => {
    const before = await history(orgId);
    for (const writer of [applicant, admin]) {
      expectDenied(await writer.client.from('application_documents').insert({ organization_id: orgId, object_path: `${orgId}/forged.pdf` }));
      expectDenied(await writer.client.from('application_documents').update({ superseded_at: new Date().toISOString() }).eq('organization_id', orgId));
      expectDenied(await writer.client.from('application_documents').delete().eq('organization_id', orgId));
    }
    expect(await history(orgId)).toEqual(before);
  });
});

describe('answering a change request with a new document', () => {
  let applicant: TestUser;
  let colleague: TestUser;
  let orgId: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('documents-round-trip'));
    first = `${orgId}/proof-of-registration.pdf`;
    colleague = await newUser('documents-round-trip-colleague');
    await addMember(orgId, colleague);
    expectOk(await admin.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: 'Please send this year’s certificate.' }));
  });

  it('a member uploads a new file, answers with it, and the history shows both, the first superseded', async () => {
    second = await uploadProof(colleague, orgId, `registration-${randomUUID()}.pdf`);
    expectOk(
      await colleague.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'Here is the 2026 certificate.', p_document_path: second }),
    );

    const answer = (await events(orgId)).at(-1)!;
    // The answer is the applicant's words, exactly: the document is in the history, not appended to the message.
    expect(answer).toMatchObject({ type: 'changes_submitted', message: 'Here is the 2026 certificate.' });
    const rows = await history(orgId);
    expect(rows).toMatchObject([
      { object_path: first, superseded_at: expect.any(Date) },
      { object_path: second, uploaded_by: colleague.id, submitted_by: colleague.id, event_id: answer.id, superseded_at: null },
    ]);
    expect(await currentPath(orgId)).toBe(second);
    expect((await activity(orgId, 'application.document_submitted')).at(-1)).toEqual({
      actor_id: colleague.id,
      details: { organization_name: await organizationName(orgId), kind: 'proof_of_registration', object_path: second, supersedes: first },
    });
  });

  it('the first document stays readable: a system administrator opens both through signed URLs', async () => {
    const docs = admin.client.storage.from('application_documents');
    for (const path of [first, second]) {
      const signed = expectOk(await docs.createSignedUrl(path, 60));
      const response = await fetch(signed.signedUrl);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('certificate of incorporation');
    }
    expect(await text((await applicant.client.storage.from('application_documents').download(first)).data)).toContain('certificate of incorporation');
  });
});

describe('answers that were refused with a raw error, or could rewrite the history', () => {
  let applicant: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('documents-limits'));
    expectOk(await admin.client.rpc('request_application_changes', { p_organization_id: orgId, p_message: 'Please send a clearer scan.' }));
  });

  const unchanged = async (run: () => Promise<void>) => {
    const before = { history: await history(orgId), events: await events(orgId), path: await currentPath(orgId) };
    await run();
    expect({ history: await history(orgId), events: await events(orgId), path: await currentPath(orgId) }).toEqual(before);
  };

  it('a 4,001-character answer is refused by name, with or without a document', async () => {
    const path = await uploadProof(applicant, orgId, `registration-${randomUUID()}.pdf`);
    await unchanged(async () => {
      for (const document of [undefined, path]) {
        const result = await applicant.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: 'x'.repeat(4001), p_document_path: document });
        expect(result.error).toMatchObject({ code: '22023', message: 'response_required_too_long' });
      }
    });
  });

  it('answering with the document already on record, or an earlier one, is refused by name', async () => {
    await unchanged(async () => {
      const result = await applicant.client.rpc('respond_to_change_request', {
        p_organization_id: orgId,
        p_response: 'Same file again.',
        p_document_path: `${orgId}/proof-of-registration.pdf`,
      });
      expect(result.error).toMatchObject({ code: '22023', message: 'document_already_submitted' });
    });
  });

  it('a document name longer than the application can hold is refused by name', async () => {
    await unchanged(async () => {
      const result = await applicant.client.rpc('respond_to_change_request', {
        p_organization_id: orgId,
        p_response: 'Long name.',
        p_document_path: `${orgId}/${'a'.repeat(300)}.pdf`,
      });
      expect(result.error).toMatchObject({ code: '22023', message: 'document_path_too_long' });
    });
  });

  it('a 4,000-character answer with a new document is recorded whole (it used to fail on the timeline’s limit)', async () => {
    const path = await uploadProof(applicant, orgId, `registration-${randomUUID()}.pdf`);
    const response = `${'A full account of the change. '.repeat(134)}`.slice(0, 4000);
    expect(response).toHaveLength(4000);
    expectOk(await applicant.client.rpc('respond_to_change_request', { p_organization_id: orgId, p_response: response, p_document_path: path }));
    expect((await events(orgId)).at(-1)).toMatchObject({ type: 'changes_submitted', message: response });
    expect((await history(orgId)).at(-1)).toMatchObject({ object_path: path, superseded_at: null });
    expect(await currentPath(orgId)).toBe(path);
  });
});
