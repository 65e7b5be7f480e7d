import { beforeAll, describe, expect, it } from 'vitest';

import { makeSystemAdmin } from '../support/db-fixtures.ts';
import {
  accessRows,
  addVersion,
  grantInvestor,
  newFolder,
  newInvestorDocument,
  publishNda,
  withdrawAllNdas,
  type InvestorDocument,
} from '../support/investor-content-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * The data room's RPCs (20261129000300_data-room.sql, decision 061) as real
 * users with real JWTs: the NDA gate (investor_nda_status, agree_to_nda) and
 * open_investor_document, which decides and records an open in one
 * transaction. Every refusal is checked for its named error AND for leaving
 * nothing behind (no agreement, no access row).
 *
 * NDA versions are global: this file starts from none (db files run one at a time).
 */

let admin: TestUser;
let lite: TestUser;
let dataRoom: TestUser;
let member: TestUser;
let stakeholder: TestUser;
let liteDoc: InvestorDocument;
let roomDoc: InvestorDocument;

type Client = TestUser['client'];

function open(client: Client, versionId: string, action: string = 'open') {
  return client.rpc('open_investor_document', { p_version_id: versionId, p_action: action });
}

async function agreements(user: TestUser): Promise<number[]> {
  const rows = await sql<{ nda_version: number }>('select nda_version from public.nda_agreements where user_id = $1 order by 1', [user.id]);
  return rows.map((row) => row.nda_version);
}

function expectRefused(result: { error: { code?: string; message?: string } | null; data: unknown }, code: string, message: string) {
  expect(result.data).toBeNull();
  expect(result.error).toMatchObject({ code, message });
}

beforeAll(async () => {
  [admin, lite, dataRoom, member, stakeholder] = await Promise.all([
    newUser('dr-admin'), newUser('dr-lite'), newUser('dr-data-room'), newUser('dr-member'), newUser('dr-stakeholder'),
  ]);
  await makeSystemAdmin(admin);
  await grantInvestor(lite, 'lite');
  await grantInvestor(dataRoom, 'data_room');
  await sql('insert into public.stakeholders (user_id, affiliation) values ($1, $2)', [stakeholder.id, 'Tests']);
  await withdrawAllNdas();
  const folder = await newFolder();
  liteDoc = await newInvestorDocument(folder, 'lite', { title: 'Investor letter' });
  roomDoc = await newInvestorDocument(folder, 'data_room', { title: 'Cap table' });
});

describe('with no NDA published (the data room is closed)', () => {
  it('a data-room investor is told there is nothing to agree to, cannot agree, and cannot open a data_room document', async () => {
    const status = await dataRoom.client.rpc('investor_nda_status');
    expect(status.error).toBeNull();
    expect(status.data).toEqual([]);
    expectRefused(await dataRoom.client.rpc('agree_to_nda', { p_version: 1 }), 'P0002', 'nda_not_published');
    expectRefused(await open(dataRoom.client, roomDoc.versionId), '42501', 'nda_required');
    expect(await agreements(dataRoom)).toEqual([]);
    expect(await accessRows(roomDoc.versionId)).toEqual([]);
  });
});

describe('the NDA gate', () => {
  let v1: number;
  beforeAll(async () => {
    v1 = await publishNda('Version one of the agreement.');
  });

  it('shows a data-room investor the current text, not yet agreed', async () => {
    const { data, error } = await dataRoom.client.rpc('investor_nda_status');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ version: v1, body: 'Version one of the agreement.', agreed_at: null, previously_agreed_version: null })]);
  });

  it('keeps a data-room investor out of data_room documents until they agree (nothing recorded)', async () => {
    expectRefused(await open(dataRoom.client, roomDoc.versionId), '42501', 'nda_required');
    expectRefused(await open(dataRoom.client, roomDoc.versionId, 'download'), '42501', 'nda_required');
    expect(await accessRows(roomDoc.versionId)).toEqual([]);
  });

  it('refuses lite investors, members, stakeholders and visitors the NDA and the agreement (nothing recorded)', async () => {
    for (const user of [lite, member, stakeholder]) {
      expectRefused(await user.client.rpc('investor_nda_status'), '42501', 'not_allowed_data_room');
      expectRefused(await user.client.rpc('agree_to_nda', { p_version: v1 }), '42501', 'not_allowed_data_room');
      expect(await agreements(user)).toEqual([]);
    }
    const anon = await asAnon().rpc('agree_to_nda', { p_version: v1 });
    expect(anon.error?.code).toBe('42501');
    expect(Number((await sql<{ n: string }>('select count(*) as n from public.nda_agreements'))[0].n)).toBe(0);
  });

  it('refuses to record an agreement to a version that is no longer current', async () => {
    const v2 = await publishNda('Version two of the agreement.');
    const stale = await dataRoom.client.rpc('agree_to_nda', { p_version: v1 });
    expectRefused(stale, '22023', 'nda_version_stale');
    expectRefused(await dataRoom.client.rpc('agree_to_nda', { p_version: v2 + 1 }), '22023', 'nda_version_stale');
    expectRefused(await dataRoom.client.rpc('agree_to_nda', { p_version: null as unknown as number }), '22023', 'nda_version_required');
    expect(await agreements(dataRoom)).toEqual([]);
    v1 = v2;
  });

  it('records the agreement with its version and time, in the activity log too; agreeing again keeps the first time', async () => {
    const before = Date.now();
    const agreed = await dataRoom.client.rpc('agree_to_nda', { p_version: v1 });
    expect(agreed.error).toBeNull();
    const at = new Date(agreed.data as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await agreements(dataRoom)).toEqual([v1]);
    const activity = await sql<{ details: { nda_version: number } }>(
      `select details from public.network_activity where actor_id = $1 and action = 'investor_nda.agreed'`, [dataRoom.id]);
    expect(activity).toEqual([{ details: { nda_version: v1 } }]);

    const again = await dataRoom.client.rpc('agree_to_nda', { p_version: v1 });
    expect(new Date(again.data as string).getTime()).toBe(at);
    expect((await sql(`select 1 from public.network_activity where actor_id = $1 and action = 'investor_nda.agreed'`, [dataRoom.id])).length).toBe(1);

    const status = await dataRoom.client.rpc('investor_nda_status');
    expect(status.data).toEqual([expect.objectContaining({ version: v1, agreed_at: agreed.data })]);
  });
});

describe('opening a document', () => {
  it('records a data-room investor\'s open and download with their e-mail and the time, and says where the file is', async () => {
    const before = Date.now();
    const opened = await open(dataRoom.client, roomDoc.versionId);
    expect(opened.error).toBeNull();
    expect(opened.data).toEqual([
      expect.objectContaining({
        document_id: roomDoc.documentId,
        version_id: roomDoc.versionId,
        title: 'Cap table',
        storage_path: roomDoc.storagePath,
        file_name: 'deck.pdf',
        content_type: 'application/pdf',
        email: dataRoom.email,
      }),
    ]);
    expect((await open(dataRoom.client, roomDoc.versionId, 'download')).error).toBeNull();

    const rows = await accessRows(roomDoc.versionId);
    expect(rows.map(({ user_id, email, action }) => ({ user_id, email, action }))).toEqual([
      { user_id: dataRoom.id, email: dataRoom.email, action: 'open' },
      { user_id: dataRoom.id, email: dataRoom.email, action: 'download' },
    ]);
    expect(rows[0].occurred_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    // The stamp's time is the recorded time.
    expect(new Date((opened.data as { occurred_at: string }[])[0].occurred_at).getTime()).toBe(rows[0].occurred_at.getTime());
  });

  it('refuses a lite investor a data_room document as if it did not exist (nothing recorded), and opens them a lite one', async () => {
    const before = (await accessRows(roomDoc.versionId)).length;
    expectRefused(await open(lite.client, roomDoc.versionId), 'P0002', 'investor_document_not_found');
    expectRefused(await open(lite.client, roomDoc.versionId, 'download'), 'P0002', 'investor_document_not_found');
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before);

    const opened = await open(lite.client, liteDoc.versionId);
    expect(opened.error).toBeNull();
    expect((await accessRows(liteDoc.versionId)).map((row) => row.email)).toEqual([lite.email]);
  });

  it('refuses members, stakeholders and visitors every document (nothing recorded)', async () => {
    const count = async () => Number((await sql<{ n: string }>('select count(*) as n from public.investor_document_access'))[0].n);
    const before = await count();
    for (const user of [member, stakeholder]) {
      for (const doc of [liteDoc, roomDoc]) {
        expectRefused(await open(user.client, doc.versionId), 'P0002', 'investor_document_not_found');
      }
    }
    const anon = await open(asAnon(), liteDoc.versionId);
    expect(anon.error?.code).toBe('42501');
    expect(await count()).toBe(before);
  });

  it('refuses an action other than open or download, and a version that is not current (nothing recorded)', async () => {
    const before = (await accessRows(roomDoc.versionId)).length;
    expectRefused(await open(dataRoom.client, roomDoc.versionId, 'print'), '22023', 'invalid_action');
    const newer = await addVersion(roomDoc.documentId, 2, 'deck-v2.pdf', 'application/pdf');
    expectRefused(await open(dataRoom.client, roomDoc.versionId), 'P0002', 'investor_document_not_found');
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before);
    expect((await open(dataRoom.client, newer)).error).toBeNull();
    // The back office opens any version (the history).
    expect((await open(admin.client, roomDoc.versionId)).error).toBeNull();
    roomDoc = { ...roomDoc, versionId: newer };
  });

  it('closes the data room again when a new NDA version is published, until the investor agrees to it', async () => {
    const previous = Number((await sql<{ v: number }>('select max(version) as v from public.nda_versions'))[0].v);
    const next = await publishNda('Version three: changed terms.');
    const before = (await accessRows(roomDoc.versionId)).length;
    expectRefused(await open(dataRoom.client, roomDoc.versionId), '42501', 'nda_required');
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before);
    // Lite documents need no NDA.
    expect((await open(dataRoom.client, liteDoc.versionId)).error).toBeNull();

    const status = await dataRoom.client.rpc('investor_nda_status');
    expect(status.data).toEqual([expect.objectContaining({ version: next, agreed_at: null, previously_agreed_version: previous })]);

    expect((await dataRoom.client.rpc('agree_to_nda', { p_version: next })).error).toBeNull();
    expect((await open(dataRoom.client, roomDoc.versionId)).error).toBeNull();
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before + 1);
  });

  it('asks a data-room investor with an authenticator app for the code first (aal1 session refused, nothing recorded)', async () => {
    const careful = await newUser('dr-careful');
    await grantInvestor(careful, 'data_room');
    await enrolVerifiedTotp(careful.client);
    const aal1 = await signInAgain(careful);
    const current = Number((await sql<{ v: number }>('select max(version) as v from public.nda_versions'))[0].v);

    expectRefused(await aal1.rpc('investor_nda_status'), '42501', 'aal2_required');
    expectRefused(await aal1.rpc('agree_to_nda', { p_version: current }), '42501', 'aal2_required');
    expect(await agreements(careful)).toEqual([]);

    // At aal2 they agree; a session at aal1 still cannot open.
    expect((await careful.client.rpc('agree_to_nda', { p_version: current })).error).toBeNull();
    const before = (await accessRows(roomDoc.versionId)).length;
    expectRefused(await open(aal1, roomDoc.versionId), '42501', 'aal2_required');
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before);
    expect((await open(careful.client, roomDoc.versionId)).error).toBeNull();
  });

  it('asks a system administrator with an authenticator app for the code too, rather than saying the document does not exist', async () => {
    const other = await newUser('dr-admin-mfa');
    await makeSystemAdmin(other);
    await enrolVerifiedTotp(other.client);
    const aal1 = await signInAgain(other);
    const before = (await accessRows(roomDoc.versionId)).length;
    expectRefused(await open(aal1, roomDoc.versionId), '42501', 'aal2_required');
    expect(await accessRows(roomDoc.versionId)).toHaveLength(before);
    expect((await open(other.client, roomDoc.versionId)).error).toBeNull();
  });
});
