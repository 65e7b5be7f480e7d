import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { submittedApplicant } from '../support/application-fixtures.ts';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { expectStorageError, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Who may do what with the two buckets, decided by the RLS policies on
 * storage.objects (supabase/migrations/20261122003000_storage-buckets.sql,
 * narrowed by 20261122004000 and 20261124000400) — the same policies hosted
 * Storage would apply — and exercised as real users through the real supabase-js
 * storage client. Writing documents before and after Submit is covered in
 * detail by tests/db/onboarding.test.ts and application-evidence.test.ts.
 */
const config = stackConfig('test');

let applicant: TestUser; // submitted organisation A's application: its admin
let colleague: TestUser; // plain member of A
let outsider: TestUser; // admin of organisation B
let sysAdmin: TestUser;
let orgA: string;
let orgB: string;

const DOC = () => `${orgA}/proof-of-registration.pdf`;
/** What the fixture's proof of registration says (tests/support/application-fixtures.ts). */
const EVIDENCE = 'certificate of incorporation';
const LOGO = () => `${orgA}/logo.png`;

beforeAll(async () => {
  [{ user: applicant, orgId: orgA }, colleague, outsider, sysAdmin] = await Promise.all([
    submittedApplicant('storage-applicant'),
    newUser('storage-colleague'),
    newUser('storage-outsider'),
    newUser('storage-sysadmin'),
  ]);
  orgB = await createOrganization(outsider, { name: 'Outsider Org' });
  await addMember(orgA, colleague, 'member');
  await makeSystemAdmin(sysAdmin);

  const logo = await applicant.client.storage.from('brand_assets').upload(LOGO(), pngBytes(120), { contentType: 'image/png' });
  expect(logo.error).toBeNull();
});

const objectCount = async (bucket: string, name: string) =>
  (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length;

describe('application_documents: the applicant’s organisation', () => {
  it('the applicant lists and reads their own organisation’s documents', async () => {
    const docs = applicant.client.storage.from('application_documents');
    expect((await docs.list(orgA)).data?.map((o) => o.name)).toContain('proof-of-registration.pdf');
    expect(await text((await docs.download(DOC())).data)).toContain(EVIDENCE);
    expect((await docs.createSignedUrl(DOC(), 60)).error).toBeNull();
  });

  it('a plain member of the organisation reads them too, and after Submit adds or removes nothing', async () => {
    const docs = colleague.client.storage.from('application_documents');
    expect(await text((await docs.download(DOC())).data)).toContain(EVIDENCE);
    expectStorageError(await docs.upload(`${orgA}/member-upload.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
    expect((await docs.remove([DOC()])).data).toEqual([]);
  });

  it('documents must sit in the uploader’s organisation folder', async () => {
    const docs = applicant.client.storage.from('application_documents');
    expectStorageError(
      await docs.upload('loose.pdf', pdfBytes(), { contentType: 'application/pdf' }),
      '403',
      'new row violates row-level security policy',
    );
    expectStorageError(
      await docs.upload(`${crypto.randomUUID()}/made-up-org.pdf`, pdfBytes(), { contentType: 'application/pdf' }),
      '403',
    );
  });

  it('a member may not move a document out of their organisation’s folder (nor anywhere, after Submit)', async () => {
    const docs = applicant.client.storage.from('application_documents');
    await asServiceRole().storage.from('application_documents').upload(`${orgA}/stay.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    expectStorageError(await docs.move(`${orgA}/stay.pdf`, `${orgB}/stolen.pdf`), '404');
    expect(await objectCount('application_documents', `${orgA}/stay.pdf`)).toBe(1);
    expect(await objectCount('application_documents', `${orgB}/stolen.pdf`)).toBe(0);
  });
});

describe('application_documents: another organisation', () => {
  it('sees nothing: empty lists, "not found" for reads and signed URLs', async () => {
    const docs = outsider.client.storage.from('application_documents');
    expect((await docs.list(orgA)).data).toEqual([]);
    expect((await docs.list()).data?.map((o) => o.name) ?? []).not.toContain(orgA);
    expectStorageError(await docs.download(DOC()), '404', 'Object not found');
    expectStorageError(await docs.info(DOC()), '404');
    expectStorageError(await docs.createSignedUrl(DOC(), 60), '404', 'Object not found');
    const many = await docs.createSignedUrls([DOC()], 60);
    expect(many.data?.[0]).toMatchObject({ signedUrl: null, error: expect.any(String) });
    expect((await docs.exists(DOC())).data).toBe(false);
  });

  it('cannot upload into, overwrite, move, copy or remove the organisation’s documents', async () => {
    const docs = outsider.client.storage.from('application_documents');
    expectStorageError(
      await docs.upload(`${orgA}/planted.pdf`, pdfBytes(), { contentType: 'application/pdf' }),
      '403',
      'new row violates row-level security policy',
    );
    expectStorageError(await docs.upload(DOC(), pdfBytes(), { contentType: 'application/pdf', upsert: true }), '403');
    expectStorageError(await docs.move(DOC(), `${orgB}/taken.pdf`), '404');
    expectStorageError(await docs.copy(DOC(), `${orgB}/copied.pdf`), '404');
    expect((await docs.remove([DOC()])).data).toEqual([]);

    expect(await objectCount('application_documents', `${orgA}/planted.pdf`)).toBe(0);
    expect(await text((await applicant.client.storage.from('application_documents').download(DOC())).data)).toContain(
      EVIDENCE,
    );
  });
});

describe('application_documents: system administrators', () => {
  it('read every organisation’s documents, to review them', async () => {
    const docs = sysAdmin.client.storage.from('application_documents');
    const root = await docs.list();
    expect(root.data?.map((o) => o.name)).toEqual(expect.arrayContaining([orgA]));
    expect((await docs.list(orgA)).data?.map((o) => o.name)).toContain('proof-of-registration.pdf');
    expect(await text((await docs.download(DOC())).data)).toContain(EVIDENCE);
    const signed = await docs.createSignedUrl(DOC(), 60);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
  });

  it('do not write or remove them: the documents are the record the decision was made on', async () => {
    const docs = sysAdmin.client.storage.from('application_documents');
    expectStorageError(await docs.upload(`${orgA}/admin-note.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
    expect((await docs.remove([DOC()])).data).toEqual([]);
    expect(await objectCount('application_documents', DOC())).toBe(1);
  });
});

describe('application_documents: visitors and direct links', () => {
  it('visitors (anon key) cannot list, read, sign or upload', async () => {
    const docs = asAnon().storage.from('application_documents');
    expect((await docs.list(orgA)).data).toEqual([]);
    expectStorageError(await docs.download(DOC()), '404');
    expectStorageError(await docs.createSignedUrl(DOC(), 60), '404');
    expectStorageError(await docs.upload(`${orgA}/anon.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
  });

  it('a document is unreachable without a signed URL: its public URL and the plain object URL are refused', async () => {
    const { publicUrl } = applicant.client.storage.from('application_documents').getPublicUrl(DOC()).data;
    const viaPublic = await fetch(publicUrl);
    expect(viaPublic.status).toBe(400);
    expect(await viaPublic.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
    // The object URL without any credentials, as a pasted link would be opened.
    const bare = await fetch(`${config.apiUrl}/storage/v1/object/application_documents/${DOC()}`);
    expect(bare.status).toBe(401);
    const withKeyOnly = await fetch(`${config.apiUrl}/storage/v1/object/application_documents/${DOC()}`, {
      headers: { apikey: config.keys.anonKey },
    });
    expect(withKeyOnly.status).toBe(400);
  });

  it('a signed URL works until it expires, and only for its own object', async () => {
    const docs = applicant.client.storage.from('application_documents');
    // Expiry is counted in whole seconds: 2 s is the shortest that is surely still valid on first use.
    const { data } = await docs.createSignedUrl(DOC(), 2);
    const url = data!.signedUrl;
    expect((await fetch(url)).status).toBe(200);

    // Same token, another object of the same organisation.
    await asServiceRole().storage.from('application_documents').upload(`${orgA}/other.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    const swapped = await fetch(url.replace('proof-of-registration.pdf', 'other.pdf'));
    expect(swapped.status).toBe(400);
    expect(await swapped.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    // A forged token is refused.
    const forged = await fetch(url.replace(/token=[^&]+/, (t) => `${t.slice(0, -4)}AAAA`));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'InvalidJWT', message: 'invalid signature' });

    await new Promise((r) => setTimeout(r, 3100));
    const expired = await fetch(url);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });
  });

  it('an access token is not a signed-URL token', async () => {
    const session = (await applicant.client.auth.getSession()).data.session!;
    const response = await fetch(
      `${config.apiUrl}/storage/v1/object/sign/application_documents/${DOC()}?token=${session.access_token}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'InvalidJWT' });
  });

  it('the service role (server code) bypasses the policies, as on hosted Supabase', async () => {
    const docs = asServiceRole().storage.from('application_documents');
    expect(await text((await docs.download(DOC())).data)).toContain(EVIDENCE);
  });
});

describe('brand_assets', () => {
  it('anyone reads a logo: visitors through its public URL and through the API', async () => {
    const { publicUrl } = asAnon().storage.from('brand_assets').getPublicUrl(LOGO()).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const viaApi = await asAnon().storage.from('brand_assets').download(LOGO());
    expect(viaApi.error).toBeNull();
    expect(viaApi.data?.size).toBe(120);
    expect((await outsider.client.storage.from('brand_assets').download(LOGO())).error).toBeNull();
  });

  it('nobody outside the organisation can enumerate the logos (which would reveal every applicant)', async () => {
    expect((await asAnon().storage.from('brand_assets').list()).data).toEqual([]);
    expect((await outsider.client.storage.from('brand_assets').list(orgA)).data).toEqual([]);
    expect((await applicant.client.storage.from('brand_assets').list(orgA)).data?.map((o) => o.name)).toEqual(['logo.png']);
  });

  it('only the organisation’s admins write its logo', async () => {
    const logos = (u: TestUser) => u.client.storage.from('brand_assets');
    // The organisation's admin replaces it.
    expect((await logos(applicant).upload(LOGO(), pngBytes(130), { contentType: 'image/png', upsert: true })).error).toBeNull();
    // A plain member may not.
    expectStorageError(await logos(colleague).upload(`${orgA}/member.png`, pngBytes(), { contentType: 'image/png' }), '403');
    expectStorageError(await logos(colleague).upload(LOGO(), pngBytes(), { contentType: 'image/png', upsert: true }), '403');
    expect((await logos(colleague).remove([LOGO()])).data).toEqual([]);
    // Another organisation's admin may not, and visitors may not.
    expectStorageError(await logos(outsider).upload(`${orgA}/defaced.png`, pngBytes(), { contentType: 'image/png' }), '403');
    expect((await logos(outsider).remove([LOGO()])).data).toEqual([]);
    expectStorageError(
      await asAnon().storage.from('brand_assets').upload(`${orgA}/anon.png`, pngBytes(), { contentType: 'image/png' }),
      '403',
    );
    // The other organisation's admin does write their own.
    expect((await logos(outsider).upload(`${orgB}/logo.png`, pngBytes(), { contentType: 'image/png' })).error).toBeNull();

    expect((await asAnon().storage.from('brand_assets').download(LOGO())).data?.size).toBe(130);
    expect(await objectCount('brand_assets', `${orgA}/defaced.png`)).toBe(0);
  });
});
