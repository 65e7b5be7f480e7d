import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { expectStorageError, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * Resources for members (20261128000300_member-resources.sql, decision 054):
 * who sees which rows and files, and that only system administrators write,
 * as real users with real JWTs through supabase-js.
 */

const BUCKET = 'member_resources';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let sysAdmin: TestUser;
let healthMember: TestUser; // member of an active healthcare organisation
let healthAdmin: TestUser; // its admin
let legalMember: TestUser; // member of an active legal organisation
let applicant: TestUser; // admin of a pending (not yet approved) healthcare applicant
let suspendedMember: TestUser; // member of a suspended healthcare organisation
let nobody: TestUser; // signed in, in no organisation

beforeAll(async () => {
  [sysAdmin, healthMember, healthAdmin, legalMember, applicant, suspendedMember, nobody] = await Promise.all([
    newUser('res-sysadmin'),
    newUser('res-health-member'),
    newUser('res-health-admin'),
    newUser('res-legal-member'),
    newUser('res-applicant'),
    newUser('res-suspended'),
    newUser('res-nobody'),
  ]);
  await makeSystemAdmin(sysAdmin);
  const health = await createOrganization(healthAdmin, { status: 'approved' });
  await addMember(health, healthMember);
  const legal = await createOrganization(legalMember, { status: 'approved' });
  const pending = await createOrganization(applicant, { status: 'pending' });
  const suspended = await createOrganization(suspendedMember, { status: 'approved' });
  await sql(`update public.organizations set sector = 'healthcare' where id = any($1::uuid[])`, [[health, pending, suspended]]);
  await sql(`update public.organizations set sector = 'legal' where id = $1`, [legal]);
  await sql(`update public.registry_entries set status = 'suspended' where organization_id = $1`, [suspended]);
});

async function upload(user: TestUser, bytes: Buffer = pdfBytes(200, 'clinic checklist'), name = 'checklist.pdf', type = 'application/pdf') {
  const path = `${randomUUID()}/${name}`;
  const { error } = await user.client.storage.from(BUCKET).upload(path, bytes, { contentType: type });
  expect(error).toBeNull();
  return path;
}

interface NewResource {
  title?: string;
  audience?: 'all_members' | 'sectors';
  sectors?: string[];
  path?: string;
}

async function createResource({ title = `Checklist ${randomUUID().slice(0, 6)}`, audience = 'sectors', sectors = ['healthcare'], path }: NewResource = {}) {
  const objectPath = path ?? (await upload(sysAdmin));
  const id = expectOk(
    await sysAdmin.client.rpc('create_resource', {
      p_title: title,
      p_description: 'What to check before onboarding a clinic.',
      p_category: 'Checklists',
      p_audience: audience,
      p_sectors: sectors,
      p_version_label: '1.0',
      p_object_path: objectPath,
    }),
  ) as string;
  return { id, objectPath };
}

async function publish(id: string, published = true) {
  expect((await sysAdmin.client.rpc('set_resource_published', { p_resource_id: id, p_published: published })).error).toBeNull();
}

async function visibleIds(user: TestUser): Promise<string[]> {
  const { data, error } = await user.client.from('resources').select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id);
}

async function activity(resourceId: string) {
  return sql<{ action: string; actor_id: string }>(
    `select action, actor_id from public.network_activity where details ->> 'resource_id' = $1 order by id`,
    [resourceId],
  );
}

describe('the bucket', () => {
  it('is private, 20 MB, PDF, DOCX, XLSX and PNG, in its own settings', async () => {
    const [bucket] = await sql(`select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = $1`, [BUCKET]);
    expect(bucket).toEqual({
      public: false,
      limit: 20 * 1024 * 1024,
      allowed_mime_types: ['application/pdf', DOCX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/png'],
    });
  });

  it('refuses a file over 20 MB and a type it does not hold, even from a system administrator', async () => {
    const files = sysAdmin.client.storage.from(BUCKET);
    expectStorageError(await files.upload(`${randomUUID()}/big.pdf`, pdfBytes(20 * 1024 * 1024 + 1), { contentType: 'application/pdf' }), '413');
    expectStorageError(await files.upload(`${randomUUID()}/page.html`, Buffer.from('<p>hi</p>'), { contentType: 'text/html' }), '415');
  });
});

describe('who sees a published resource', () => {
  let sectorResource: { id: string; objectPath: string };
  let everyoneResource: { id: string; objectPath: string };

  beforeAll(async () => {
    sectorResource = await createResource({ sectors: ['healthcare'] });
    everyoneResource = await createResource({ audience: 'all_members', sectors: [], path: await upload(sysAdmin, pngBytes(300), 'logo-guide.png', 'image/png') });
    await publish(sectorResource.id);
    await publish(everyoneResource.id);
  });

  it('members of an active organisation in the sector see the row, its current version and download the file', async () => {
    for (const user of [healthMember, healthAdmin]) {
      expect(await visibleIds(user)).toEqual(expect.arrayContaining([sectorResource.id, everyoneResource.id]));
      const { data } = await user.client.from('resource_versions').select('object_path').eq('resource_id', sectorResource.id);
      expect(data).toEqual([{ object_path: sectorResource.objectPath }]);
      expect(await text((await user.client.storage.from(BUCKET).download(sectorResource.objectPath)).data)).toContain('clinic checklist');
      expect((await user.client.storage.from(BUCKET).createSignedUrl(sectorResource.objectPath, 60)).error).toBeNull();
    }
  });

  it('a member of another sector sees only what is for every member', async () => {
    const ids = await visibleIds(legalMember);
    expect(ids).toContain(everyoneResource.id);
    expect(ids).not.toContain(sectorResource.id);
  });

  it('attack: a member of another sector, a pending applicant, a suspended member, a signed-in outsider and a visitor read neither the row nor the file', async () => {
    for (const user of [legalMember, applicant, suspendedMember, nobody]) {
      expect(await visibleIds(user)).not.toContain(sectorResource.id);
      const versions = await user.client.from('resource_versions').select('id').eq('resource_id', sectorResource.id);
      expect(versions.data).toEqual([]);
      const files = user.client.storage.from(BUCKET);
      expectStorageError(await files.download(sectorResource.objectPath), '404');
      expectStorageError(await files.createSignedUrl(sectorResource.objectPath, 60), '404');
    }
    for (const user of [applicant, suspendedMember, nobody]) {
      expect(await visibleIds(user)).not.toContain(everyoneResource.id);
      expectStorageError(await user.client.storage.from(BUCKET).download(everyoneResource.objectPath), '404');
    }
    // Visitors hold no grant on the table at all.
    expectDenied(await asAnon().from('resources').select('id'));
    const visitorFile = await asAnon().storage.from(BUCKET).download(sectorResource.objectPath);
    expect(visitorFile.error).not.toBeNull();
    expect(visitorFile.data).toBeNull();
  });

  it('attack: nobody reads an unpublished resource or its file, and only the current version’s file', async () => {
    const draft = await createResource({ sectors: ['healthcare'] });
    expect(await visibleIds(healthMember)).not.toContain(draft.id);
    expectStorageError(await healthMember.client.storage.from(BUCKET).download(draft.objectPath), '404');

    // A newer version: the older file is the back office's history only.
    const older = everyoneResource.objectPath;
    const newer = await upload(sysAdmin, pdfBytes(180, 'second edition'), 'logo-guide.pdf');
    expectOk(await sysAdmin.client.rpc('add_resource_version', { p_resource_id: everyoneResource.id, p_version_label: '2.0', p_object_path: newer }));
    expect(await text((await legalMember.client.storage.from(BUCKET).download(newer)).data)).toContain('second edition');
    expectStorageError(await legalMember.client.storage.from(BUCKET).download(older), '404');
    expect((await sysAdmin.client.storage.from(BUCKET).download(older)).error).toBeNull();

    await publish(sectorResource.id, false);
    expect(await visibleIds(healthMember)).not.toContain(sectorResource.id);
    expectStorageError(await healthMember.client.storage.from(BUCKET).download(sectorResource.objectPath), '404');
    await publish(sectorResource.id, true);
  });
});

describe('writing', () => {
  it('records a new resource unpublished, with its first version, in the activity log', async () => {
    const { id, objectPath } = await createResource({ title: 'Onboarding checklist', sectors: ['healthcare', 'legal', 'healthcare'] });
    const [row] = await sql<{ title: string; published: boolean; sectors: string; file_name: string; byte_size: string; mime_type: string }>(
      `select r.title, r.published, r.sectors::text, v.file_name, v.byte_size::text, v.mime_type
         from public.resources r join public.resource_versions v on v.id = r.current_version_id where r.id = $1`,
      [id],
    );
    expect(row).toEqual({ title: 'Onboarding checklist', published: false, sectors: '{healthcare,legal}', file_name: 'checklist.pdf', byte_size: '200', mime_type: 'application/pdf' });
    expect(objectPath.endsWith('/checklist.pdf')).toBe(true);
    await publish(id);
    await publish(id); // a double click records nothing more
    await publish(id, false);
    expect(await activity(id)).toEqual([
      { action: 'resource.created', actor_id: sysAdmin.id },
      { action: 'resource.published', actor_id: sysAdmin.id },
      { action: 'resource.unpublished', actor_id: sysAdmin.id },
    ]);
  });

  it('keeps every version when a file is replaced', async () => {
    const { id } = await createResource();
    const second = await upload(sysAdmin, pdfBytes(90), 'checklist-v2.pdf');
    const versionId = expectOk(await sysAdmin.client.rpc('add_resource_version', { p_resource_id: id, p_version_label: '2.0', p_object_path: second }));
    const versions = await sql<{ version_label: string; current: boolean }>(
      `select v.version_label, v.id = r.current_version_id as current
         from public.resource_versions v join public.resources r on r.id = v.resource_id where v.resource_id = $1 order by v.uploaded_at, v.id`,
      [id],
    );
    expect(versions).toEqual([{ version_label: '1.0', current: false }, { version_label: '2.0', current: true }]);
    expect(typeof versionId).toBe('string');
    expect((await activity(id)).map((a) => a.action)).toEqual(['resource.created', 'resource.version_added']);
  });

  it('refuses bad input with named errors and writes nothing', async () => {
    const path = await upload(sysAdmin);
    const base = { p_title: 'Title', p_description: '', p_category: 'Guides', p_audience: 'all_members', p_sectors: [], p_version_label: '1.0', p_object_path: path };
    const cases: [Record<string, unknown>, string][] = [
      [{ p_title: '   ' }, 'invalid_title'],
      [{ p_category: '' }, 'invalid_category'],
      [{ p_audience: 'sectors', p_sectors: [] }, 'invalid_audience'],
      [{ p_sectors: ['legal'] }, 'invalid_audience'],
      [{ p_version_label: ' ' }, 'invalid_version_label'],
      [{ p_object_path: `${randomUUID()}/missing.pdf` }, 'invalid_file'],
    ];
    const [before] = await sql<{ n: number }>('select count(*)::int as n from public.resources');
    for (const [change, code] of cases) {
      const { error } = await sysAdmin.client.rpc('create_resource', { ...base, ...change });
      expect(error?.message).toBe(code);
    }
    const [after] = await sql<{ n: number }>('select count(*)::int as n from public.resources');
    expect(after.n).toBe(before.n);
    // The same file cannot be two versions.
    const { id } = await createResource({ path });
    const again = await sysAdmin.client.rpc('add_resource_version', { p_resource_id: id, p_version_label: '1.1', p_object_path: path });
    expect(again.error?.message).toBe('invalid_file');
  });

  it('attack: members, applicants and outsiders cannot create, replace, publish or upload, and nothing changes', async () => {
    const { id, objectPath } = await createResource();
    const [before] = await sql<{ published: boolean; current_version_id: string }>('select published, current_version_id from public.resources where id = $1', [id]);
    const [countBefore] = await sql<{ n: number }>('select count(*)::int as n from public.resources');
    for (const user of [healthMember, healthAdmin, legalMember, applicant, nobody]) {
      // Their own upload to the bucket is refused outright.
      expectStorageError(
        await user.client.storage.from(BUCKET).upload(`${randomUUID()}/forged.docx`, Buffer.from('PK forged'), { contentType: DOCX }),
        '403',
      );
      // The RPCs refuse them even with a real file the administrator uploaded.
      const created = await user.client.rpc('create_resource', {
        p_title: 'Forged', p_description: '', p_category: 'Forged', p_audience: 'all_members', p_sectors: [], p_version_label: '1', p_object_path: objectPath,
      });
      expectDenied(created);
      expectDenied(await user.client.rpc('add_resource_version', { p_resource_id: id, p_version_label: '9', p_object_path: objectPath }));
      expectDenied(await user.client.rpc('set_resource_published', { p_resource_id: id, p_published: true }));
      // And the tables take no direct writes.
      expectDenied(await user.client.from('resources').insert({ title: 'Forged', category: 'Forged' }));
      const update = await user.client.from('resources').update({ published: true }).eq('id', id).select();
      expect(update.error?.code).toBe('42501');
      expectDenied(await user.client.from('resource_versions').insert({ resource_id: id, version_label: 'x', object_path: 'x/y', file_name: 'y', mime_type: 'image/png', byte_size: 1 }));
    }
    for (const rpc of ['create_resource', 'set_resource_published', 'mark_resources_visited'] as const) {
      const result = await asAnon().rpc(rpc, rpc === 'set_resource_published' ? { p_resource_id: id, p_published: true } : {});
      expect(result.error).not.toBeNull();
    }
    const [after] = await sql<{ published: boolean; current_version_id: string }>('select published, current_version_id from public.resources where id = $1', [id]);
    expect(after).toEqual(before);
    const [countAfter] = await sql<{ n: number }>('select count(*)::int as n from public.resources');
    expect(countAfter.n).toBe(countBefore.n);
    expect(await activity(id)).toEqual([{ action: 'resource.created', actor_id: sysAdmin.id }]);
  });

  it('attack: nobody replaces or removes a resource file, not even a system administrator', async () => {
    const { objectPath } = await createResource();
    const files = sysAdmin.client.storage.from(BUCKET);
    expect((await files.remove([objectPath])).data).toEqual([]);
    const replaced = await files.update(objectPath, pdfBytes(64, 'swapped'), { contentType: 'application/pdf' });
    expect(replaced.error).not.toBeNull();
    expect(await text((await files.download(objectPath)).data)).toContain('clinic checklist');
  });
});

describe('a system administrator with a verified factor (decision 043)', () => {
  it('attack: at aal1 (password only) is refused with aal2_required, sees no unpublished resource or file and changes nothing', async () => {
    const admin = await newUser('res-sysadmin-mfa');
    await makeSystemAdmin(admin);
    await enrolVerifiedTotp(admin.client);
    const aal1 = await signInAgain(admin);
    const draft = await createResource();
    const ownFile = await upload(admin); // at aal2 the upload itself is allowed
    for (const [fn, args] of [
      ['create_resource', { p_title: 'At aal1', p_description: '', p_category: 'X', p_audience: 'all_members', p_sectors: [], p_version_label: '1', p_object_path: ownFile }],
      ['add_resource_version', { p_resource_id: draft.id, p_version_label: '2', p_object_path: ownFile }],
      ['set_resource_published', { p_resource_id: draft.id, p_published: true }],
    ] as const) {
      const result = await aal1.rpc(fn, args);
      expect(result.error).toMatchObject({ code: '42501', message: 'aal2_required' });
    }
    expectNoRows(await aal1.from('resources').select('id').eq('id', draft.id));
    expectStorageError(await aal1.storage.from(BUCKET).download(draft.objectPath), '404');
    expectStorageError(await aal1.storage.from(BUCKET).upload(`${randomUUID()}/at-aal1.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
    const [row] = await sql<{ published: boolean; versions: number }>(
      'select r.published, (select count(*)::int from public.resource_versions v where v.resource_id = r.id) as versions from public.resources r where r.id = $1',
      [draft.id],
    );
    expect(row).toEqual({ published: false, versions: 1 });
  });
});

describe('the last visit', () => {
  it('remembers the visit per person, readable only by them', async () => {
    const first = (await legalMember.client.rpc('mark_resources_visited')).data as string | null;
    expect(first).toBeNull();
    const second = (await legalMember.client.rpc('mark_resources_visited')).data as string | null;
    expect(second).not.toBeNull();
    const own = await legalMember.client.from('resource_visits').select('user_id');
    expect(own.data).toEqual([{ user_id: legalMember.id }]);
    const others = await healthMember.client.from('resource_visits').select('user_id').eq('user_id', legalMember.id);
    expect(others.data).toEqual([]);
    expectDenied(await healthMember.client.from('resource_visits').upsert({ user_id: legalMember.id, last_visited_at: '2000-01-01T00:00:00Z' }));
  });
});
