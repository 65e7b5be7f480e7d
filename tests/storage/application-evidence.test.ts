import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { readyApplicant, submittedApplicant, uploadProof, validPayload } from '../support/application-fixtures.ts';
import { addMember, expectOk, makeSystemAdmin, setApplicationStatus, type ApplicationStatus } from '../support/db-fixtures.ts';
import { expectStorageError, pdfBytes, text } from '../support/storage-files.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 12, finding 4: an application's documents are the record the decision
 * is made on. Once submitted, nobody — the organisation's members, its admin,
 * system administrators, even server code with the service role — replaces,
 * moves or removes them, at any status; a replacement is a new object under a
 * new name, sent with the answer to a change request and kept in the history
 * (tests/db/application-documents.test.ts).
 *
 * Each attack goes through the real supabase-js storage client (or the raw
 * Storage API where supabase-js has no option for it) as a real user, and
 * checks the refusal as hosted Storage words it and that the object's row and
 * bytes are exactly as submitted.
 */
const config = stackConfig('test');
const STATUSES: ApplicationStatus[] = ['pending', 'under_review', 'approved', 'rejected'];
const FORGED = () => pdfBytes(400, 'forged certificate');

let sysAdmin: TestUser;
beforeAll(async () => {
  sysAdmin = await newUser('evidence-sysadmin');
  await makeSystemAdmin(sysAdmin);
});

interface Submitted {
  orgAdmin: TestUser;
  member: TestUser;
  orgId: string;
  proof: string;
  /** Another object in the organisation's folder, placed by server code, to move or copy over the proof. */
  other: string;
}

async function submitted(label: string, status: ApplicationStatus): Promise<Submitted> {
  const { user: orgAdmin, orgId } = await submittedApplicant(label);
  const member = await newUser(`${label}-member`);
  await addMember(orgId, member);
  if (status !== 'pending') await setApplicationStatus(orgId, status);
  const other = `${orgId}/other-${randomUUID()}.pdf`;
  const placed = await asServiceRole().storage.from('application_documents').upload(other, pdfBytes(90, 'other file'), { contentType: 'application/pdf' });
  expect(placed.error).toBeNull();
  return { orgAdmin, member, orgId, proof: `${orgId}/proof-of-registration.pdf`, other };
}

/** Everything that must not change: every object's row in the folder, and the proof's bytes. */
async function evidence(orgId: string, proof: string) {
  const objects = await sql(
    `select name, id, version, owner_id, metadata - 'lastModified' as metadata, user_metadata, updated_at
       from storage.objects where bucket_id = 'application_documents' and name like $1 order by name`,
    [`${orgId}/%`],
  );
  const bytes = await text((await asServiceRole().storage.from('application_documents').download(proof)).data);
  return { objects, bytes };
}

/** A Storage call supabase-js has no option for (copy with x-upsert, delete by name), as `who`. */
async function storageApi(who: TestUser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const token = (await who.client.auth.getSession()).data.session!.access_token;
  const response = await fetch(`${config.apiUrl}/storage/v1/${path}`, {
    method,
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe.each(STATUSES)('a submitted proof of registration, application %s', (status) => {
  let app: Submitted;
  let before: Awaited<ReturnType<typeof evidence>>;

  beforeAll(async () => {
    app = await submitted(`evidence-${status}`, status);
    before = await evidence(app.orgId, app.proof);
    expect(before.bytes).toContain('certificate of incorporation');
  });

  describe.each(['member', 'orgAdmin'] as const)('as the organisation’s %s', (role) => {
    const who = () => app[role];
    const docs = () => who().client.storage.from('application_documents');

    it('cannot replace it with an upsert, nor overwrite it with a plain upload', async () => {
      expectStorageError(await docs().upload(app.proof, FORGED(), { contentType: 'application/pdf', upsert: true }), '403');
      // No change request is open, so even adding is refused before the name is looked at.
      expectStorageError(await docs().upload(app.proof, FORGED(), { contentType: 'application/pdf' }), '403', 'new row violates row-level security policy');
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot update it, not even only its metadata', async () => {
      expectStorageError(await docs().update(app.proof, FORGED(), { contentType: 'application/pdf' }), '403');
      expectStorageError(
        await docs().update(app.proof, Buffer.from(before.bytes, 'latin1'), { contentType: 'application/pdf', metadata: { label: 'certified copy' } }),
        '403',
      );
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot remove it, in bulk (as supabase-js does) or by name', async () => {
      const bulk = await docs().remove([app.proof]);
      expect(bulk.error).toBeNull();
      expect(bulk.data).toEqual([]);
      const byName = await storageApi(who(), 'DELETE', `object/application_documents/${app.proof}`);
      expect(byName).toEqual({ status: 400, body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Access denied' } });
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot move it away, nor move another file onto its name', async () => {
      expectStorageError(await docs().move(app.proof, `${app.orgId}/moved.pdf`), '404', 'Object not found');
      expectStorageError(await docs().move(app.other, app.proof), '404', 'Object not found');
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot copy another file over it', async () => {
      expectStorageError(await docs().copy(app.other, app.proof), '403');
      const upsertCopy = await storageApi(
        who(),
        'POST',
        'object/copy',
        { bucketId: 'application_documents', sourceKey: app.other, destinationKey: app.proof },
        { 'x-upsert': 'true' },
      );
      expect(upsertCopy.status).toBe(400);
      expect(upsertCopy.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot get a signed upload URL for its name', async () => {
      expectStorageError(await docs().createSignedUploadUrl(app.proof, { upsert: true }), '403');
      expectStorageError(await docs().createSignedUploadUrl(app.proof), '403');
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('cannot add a new document while no change request is open', async () => {
      const extra = `${app.orgId}/extra-${randomUUID()}.pdf`;
      expectStorageError(await docs().upload(extra, FORGED(), { contentType: 'application/pdf' }), '403', 'new row violates row-level security policy');
      expectStorageError(await docs().createSignedUploadUrl(extra), '403');
      expect(await evidence(app.orgId, app.proof)).toEqual(before);
    });

    it('still reads it', async () => {
      expect(await text((await docs().download(app.proof)).data)).toBe(before.bytes);
    });
  });

  it('a system administrator reads it but cannot replace, move, remove or add to it', async () => {
    const docs = sysAdmin.client.storage.from('application_documents');
    expect(await text((await docs.download(app.proof)).data)).toBe(before.bytes);
    expectStorageError(await docs.upload(app.proof, FORGED(), { contentType: 'application/pdf', upsert: true }), '403');
    expectStorageError(await docs.update(app.proof, FORGED(), { contentType: 'application/pdf' }), '403');
    expect((await docs.remove([app.proof])).data).toEqual([]);
    expectStorageError(await docs.move(app.proof, `${app.orgId}/moved.pdf`), '404');
    expectStorageError(await docs.upload(`${app.orgId}/admin-${randomUUID()}.pdf`, FORGED(), { contentType: 'application/pdf' }), '403');
    expect(await evidence(app.orgId, app.proof)).toEqual(before);
  });

  it('even server code with the service role cannot replace, move or remove it', async () => {
    const docs = asServiceRole().storage.from('application_documents');
    expectStorageError(await docs.upload(app.proof, FORGED(), { contentType: 'application/pdf', upsert: true }), '403', 'application_document_immutable');
    expectStorageError(await docs.update(app.proof, FORGED(), { contentType: 'application/pdf' }), '403', 'application_document_immutable');
    expectStorageError(await docs.remove([app.proof]), '403', 'application_document_immutable');
    expectStorageError(await docs.move(app.proof, `${app.orgId}/moved.pdf`), '403', 'application_document_immutable');
    expect(await evidence(app.orgId, app.proof)).toEqual(before);
  });

  it('its history is unchanged: the one submitted proof, current', async () => {
    const rows = await sql('select object_path, superseded_at from public.application_documents where organization_id = $1', [app.orgId]);
    expect(rows).toEqual([{ object_path: app.proof, superseded_at: null }]);
  });
});

describe('hosted Storage writes the row as its own superuser after checking the policies', () => {
  it('so a signed upload URL made for the draft cannot overwrite the proof once it is submitted', async () => {
    // Hosted Storage checks the policies when it signs an upload URL (valid two
    // hours) and writes the object as itself when the URL is used.
    const { user, orgId } = await readyApplicant('evidence-signed-url');
    const proof = `${orgId}/proof-of-registration.pdf`;
    const signed = expectOk(await user.client.storage.from('application_documents').createSignedUploadUrl(proof, { upsert: true }));
    expectOk(await user.client.rpc('submit_application', { payload: validPayload(orgId) }));
    const before = await evidence(orgId, proof);

    const late = await asAnon().storage.from('application_documents').uploadToSignedUrl(proof, signed.token, FORGED(), { contentType: 'application/pdf' });
    expectStorageError(late, '403', 'application_document_immutable');
    expect(await evidence(orgId, proof)).toEqual(before);
  });

  it('and Storage’s own write of a submitted document, as its database role, is refused by the database', async () => {
    const { orgId } = await submittedApplicant('evidence-storage-role');
    const proof = `${orgId}/proof-of-registration.pdf`;
    const before = await evidence(orgId, proof);
    const attempts = [
      `update storage.objects set metadata = metadata || '{"size": 1}' where bucket_id = 'application_documents' and name = '${proof}'`,
      `update storage.objects set name = '${orgId}/renamed.pdf' where bucket_id = 'application_documents' and name = '${proof}'`,
      `delete from storage.objects where bucket_id = 'application_documents' and name = '${proof}'`,
      `insert into storage.objects (bucket_id, name, version) values ('application_documents', '${proof}', 'swapped')
         on conflict (bucket_id, name) do update set version = excluded.version`,
    ];
    for (const attempt of attempts) {
      await expect(sql(`set local role supabase_storage_admin; ${attempt}`)).rejects.toMatchObject({
        code: '42501',
        message: 'application_document_immutable',
      });
    }
    expect(await evidence(orgId, proof)).toEqual(before);
  });
});

describe('while a change request is open', () => {
  let app: Submitted;
  let added: string;

  beforeAll(async () => {
    app = await submitted('evidence-change-request', 'under_review');
    expectOk(await sysAdmin.client.rpc('request_application_changes', { p_organization_id: app.orgId, p_message: 'Please send a certificate dated this year.' }));
  });

  it('a member adds a new document under a new name', async () => {
    added = await uploadProof(app.member, app.orgId, `registration-${randomUUID()}.pdf`);
    expect(await text((await app.orgAdmin.client.storage.from('application_documents').download(added)).data)).toContain('certificate of incorporation');
  });

  it('but cannot replace, remove or move what is there, the new document included', async () => {
    const docs = app.orgAdmin.client.storage.from('application_documents');
    const before = await evidence(app.orgId, app.proof);
    for (const path of [app.proof, added]) {
      expectStorageError(await docs.upload(path, FORGED(), { contentType: 'application/pdf', upsert: true }), '403');
      expectStorageError(await docs.upload(path, FORGED(), { contentType: 'application/pdf' }), '409', 'The resource already exists');
      expect((await docs.remove([path])).data).toEqual([]);
      expectStorageError(await docs.move(path, `${app.orgId}/moved-${randomUUID()}.pdf`), '404');
    }
    expect(await evidence(app.orgId, app.proof)).toEqual(before);
  });

  it('once the request is answered, nothing new may be added', async () => {
    expectOk(await app.member.client.rpc('respond_to_change_request', { p_organization_id: app.orgId, p_response: 'Attached.', p_document_path: added }));
    expectStorageError(
      await app.member.client.storage.from('application_documents').upload(`${app.orgId}/late-${randomUUID()}.pdf`, FORGED(), { contentType: 'application/pdf' }),
      '403',
    );
  });
});

describe('logos (brand_assets) are unchanged', () => {
  it('the organisation’s admin still replaces and removes its logo after approval; a plain member does not', async () => {
    const app = await submitted('evidence-logo', 'approved');
    const logo = `${app.orgId}/logo-${randomUUID()}.png`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const logos = (u: TestUser) => u.client.storage.from('brand_assets');
    expect((await logos(app.orgAdmin).upload(logo, png, { contentType: 'image/png' })).error).toBeNull();
    expect((await logos(app.orgAdmin).upload(logo, png, { contentType: 'image/png', upsert: true })).error).toBeNull();
    expectStorageError(await logos(app.member).upload(logo, png, { contentType: 'image/png', upsert: true }), '403');
    expect((await logos(app.member).remove([logo])).data).toEqual([]);
    expect((await logos(app.orgAdmin).remove([logo])).data).toHaveLength(1);
  });
});
