import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DetailedError, Upload } from 'tus-js-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { saveDraft, submittedApplicant } from '../support/application-fixtures.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { freePort } from '../support/free-port.ts';
import { gifBytes, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 32: resumable uploads (TUS at /storage/v1/upload/resumable), sent by
 * the real tus-js-client as Supabase's guide sends them (6 MB chunks, the
 * session's JWT, Upload-Metadata bucketName/objectName/contentType/
 * cacheControl, x-upsert), end in the same object a plain supabase-js upload
 * makes and meet every rule a plain upload meets. A small proxy in front of
 * the gateway counts the bytes on the wire and can drop the connection.
 */
const config = stackConfig('test');
const MB = 1024 * 1024;
const CHUNK = 6 * MB;

/** Counts the body bytes of PATCH requests passing through; `cutAfter` drops the connection once that many went by. */
class WireProxy {
  patchBytes = 0;
  cutAfter = Infinity;
  /** The Upload-Offset of the first PATCH since `reset`: where the client resumed from. */
  firstPatchOffset: number | undefined;

  reset(cutAfter: number): void {
    this.patchBytes = 0;
    this.cutAfter = cutAfter;
    this.firstPatchOffset = undefined;
  }
  private server?: http.Server;
  url = '';

  async start(): Promise<void> {
    const target = new URL(config.apiUrl);
    this.server = http.createServer((req, res) => {
      if (req.method === 'PATCH' && this.firstPatchOffset === undefined) this.firstPatchOffset = Number(req.headers['upload-offset']);
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.on('data', (chunk: Buffer) => {
        if (req.method !== 'PATCH') {
          upstream.write(chunk);
          return;
        }
        const room = this.cutAfter - this.patchBytes;
        if (room <= 0) return;
        const part = chunk.subarray(0, room);
        this.patchBytes += part.length;
        upstream.write(part);
        if (part.length < chunk.length || this.patchBytes >= this.cutAfter) {
          // The connection drops: both sides see it end mid-body.
          upstream.destroy();
          req.socket.destroy();
        }
      });
      req.on('end', () => upstream.end());
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}/storage/v1/upload/resumable`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

interface Sent {
  bucket: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  upsert?: boolean;
  cacheControl?: string;
  metadata?: Record<string, string>;
  /** Continue this upload instead of creating one. */
  uploadUrl?: string;
}

type Outcome = { ok: true; url: string } | { ok: false; status: number | undefined; body: string | undefined; url: string | null };

async function tokenOf(who: TestUser): Promise<string> {
  return (await who.client.auth.getSession()).data.session!.access_token;
}

/** One tus-js-client upload, without retries, as Supabase's guide configures it. */
async function resumable(who: TestUser, endpoint: string, sent: Sent): Promise<Outcome> {
  const token = await tokenOf(who);
  return new Promise((resolve) => {
    const upload: Upload = new Upload(sent.bytes, {
      endpoint,
      uploadUrl: sent.uploadUrl,
      retryDelays: [],
      chunkSize: CHUNK,
      headers: {
        apikey: config.keys.anonKey,
        authorization: `Bearer ${token}`,
        ...(sent.upsert ? { 'x-upsert': 'true' } : {}),
      },
      uploadDataDuringCreation: false,
      removeFingerprintOnSuccess: true,
      metadata: {
        bucketName: sent.bucket,
        objectName: sent.name,
        contentType: sent.contentType,
        cacheControl: sent.cacheControl ?? '3600',
        ...(sent.metadata ? { metadata: JSON.stringify(sent.metadata) } : {}),
      },
      onSuccess: () => resolve({ ok: true, url: upload.url! }),
      onError: (error) => {
        const response = error instanceof DetailedError ? error.originalResponse : null;
        resolve({ ok: false, status: response?.getStatus(), body: response?.getBody(), url: upload.url });
      },
    });
    upload.start();
  });
}

/** The server's offset of an upload (a HEAD, as tus-js-client resumes). */
async function offsetOf(who: TestUser, url: string): Promise<number> {
  const response = await fetch(url, {
    method: 'HEAD',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${await tokenOf(who)}`, 'tus-resumable': '1.0.0' },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
}

const objectRow = async (bucket: string, name: string) =>
  (
    await sql<{ owner_id: string; metadata: Record<string, unknown>; user_metadata: Record<string, unknown> | null }>(
      `select owner_id, metadata - 'lastModified' as metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, name],
    )
  )[0];

/** Nothing was kept of a refused upload: no row, no object file, no partial upload left on disk. */
async function expectNothingStored(bucket: string, name: string): Promise<void> {
  expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).toEqual([]);
  expect(existsSync(join(config.dataDir, 'storage', bucket, name))).toBe(false);
}

const partialUploads = () => {
  const dir = join(config.dataDir, 'storage-resumable');
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.json')) : [];
};
// Each test looks only at partial uploads that appeared during it, so one
// failed test's leftover cannot fail the tests after it.
let partialsBefore: string[] = [];
beforeEach(() => {
  partialsBefore = partialUploads();
});
const newPartialUploads = () => partialUploads().filter((f) => !partialsBefore.includes(f));

let proxy: WireProxy;
let applicant: TestUser;
let folder: string;
let sysAdmin: TestUser;
const endpoint = () => `${config.apiUrl}/storage/v1/upload/resumable`;

beforeAll(async () => {
  proxy = new WireProxy();
  await proxy.start();
  [applicant, sysAdmin] = await Promise.all([newUser('resumable-applicant'), newUser('resumable-admin')]);
  await makeSystemAdmin(sysAdmin);
  folder = (await saveDraft(applicant)).organization_id;
});

afterAll(async () => {
  await proxy.stop();
});

describe('a resumable upload', () => {
  it('stores the same object, metadata and owner as a plain upload of the same file', async () => {
    const bytes = pdfBytes(7 * MB, 'resumable twin');
    const plainName = `${folder}/plain-${randomUUID()}.pdf`;
    const tusName = `${folder}/tus-${randomUUID()}.pdf`;
    const docs = applicant.client.storage.from('application_documents');
    const plain = await docs.upload(plainName, bytes, { contentType: 'application/pdf', cacheControl: '3600', metadata: { label: 'twin' } });
    expect(plain.error).toBeNull();
    const sent = await resumable(applicant, endpoint(), {
      bucket: 'application_documents',
      name: tusName,
      bytes,
      contentType: 'application/pdf',
      metadata: { label: 'twin' },
    });
    expect(sent.ok).toBe(true);

    const [a, b] = await Promise.all([docs.info(plainName), docs.info(tusName)]);
    const comparable = (info: typeof a.data) => ({
      size: info?.size,
      contentType: info?.contentType,
      cacheControl: info?.cacheControl,
      etag: info?.etag,
      metadata: info?.metadata,
    });
    expect(comparable(b.data)).toEqual(comparable(a.data));
    expect(comparable(b.data)).toMatchObject({ size: 7 * MB, contentType: 'application/pdf', cacheControl: 'max-age=3600' });
    expect(await objectRow('application_documents', tusName)).toEqual(await objectRow('application_documents', plainName));
    expect((await objectRow('application_documents', tusName)).owner_id).toBe(applicant.id);
    expect(await text((await docs.download(tusName)).data)).toBe(bytes.toString('latin1'));
    expect(newPartialUploads()).toEqual([]);
  });

  it('takes a deep object key, whose upload id is longer than a file name may be', async () => {
    // A message attachment's key is <organisation>/<conversation>/<uuid>/<name>:
    // its upload id (bucket, key and version) passed 255 bytes (ENAMETOOLONG).
    const bytes = pdfBytes(7 * MB, 'deep key');
    const name = `${folder}/${randomUUID()}/${randomUUID()}/${'a-long-file-name-'.repeat(6)}${randomUUID()}.pdf`;
    const sent = await resumable(applicant, endpoint(), { bucket: 'application_documents', name, bytes, contentType: 'application/pdf' });
    expect(sent).toMatchObject({ ok: true });
    const stored = await applicant.client.storage.from('application_documents').download(name);
    expect(await text(stored.data)).toBe(bytes.toString('latin1'));
    expect(newPartialUploads()).toEqual([]);
  });

  it('interrupted at 40 % resumes from the server’s offset: only the rest crosses the wire again', async () => {
    const size = 20 * MB;
    const bytes = pdfBytes(size, 'board pack');
    const name = `${randomUUID()}/${randomUUID()}/board-pack.pdf`;
    proxy.reset(Math.round(size * 0.4));
    const first = await resumable(sysAdmin, proxy.url, { bucket: 'investor_documents', name, bytes, contentType: 'application/pdf' });
    expect(first.ok).toBe(false);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/upload\/resumable\/[\w-]+$/);
    const sentBefore = proxy.patchBytes;
    expect(sentBefore).toBe(proxy.cutAfter);

    // The whole of chunk one, acknowledged before the cut, is kept; never more
    // than was sent. Bytes of chunk two in flight at the cut reach the server
    // when they reach it: the interrupted PATCH takes the upload's lock only
    // after its policy check, so a HEAD at once may still see one chunk (CI's
    // loaded run did) and the resume's own HEAD more.
    const offset = await offsetOf(sysAdmin, first.url!);
    expect(offset).toBeGreaterThanOrEqual(CHUNK);
    expect(offset).toBeLessThanOrEqual(sentBefore);
    await expectNothingStored('investor_documents', name);

    proxy.reset(Infinity);
    const resumed = await resumable(sysAdmin, proxy.url, {
      bucket: 'investor_documents',
      name,
      bytes,
      contentType: 'application/pdf',
      uploadUrl: first.url!,
    });
    expect(resumed).toEqual({ ok: true, url: first.url });
    const resumedFrom = proxy.firstPatchOffset!;
    expect(resumedFrom).toBeGreaterThanOrEqual(offset);
    expect(resumedFrom).toBeLessThanOrEqual(sentBefore);
    // Only the rest crossed the wire again.
    expect(proxy.patchBytes).toBe(size - resumedFrom);

    const stored = await sysAdmin.client.storage.from('investor_documents').download(name);
    expect(stored.data?.size).toBe(size);
    expect(Buffer.from(await stored.data!.arrayBuffer()).equals(bytes)).toBe(true);
    expect(newPartialUploads()).toEqual([]);
  });
});

describe('refusals answer as hosted Storage answers them', () => {
  it('a file over the bucket’s limit: 413 when the upload is created, before any byte is sent', async () => {
    const name = `${folder}/too-big-${randomUUID()}.pdf`;
    const result = await resumable(applicant, endpoint(), { bucket: 'application_documents', name, bytes: pdfBytes(11_000_000), contentType: 'application/pdf' });
    expect(result).toMatchObject({ ok: false, status: 413, body: 'Maximum size exceeded\n', url: null });
    await expectNothingStored('application_documents', name);
  });

  it('a type the bucket does not take: 415 "mime type image/gif is not supported"', async () => {
    const name = `${folder}/animated-${randomUUID()}.gif`;
    const result = await resumable(applicant, endpoint(), { bucket: 'application_documents', name, bytes: gifBytes(), contentType: 'image/gif' });
    expect(result).toMatchObject({ ok: false, status: 415, body: 'mime type image/gif is not supported', url: null });
    await expectNothingStored('application_documents', name);
  });

  it('bytes that are not what the type claims: 415 when the upload completes, and nothing is kept', async () => {
    const name = `${folder}/not-a-pdf-${randomUUID()}.pdf`;
    const result = await resumable(applicant, endpoint(), { bucket: 'application_documents', name, bytes: pngBytes(2000), contentType: 'application/pdf' });
    expect(result).toMatchObject({ ok: false, status: 415, body: expect.stringMatching(/^The file's content does not match its mime type application\/pdf/) });
    await expectNothingStored('application_documents', name);
    expect(newPartialUploads()).toEqual([]);
  });

  it('a folder the caller’s policies do not open: 403 "new row violates row-level security policy"', async () => {
    const outsider = await newUser('resumable-outsider');
    const name = `${folder}/intruder-${randomUUID()}.pdf`;
    const result = await resumable(outsider, endpoint(), { bucket: 'application_documents', name, bytes: pdfBytes(500), contentType: 'application/pdf' });
    expect(result).toMatchObject({ ok: false, status: 403, body: 'new row violates row-level security policy', url: null });
    await expectNothingStored('application_documents', name);
  });

  it('an existing name without x-upsert: 409 "The resource already exists"', async () => {
    const name = `${folder}/taken-${randomUUID()}.pdf`;
    expect((await applicant.client.storage.from('application_documents').upload(name, pdfBytes(300), { contentType: 'application/pdf' })).error).toBeNull();
    const result = await resumable(applicant, endpoint(), { bucket: 'application_documents', name, bytes: pdfBytes(400), contentType: 'application/pdf' });
    expect(result).toMatchObject({ ok: false, status: 409, body: 'The resource already exists' });
    expect((await applicant.client.storage.from('application_documents').info(name)).data?.size).toBe(300);
  });

  it('a token that is no JWT: 403, and no upload is created', async () => {
    const response = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        apikey: config.keys.anonKey,
        authorization: 'Bearer not-a-jwt',
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `bucketName ${Buffer.from('application_documents').toString('base64')},objectName ${Buffer.from(`${folder}/x.pdf`).toString('base64')}`,
      },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(newPartialUploads()).toEqual([]);
  });
});

describe('frozen evidence', () => {
  it('a submitted proof of registration cannot be replaced through TUS, with or without x-upsert', async () => {
    const { user, orgId } = await submittedApplicant('resumable-evidence');
    const proof = `${orgId}/proof-of-registration.pdf`;
    const before = await objectRow('application_documents', proof);
    for (const upsert of [true, false]) {
      const result = await resumable(user, endpoint(), { bucket: 'application_documents', name: proof, bytes: pdfBytes(400, 'forged'), contentType: 'application/pdf', upsert });
      expect(result).toMatchObject({ ok: false, status: 403, url: null });
    }
    expect(await objectRow('application_documents', proof)).toEqual(before);
    expect(await text((await user.client.storage.from('application_documents').download(proof)).data)).toContain('certificate of incorporation');
  });
});

describe('the protocol', () => {
  it('answers OPTIONS with the TUS version, extensions and the project-wide maximum size', async () => {
    const response = await fetch(endpoint(), { method: 'OPTIONS', headers: { apikey: config.keys.anonKey } });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toContain('creation');
    expect(response.headers.get('tus-max-size')).toBe(String(50 * MB));
  });
});
