import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { stackConfig } from '../../supabase/local/config.ts';
import { createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { expectStorageError, pdfBytes, pngBytes } from '../support/storage-files.ts';
import { readyApplicant, saveDraft, submittedApplicant, uploadProof, validPayload } from '../support/application-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Onboarding in the database (supabase/migrations/20261122004000_onboarding.sql):
 * the per-person draft, the folder it reserves for documents, and
 * submit_application(), which creates the organisation, the admin membership
 * and the pending application in one transaction. Real users, real JWTs,
 * through PostgREST and the Storage stand-in.
 */
const config = stackConfig('test');

/** What exists for an organisation id, as the superuser sees it. */
async function footprint(orgId: string, userId: string) {
  const [[org], members, [application], [draft]] = await Promise.all([
    sql('select id, name, created_by from public.organizations where id = $1', [orgId]),
    sql('select role from public.organization_members where user_id = $1', [userId]),
    sql('select status from public.organization_applications where organization_id = $1', [orgId]),
    sql('select organization_id from public.application_drafts where user_id = $1', [userId]),
  ]);
  return { org: org ?? null, members, application: application ?? null, draft: draft ?? null };
}

describe('application_drafts', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    [alice, bob, admin] = await Promise.all([newUser('draft-alice'), newUser('draft-bob'), newUser('draft-admin')]);
    await makeSystemAdmin(admin);
  });

  it('the owner saves a draft, the database reserves an organisation id, and saving again keeps it', async () => {
    const first = await saveDraft(alice, { legalName: 'Alice Academy' }, 2);
    expect(first.organization_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toMatchObject({ payload: { legalName: 'Alice Academy' }, current_step: 2 });

    const second = await saveDraft(alice, { legalName: 'Alice Academy Trust', country: 'NL' }, 3);
    expect(second).toEqual({
      organization_id: first.organization_id,
      payload: { legalName: 'Alice Academy Trust', country: 'NL' },
      current_step: 3,
    });
  });

  it('follows the person to another device: a new session reads the same draft', async () => {
    const saved = await saveDraft(alice, { legalName: 'Cross-device' }, 3);
    // Another device: a brand-new client that shares nothing with the first but the account.
    const { data } = await alice.client.auth.getSession();
    const otherDevice = createClient(config.apiUrl, config.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${data.session?.access_token}` } },
      realtime: { transport: ws as never },
    });
    const rows = expectOk(await otherDevice.from('application_drafts').select('organization_id, payload, current_step'));
    expect(rows).toEqual([saved]);
  });

  it('is private: other people, system administrators and visitors see nothing', async () => {
    await saveDraft(alice, { legalName: 'Private' }, 2);
    expectNoRows(await bob.client.from('application_drafts').select('*').eq('user_id', alice.id));
    expectNoRows(await admin.client.from('application_drafts').select('*').eq('user_id', alice.id));
    expectDenied(await asAnon().from('application_drafts').select('*'));
  });

  it('nobody writes someone else’s draft', async () => {
    await saveDraft(alice, { legalName: 'Mine' }, 2);
    expectDenied(await bob.client.from('application_drafts').insert({ user_id: alice.id, payload: { legalName: 'Hijack' } }));
    expectNoRows(await bob.client.from('application_drafts').update({ payload: { legalName: 'Hijack' } }).eq('user_id', alice.id).select());
    expectNoRows(await bob.client.from('application_drafts').delete().eq('user_id', alice.id).select());
    expectDenied(await asAnon().from('application_drafts').insert({ user_id: alice.id, payload: {} }));
    const [row] = await sql<{ payload: unknown }>('select payload from public.application_drafts where user_id = $1', [alice.id]);
    expect(row.payload).toEqual({ legalName: 'Mine' });
  });

  it('the reserved organisation id cannot be chosen or changed by the client', async () => {
    const before = await saveDraft(alice, {}, 1);
    const stranger = crypto.randomUUID();
    expectDenied(await alice.client.from('application_drafts').update({ organization_id: stranger }).eq('user_id', alice.id));
    const carol = await newUser('draft-carol');
    expectDenied(await carol.client.from('application_drafts').insert({ user_id: carol.id, organization_id: before.organization_id }));
  });

  it('rejects a step outside 1–5 and payloads that are not objects', async () => {
    expect((await alice.client.from('application_drafts').upsert({ user_id: alice.id, payload: {}, current_step: 6 })).error?.code).toBe('23514');
    expect((await alice.client.from('application_drafts').upsert({ user_id: alice.id, payload: ['x'], current_step: 1 })).error?.code).toBe('23514');
  });

  it('someone who already belongs to an organisation cannot start a draft (a late autosave after Submit is refused)', async () => {
    const { user } = await submittedApplicant('draft-member');
    expectDenied(await user.client.from('application_drafts').upsert({ user_id: user.id, payload: { legalName: 'Late save' }, current_step: 5 }));
    expectNoRows(await user.client.from('application_drafts').select('*'));
  });

  it('the owner discards their draft', async () => {
    await saveDraft(bob, { legalName: 'Throwaway' }, 2);
    expect(expectOk(await bob.client.from('application_drafts').delete().eq('user_id', bob.id).select())).toHaveLength(1);
    expectNoRows(await bob.client.from('application_drafts').select('*'));
  });
});

describe('documents before the organisation exists: the draft’s reserved folder', () => {
  let applicant: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let folder: string;

  beforeAll(async () => {
    [applicant, other, admin] = await Promise.all([newUser('folder-applicant'), newUser('folder-other'), newUser('folder-admin')]);
    await makeSystemAdmin(admin);
    folder = (await saveDraft(applicant, {}, 4)).organization_id;
  });

  it('the applicant uploads, lists, replaces and removes documents and a logo there', async () => {
    const docs = applicant.client.storage.from('application_documents');
    await uploadProof(applicant, folder);
    expect((await docs.list(folder)).data?.map((o) => o.name)).toContain('proof-of-registration.pdf');
    const replaced = await docs.upload(`${folder}/proof-of-registration.pdf`, pdfBytes(500), { contentType: 'application/pdf', upsert: true });
    expect(replaced.error).toBeNull();
    expect((await docs.createSignedUrl(`${folder}/proof-of-registration.pdf`, 60)).error).toBeNull();

    const logos = applicant.client.storage.from('brand_assets');
    expect((await logos.upload(`${folder}/logo.png`, pngBytes(200), { contentType: 'image/png' })).error).toBeNull();
    expect((await logos.remove([`${folder}/logo.png`])).data).toHaveLength(1);

    expect((await docs.upload(`${folder}/wrong.pdf`, pdfBytes(), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await docs.remove([`${folder}/wrong.pdf`])).data).toHaveLength(1);
  });

  it('nobody else can read or write the reserved folder; a system administrator may read what is there', async () => {
    await uploadProof(applicant, folder, 'kept.pdf');
    const theirs = other.client.storage.from('application_documents');
    expect((await theirs.list(folder)).data).toEqual([]);
    expectStorageError(await theirs.download(`${folder}/kept.pdf`), '404');
    expectStorageError(await theirs.upload(`${folder}/planted.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
    expectStorageError(await other.client.storage.from('brand_assets').upload(`${folder}/logo.png`, pngBytes(), { contentType: 'image/png' }), '403');
    expect((await admin.client.storage.from('application_documents').createSignedUrl(`${folder}/kept.pdf`, 60)).error).toBeNull();
  });

  it('a person’s own draft folder is the only one they get: a made-up folder is refused', async () => {
    const made = crypto.randomUUID();
    expectStorageError(
      await applicant.client.storage.from('application_documents').upload(`${made}/proof.pdf`, pdfBytes(), { contentType: 'application/pdf' }),
      '403',
    );
  });

  it('documents are unreachable without a signed URL, even by a visitor who knows the path', async () => {
    const path = `${folder}/kept.pdf`;
    expectStorageError(await asAnon().storage.from('application_documents').download(path), '404');
    const publicUrl = asAnon().storage.from('application_documents').getPublicUrl(path).data.publicUrl;
    expect((await fetch(publicUrl)).ok).toBe(false);
    const signed = expectOk(await applicant.client.storage.from('application_documents').createSignedUrl(path, 60));
    expect((await fetch(signed.signedUrl)).status).toBe(200);
  });
});

describe('submit_application', () => {
  afterEach(async () => {
    await sql('drop trigger if exists test_fail_activity on public.network_activity');
    await sql('drop function if exists public.test_fail_activity()');
  });

  it('creates the organisation with the reserved id, makes the caller its admin, files the pending application with its details and deletes the draft', async () => {
    const { user, orgId } = await readyApplicant('submit-ok');
    const logo = `${orgId}/logo.png`;
    expect((await user.client.storage.from('brand_assets').upload(logo, pngBytes(300), { contentType: 'image/png' })).error).toBeNull();
    const payload = validPayload(orgId, { logo_path: logo, use_cases: ['healthcare', 'healthcare', 'education'] });

    const returned = expectOk(await user.client.rpc('submit_application', { payload }));
    expect(returned).toBe(orgId);

    const org = expectOk(
      await user.client.from('organizations').select('id, name, legal_name, registration_number, country, website, sector, size, logo_path, created_by').eq('id', orgId).single(),
    );
    expect(org).toEqual({
      id: orgId,
      name: payload.name,
      legal_name: payload.legal_name,
      registration_number: payload.registration_number,
      country: 'GB',
      website: payload.website,
      sector: 'healthcare',
      size: '10-49',
      logo_path: logo,
      created_by: user.id,
    });
    expect(expectOk(await user.client.from('organization_members').select('organization_id, role'))).toEqual([{ organization_id: orgId, role: 'admin' }]);
    const application = expectOk(
      await user.client
        .from('organization_applications')
        .select('status, submitted_by, contact_name, contact_phone, use_cases, expected_monthly_verifications, registration_document_path, consent_at')
        .single(),
    );
    expect(application).toMatchObject({
      status: 'pending',
      submitted_by: user.id,
      contact_name: 'Grace Hopper',
      contact_phone: '+44 20 7946 0000',
      expected_monthly_verifications: 1200,
      registration_document_path: `${orgId}/proof-of-registration.pdf`,
    });
    expect([...application.use_cases].sort()).toEqual(['education', 'healthcare']);
    expect(Math.abs(new Date(application.consent_at as string).getTime() - Date.now())).toBeLessThan(60_000);
    expectNoRows(await user.client.from('application_drafts').select('*'));
    expect(expectOk(await user.client.rpc('check_user_org_approval_status', { user_uuid: user.id }))).toBe('pending');

    // The folder is now the organisation's: membership reaches the same files.
    expect((await user.client.storage.from('application_documents').list(orgId)).data?.map((o) => o.name)).toContain('proof-of-registration.pdf');
  });

  it('the name defaults to the legal name; the website is optional', async () => {
    const { user, orgId } = await readyApplicant('submit-defaults');
    const payload = validPayload(orgId, { name: '  ', website: '' });
    expectOk(await user.client.rpc('submit_application', { payload }));
    const org = expectOk(await user.client.from('organizations').select('name, website').eq('id', orgId).single());
    expect(org).toEqual({ name: payload.legal_name, website: null });
  });

  it('refuses an invalid payload with every bad field named, and leaves nothing behind', async () => {
    const { user, orgId } = await readyApplicant('submit-invalid');
    const result = await user.client.rpc('submit_application', {
      payload: {
        legal_name: ' ',
        registration_number: '',
        country: 'gb',
        website: 'harbour',
        sector: 'astrology',
        size: '',
        contact_name: '',
        contact_phone: 'call me',
        use_cases: ['education', 'teleportation'],
        expected_monthly_verifications: 0,
        registration_document_path: `${orgId}/not-uploaded.pdf`,
        logo_path: `${orgId}/no-logo.png`,
        consent: false,
      },
    });
    expect(result.error?.code).toBe('22023');
    expect(result.error?.message).toBe('invalid_application');
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({
      legal_name: 'required',
      registration_number: 'required',
      country: 'invalid',
      website: 'invalid',
      sector: 'invalid',
      size: 'required',
      contact_name: 'required',
      contact_phone: 'invalid',
      use_cases: 'invalid',
      expected_monthly_verifications: 'invalid',
      registration_document_path: 'missing',
      logo_path: 'missing',
      consent: 'required',
    });
    expect(await footprint(orgId, user.id)).toEqual({ org: null, members: [], application: null, draft: { organization_id: orgId } });
  });

  it('names missing fields in an empty payload', async () => {
    const { user } = await readyApplicant('submit-empty');
    const result = await user.client.rpc('submit_application', { payload: {} });
    expect(result.error?.message).toBe('invalid_application');
    expect(Object.keys(JSON.parse(result.error?.details ?? '{}')).sort()).toEqual(
      [
        'consent',
        'contact_name',
        'contact_phone',
        'country',
        'expected_monthly_verifications',
        'legal_name',
        'registration_document_path',
        'registration_number',
        'sector',
        'size',
        'use_cases',
      ].sort(),
    );
  });

  it('a document whose name is longer than the application holds is named at that field, not a raw constraint error', async () => {
    const { user, orgId } = await readyApplicant('submit-long-name');
    const longPath = await uploadProof(user, orgId, `${'scans-'.repeat(25)}/${'proof-'.repeat(25)}.pdf`);
    expect(longPath.length).toBeGreaterThan(300);
    const result = await user.client.rpc('submit_application', { payload: validPayload(orgId, { registration_document_path: longPath }) });
    expect(result.error?.code).toBe('22023');
    expect(result.error?.message).toBe('invalid_application');
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({ registration_document_path: 'invalid' });
    expect(await footprint(orgId, user.id)).toEqual({ org: null, members: [], application: null, draft: { organization_id: orgId } });
  });

  it('a document outside the reserved folder (someone else’s) does not count', async () => {
    const owner = await readyApplicant('submit-owner');
    const { user, orgId } = await readyApplicant('submit-borrower');
    const result = await user.client.rpc('submit_application', {
      payload: validPayload(orgId, { registration_document_path: `${owner.orgId}/proof-of-registration.pdf` }),
    });
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({ registration_document_path: 'missing' });
  });

  it('a registration number already in the network is refused at that field', async () => {
    const first = await readyApplicant('submit-first');
    const payload = validPayload(first.orgId);
    expectOk(await first.user.client.rpc('submit_application', { payload }));

    const second = await readyApplicant('submit-second');
    const result = await second.user.client.rpc('submit_application', {
      payload: { ...validPayload(second.orgId), registration_number: payload.registration_number },
    });
    expect(result.error?.message).toBe('invalid_application');
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({ registration_number: 'taken' });
    expect((await footprint(second.orgId, second.user.id)).org).toBeNull();
  });

  it('someone who already belongs to an organisation cannot apply again', async () => {
    const { user, orgId } = await readyApplicant('submit-twice');
    expectOk(await user.client.rpc('submit_application', { payload: validPayload(orgId) }));
    const again = await user.client.rpc('submit_application', { payload: validPayload(orgId) });
    expect(again.error?.code).toBe('23505');
    expect(again.error?.message).toBe('already_in_organization');
  });

  it('the same submission again (its answer lost) returns the organisation it created, once; another person’s id gets nothing', async () => {
    const { user, orgId } = await readyApplicant('submit-retried');
    const requestId = randomUUID();
    expect(expectOk(await user.client.rpc('submit_application', { payload: validPayload(orgId), p_request_id: requestId }))).toBe(orgId);
    const [retry, secondTab] = await Promise.all([
      user.client.rpc('submit_application', { payload: validPayload(orgId), p_request_id: requestId }),
      user.client.rpc('submit_application', { payload: validPayload(orgId), p_request_id: requestId }),
    ]);
    expect([expectOk(retry), expectOk(secondTab)]).toEqual([orgId, orgId]);
    const [{ organisations, applications, submitted }] = await sql<{ organisations: number; applications: number; submitted: number }>(
      `select (select count(*)::int from public.organizations where created_by = $1) as organisations,
              (select count(*)::int from public.organization_applications where submitted_by = $1) as applications,
              (select count(*)::int from public.network_activity where actor_id = $1 and action = 'application.submitted') as submitted`,
      [user.id],
    );
    expect({ organisations, applications, submitted }).toEqual({ organisations: 1, applications: 1, submitted: 1 });
    // A new id is a new submission: refused, as before.
    const fresh = await user.client.rpc('submit_application', { payload: validPayload(orgId), p_request_id: randomUUID() });
    expect(fresh.error?.message).toBe('already_in_organization');
    // attack: someone else who learns the id is not handed that organisation.
    const other = await readyApplicant('submit-retried-other');
    const stolen = await other.user.client.rpc('submit_application', { payload: validPayload(other.orgId), p_request_id: requestId });
    expect(stolen.error).not.toBeNull();
    expect(stolen.data).not.toBe(orgId);
  });

  it('is atomic: a failure after the organisation was inserted leaves no organisation, membership or application, and keeps the draft', async () => {
    const { user, orgId } = await readyApplicant('submit-atomic');
    // The last write of the transaction (the audit entry the application's trigger makes) fails.
    await sql(`create function public.test_fail_activity() returns trigger language plpgsql set search_path = '' as $$
               begin raise exception 'simulated failure'; end; $$`);
    await sql('create trigger test_fail_activity before insert on public.network_activity for each row execute function public.test_fail_activity()');

    const result = await user.client.rpc('submit_application', { payload: validPayload(orgId) });
    expect(result.error?.message).toBe('simulated failure');
    expect(await footprint(orgId, user.id)).toEqual({ org: null, members: [], application: null, draft: { organization_id: orgId } });

    // Retrying once the fault is gone succeeds with the same draft and documents.
    await sql('drop trigger test_fail_activity on public.network_activity');
    expect(expectOk(await user.client.rpc('submit_application', { payload: validPayload(orgId) }))).toBe(orgId);
  });

  it('visitors cannot call it at all', async () => {
    const result = await asAnon().rpc('submit_application', { payload: {} });
    expectDenied(result);
  });
});

describe('the applicant’s view after submitting', () => {
  let applicant: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let orgId: string;
  let outsiderOrg: string;

  beforeAll(async () => {
    const ready = await readyApplicant('view-applicant');
    applicant = ready.user;
    orgId = ready.orgId;
    expectOk(await applicant.client.rpc('submit_application', { payload: validPayload(orgId) }));
    [outsider, admin] = await Promise.all([newUser('view-outsider'), newUser('view-admin')]);
    await makeSystemAdmin(admin);
    outsiderOrg = await createOrganization(outsider, { name: 'Outsider Org' });
  });

  it('the applicant sees only their own application and its timeline', async () => {
    const apps = expectOk(await applicant.client.from('organization_applications').select('organization_id, contact_name'));
    expect(apps).toEqual([{ organization_id: orgId, contact_name: 'Grace Hopper' }]);
    const events = expectOk(await applicant.client.from('application_events').select('organization_id, type, actor_id'));
    expect(events).toEqual([{ organization_id: orgId, type: 'submitted', actor_id: applicant.id }]);
  });

  it('another organisation sees none of it: no application, no timeline, no documents, no pending organisation', async () => {
    expectNoRows(await outsider.client.from('organization_applications').select('*').eq('organization_id', orgId));
    expectNoRows(await outsider.client.from('application_events').select('*').eq('organization_id', orgId));
    expectNoRows(await outsider.client.from('organizations').select('*').eq('id', orgId));
    expect((await outsider.client.storage.from('application_documents').list(orgId)).data).toEqual([]);
    expectStorageError(await outsider.client.storage.from('application_documents').createSignedUrl(`${orgId}/proof-of-registration.pdf`, 60), '404');
  });

  it('a visitor sees neither the pending organisation nor anything about its application', async () => {
    expectDenied(await asAnon().from('organizations').select('id').eq('id', orgId));
    expectNoRows(await asAnon().rpc('registry_by_id', { p_id: orgId }));
    expectDenied(await asAnon().from('organization_applications').select('*'));
    expectDenied(await asAnon().from('application_events').select('*'));
    expectNoRows(await asAnon().from('registry_entries').select('*').eq('organization_id', orgId));
  });

  it('a system administrator sees every application, its timeline and its documents', async () => {
    const apps = expectOk(await admin.client.from('organization_applications').select('organization_id').in('organization_id', [orgId, outsiderOrg]));
    expect(apps).toHaveLength(2);
    expect(expectOk(await admin.client.from('application_events').select('type').eq('organization_id', orgId))).toEqual([{ type: 'submitted' }]);
    const signed = expectOk(await admin.client.storage.from('application_documents').createSignedUrl(`${orgId}/proof-of-registration.pdf`, 60));
    expect((await fetch(signed.signedUrl)).status).toBe(200);
  });

  it('the applicant cannot change their application’s status or details directly', async () => {
    expectNoRows(await applicant.client.from('organization_applications').update({ status: 'approved' }).eq('organization_id', orgId).select());
    expectDenied(await applicant.client.from('organization_applications').update({ contact_name: 'Someone else' }).eq('organization_id', orgId));
    expectDenied(await applicant.client.from('application_events').insert({ organization_id: orgId, type: 'approved' }));
    const [row] = await sql<{ status: string }>('select status from public.organization_applications where organization_id = $1', [orgId]);
    expect(row.status).toBe('pending');
  });
});
