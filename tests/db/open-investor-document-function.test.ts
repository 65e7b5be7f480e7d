import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { callFunction } from '../support/edge-functions.ts';
import {
  accessRows,
  grantInvestor,
  newFolder,
  newInvestorDocument,
  publishNda,
  withdrawAllNdas,
  type InvestorDocument,
} from '../support/investor-content-fixtures.ts';
import { pageContents, samplePdf, shown, stampFooter } from '../support/pdf-pages.ts';
import { drawablePng } from '../support/storage-files.ts';
import { newUser, type TestUser } from '../support/users.ts';

/**
 * The open-investor-document Edge Function through the gateway, as the
 * browser calls it: the database decides as the caller (the RPC's own tests
 * are in data-room.test.ts), and a PDF comes back stamped with the recorded
 * e-mail and time on every page; other files as a 60-second signed URL.
 */
const config = stackConfig('test');

let lite: TestUser;
let dataRoom: TestUser;
let member: TestUser;
let roomPdf: InvestorDocument;
let roomPng: InvestorDocument;
let litePdf: InvestorDocument;

/** The function's raw answer (a PDF is not JSON). */
async function post(user: TestUser | null, body: unknown, token?: string): Promise<Response> {
  const bearer = token ?? (user ? (await user.client.auth.getSession()).data.session!.access_token : config.keys.anonKey);
  return fetch(`${config.apiUrl}/functions/v1/open-investor-document`, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  [lite, dataRoom, member] = await Promise.all([newUser('oid-lite'), newUser('oid-data-room'), newUser('oid-member')]);
  await grantInvestor(lite, 'lite');
  await grantInvestor(dataRoom, 'data_room');
  await withdrawAllNdas();
  const version = await publishNda();
  expect((await dataRoom.client.rpc('agree_to_nda', { p_version: version })).error).toBeNull();
  const folder = await newFolder();
  roomPdf = await newInvestorDocument(folder, 'data_room', { fileName: 'Financial model 2026.pdf', bytes: await samplePdf(3) });
  roomPng = await newInvestorDocument(folder, 'data_room', {
    fileName: 'org-chart.png',
    contentType: 'image/png',
    bytes: drawablePng([10, 20, 30]),
  });
  litePdf = await newInvestorDocument(folder, 'lite', { bytes: await samplePdf(1) });
});

describe('open-investor-document refuses', () => {
  it('a visitor (the anon key is no session) and a request without a token, recording nothing', async () => {
    const anon = await callFunction('open-investor-document', null, { versionId: litePdf.versionId, action: 'open' });
    expect(anon).toEqual({ status: 401, body: { error: 'not_authenticated', message: 'Sign in to open investor documents.' } });
    const bare = await fetch(`${config.apiUrl}/functions/v1/open-investor-document`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ versionId: litePdf.versionId, action: 'open' }),
    });
    expect(bare.status).toBe(401);
    await bare.body?.cancel();
    expect(await accessRows(litePdf.versionId)).toEqual([]);
  });

  it('a lite investor and a member a data-room document, as if it did not exist, recording nothing', async () => {
    for (const user of [lite, member]) {
      const answer = await callFunction('open-investor-document', user, { versionId: roomPdf.versionId, action: 'open' });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('document_not_found');
    }
    expect(await accessRows(roomPdf.versionId)).toEqual([]);
  });

  it('a request that is not a version and an action', async () => {
    for (const body of [{}, { versionId: 'nope', action: 'open' }, { versionId: roomPdf.versionId, action: 'print' }, '{']) {
      const answer = await callFunction('open-investor-document', dataRoom, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_request');
    }
    expect(await accessRows(roomPdf.versionId)).toEqual([]);
  });
});

describe('open-investor-document serves', () => {
  it('a data-room PDF stamped on every page with the reader\'s e-mail and the recorded time, inline and never cached', async () => {
    const res = await post(dataRoom, { versionId: roomPdf.versionId, action: 'open' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Financial model 2026.pdf"; filename*=UTF-8''Financial%20model%202026.pdf`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());

    const [row] = await accessRows(roomPdf.versionId);
    expect(row).toMatchObject({ user_id: dataRoom.id, email: dataRoom.email, action: 'open' });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const footer = shown(stampFooter(dataRoom.email, row.occurred_at));
    const pages = await pageContents(bytes);
    pages.forEach((content, index) => {
      expect(content).toContain(shown(`Original page ${index + 1}`));
      expect(content).toContain(footer);
    });
  });

  it('a download as an attachment, recorded as a download', async () => {
    const res = await post(dataRoom, { versionId: roomPdf.versionId, action: 'download' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    const pages = await pageContents(new Uint8Array(await res.arrayBuffer()));
    const rows = await accessRows(roomPdf.versionId);
    expect(rows.map((row) => row.action)).toEqual(['open', 'download']);
    expect(pages[0]).toContain(shown(stampFooter(dataRoom.email, rows[1].occurred_at)));
  });

  it('a lite PDF to a lite investor, stamped with their own e-mail', async () => {
    const res = await post(lite, { versionId: litePdf.versionId, action: 'open' });
    expect(res.status).toBe(200);
    const [row] = await accessRows(litePdf.versionId);
    expect((await pageContents(new Uint8Array(await res.arrayBuffer())))[0]).toContain(shown(stampFooter(lite.email, row.occurred_at)));
  });

  it('another type as a signed URL that works for 60 seconds', async () => {
    const answer = await callFunction('open-investor-document', dataRoom, { versionId: roomPng.versionId, action: 'download' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'url', fileName: 'org-chart.png', contentType: 'image/png', expiresIn: 60 });
    const file = await fetch(answer.body.url as string);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(drawablePng([10, 20, 30]));
    expect((await accessRows(roomPng.versionId)).map((row) => row.action)).toEqual(['download']);
  });
});

describe('Storage itself (the way around the stamp and the log)', () => {
  it('refuses an agreed data-room investor and a lite investor their files directly: no unstamped copy, no unrecorded open', async () => {
    const attempts: [TestUser, InvestorDocument][] = [
      [dataRoom, roomPdf],
      [dataRoom, roomPng],
      [dataRoom, litePdf],
      [lite, litePdf],
    ];
    for (const [user, doc] of attempts) {
      const files = user.client.storage.from('investor_documents');
      const downloaded = await files.download(doc.storagePath);
      expect(downloaded.data, `${user.email} downloaded ${doc.storagePath}`).toBeNull();
      const signed = await files.createSignedUrl(doc.storagePath, 60);
      expect(signed.data, `${user.email} signed ${doc.storagePath}`).toBeNull();
      const listed = await files.list(doc.documentId);
      expect(listed.data ?? []).toEqual([]);
    }
  });
});

