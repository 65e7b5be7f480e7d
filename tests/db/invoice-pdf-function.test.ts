import { createHash } from 'node:crypto';

import { beforeAll, describe, expect, it } from 'vitest';

import type { InvoiceDocument } from '../../supabase/functions/_shared/billing/invoice-document.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { addMember, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { renderInDeno } from '../support/invoice-pdf-render.ts';
import { draftInvoice, ensureSeller, issueAt, polishOrganization } from '../support/invoice-pdf-fixtures.ts';
import { pdfText } from '../support/pdf-text.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The invoice-pdf Edge Function through the gateway, as the browser calls it:
 * invoice_document decides as the caller; an issued invoice is rendered once,
 * stored in the private invoices bucket with its SHA-256 recorded, and always
 * served from that file through a 60-second signed URL; a draft comes back
 * rendered on the fly and is never stored.
 */
const config = stackConfig('test');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let orgAdmin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let systemAdmin: TestUser;
let org: string;
let issued: string;
let draft: string;

async function stored(invoiceId: string): Promise<{ pdf_path: string | null; pdf_sha256: string | null; objects: number }> {
  const [row] = await sql<{ pdf_path: string | null; pdf_sha256: string | null; objects: number }>(
    `select i.pdf_path, i.pdf_sha256,
            (select count(*)::int from storage.objects o where o.bucket_id = 'invoices' and o.name like '%' || i.id || '.pdf') as objects
       from public.invoices i where i.id = $1`,
    [invoiceId],
  );
  return row;
}

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

beforeAll(async () => {
  [orgAdmin, member, otherAdmin, systemAdmin] = await Promise.all([
    newUser('ipdf-admin'),
    newUser('ipdf-member'),
    newUser('ipdf-other'),
    newUser('ipdf-sysadmin'),
  ]);
  await ensureSeller();
  org = await polishOrganization();
  const other = await polishOrganization();
  await addMember(org, orgAdmin, 'admin');
  await addMember(org, member, 'member');
  await addMember(other, otherAdmin, 'admin');
  await makeSystemAdmin(systemAdmin);
  issued = await draftInvoice(org, 120000);
  await issueAt(issued, '2093-03-02T10:00:00Z');
  draft = await draftInvoice(org, 99000);
});

describe('invoice-pdf refuses', () => {
  it('a visitor, a request without an invoice id, a plain member and another organisation’s administrator', async () => {
    expect(await callFunction('invoice-pdf', null, { invoiceId: issued })).toEqual({
      status: 401,
      body: { error: 'not_authenticated', message: 'Sign in to download invoices.' },
    });
    expect((await callFunction('invoice-pdf', orgAdmin, { invoiceId: 'ACC-2093-000001' })).body.error).toBe('invalid_request');
    expect((await callFunction('invoice-pdf', orgAdmin, '{not json')).status).toBe(400);
    for (const user of [member, otherAdmin]) {
      const answer = await callFunction('invoice-pdf', user, { invoiceId: issued });
      expect(answer).toEqual({ status: 403, body: { error: 'forbidden', message: 'Only your organisation’s administrators can download its invoices.' } });
    }
    expect(await stored(issued)).toEqual({ pdf_path: null, pdf_sha256: null, objects: 0 });
  });

  it('a draft to the organisation’s administrator, as if it did not exist', async () => {
    const answer = await callFunction('invoice-pdf', orgAdmin, { invoiceId: draft });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('invoice_not_found');
  });
});

describe('invoice-pdf serves an issued invoice', () => {
  it('renders it once, stores it at {organization}/{invoice}.pdf with its SHA-256, and signs a URL for 60 seconds', async () => {
    const answer = await callFunction('invoice-pdf', orgAdmin, { invoiceId: issued });
    expect(answer.status).toBe(200);
    const { url, fileName, sha256: hash, expiresIn } = answer.body as { url: string; fileName: string; sha256: string; expiresIn: number };
    expect(fileName).toMatch(/^ACC-2093-\d{6}\.pdf$/);
    expect(expiresIn).toBe(60);
    const bytes = await download(url);
    expect(sha256(bytes)).toBe(hash);
    expect(await stored(issued)).toEqual({ pdf_path: `${org}/${issued}.pdf`, pdf_sha256: hash, objects: 1 });

    const text = (await pdfText(bytes)).flat();
    expect(text).toContain(fileName.replace('.pdf', ''));
    expect(text).toContain('Accord Øresund Network B.V.');
    expect(text).toContain('Przędzalnia Łódź Sp. z o.o.');
    expect(text).toContain('90-001 Łódź');
    expect(text).toContain('Reverse charge');
    expect(text).toContain('€1,200.00');
  });

  it('serves the stored file afterwards, to a system administrator too, and the same document renders to the same bytes', async () => {
    const [{ pdf_sha256: recorded }] = await sql<{ pdf_sha256: string }>('select pdf_sha256 from public.invoices where id = $1', [issued]);
    const [{ id: objectId }] = await sql<{ id: string }>(`select id from storage.objects where bucket_id = 'invoices' and name = $1`, [`${org}/${issued}.pdf`]);
    for (const user of [orgAdmin, systemAdmin]) {
      const answer = await callFunction('invoice-pdf', user, { invoiceId: issued });
      expect(answer.status).toBe(200);
      expect(answer.body.sha256).toBe(recorded);
      expect(sha256(await download(answer.body.url as string))).toBe(recorded);
    }
    // Not replaced: the same object, not a new upload.
    const [{ id: sameObject }] = await sql<{ id: string }>(`select id from storage.objects where bucket_id = 'invoices' and name = $1`, [`${org}/${issued}.pdf`]);
    expect(sameObject).toBe(objectId);
    const { data: document, error } = await orgAdmin.client.rpc('invoice_document', { p_invoice_id: issued });
    expect(error).toBeNull();
    expect(sha256(renderInDeno([document as InvoiceDocument]).pdfs[0])).toBe(recorded);
  });

  it('keeps the bucket private: the caller’s own session can neither read nor list the file', async () => {
    const { data, error } = await orgAdmin.client.storage.from('invoices').download(`${org}/${issued}.pdf`);
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const listed = await orgAdmin.client.storage.from('invoices').list(org);
    expect(listed.data ?? []).toEqual([]);
  });
});

describe('invoice-pdf renders a draft for a system administrator', () => {
  it('on the fly, marked as not a valid invoice, and stores nothing', async () => {
    const token = (await systemAdmin.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${config.apiUrl}/functions/v1/invoice-pdf`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invoiceId: draft }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toContain(`draft-${draft}.pdf`);
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).flat();
    expect(text).toContain('Draft — not a valid invoice');
    expect(text).toContain('Przędzalnia Łódź Sp. z o.o.');
    expect(text).not.toContain('How to pay');
    expect(await stored(draft)).toEqual({ pdf_path: null, pdf_sha256: null, objects: 0 });
  });
});
