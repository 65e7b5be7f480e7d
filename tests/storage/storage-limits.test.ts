import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { saveDraft } from '../support/application-fixtures.ts';
import { expectStorageError, file, gifBytes, jpegBytes, pdfBytes, pngBytes } from '../support/storage-files.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The buckets' size and type limits (10 MiB of PDF, PNG or JPEG for documents;
 * 1 MiB of PNG or JPEG for logos), enforced on upload with Storage's own errors,
 * plus the stand-in's check that a file's bytes are what its type claims.
 */
const config = stackConfig('test');
const MiB = 1024 * 1024;

let applicant: TestUser;
let orgId: string;
const docs = () => applicant.client.storage.from('application_documents');
const logos = () => applicant.client.storage.from('brand_assets');

beforeAll(async () => {
  applicant = await newUser('storage-limits');
  // The folder an applicant's draft reserves: until they submit, they may do anything there.
  orgId = (await saveDraft(applicant)).organization_id;
});

/** Nothing was kept of a refused upload: no row, no file. */
async function expectNothingStored(bucket: string, name: string): Promise<void> {
  expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).toEqual([]);
  expect(existsSync(join(config.dataDir, 'storage', bucket, name))).toBe(false);
}

describe('size limits', () => {
  it('refuses an 11 MB PDF with "The object exceeded the maximum allowed size"', async () => {
    const name = `${orgId}/too-big.pdf`;
    const result = await docs().upload(name, file(pdfBytes(11_000_000), 'too-big.pdf', 'application/pdf'));
    expectStorageError(result, '413', 'The object exceeded the maximum allowed size');
    await expectNothingStored('application_documents', name);
  });

  it('refuses an oversized document sent as a raw body too', async () => {
    const name = `${orgId}/too-big-raw.pdf`;
    const result = await docs().upload(name, pdfBytes(10 * MiB + 1), { contentType: 'application/pdf' });
    expectStorageError(result, '413', 'The object exceeded the maximum allowed size');
    await expectNothingStored('application_documents', name);
  });

  it('accepts a document of exactly 10 MiB', async () => {
    const result = await docs().upload(`${orgId}/just-fits.pdf`, pdfBytes(10 * MiB), { contentType: 'application/pdf' });
    expect(result.error).toBeNull();
    expect((await docs().info(`${orgId}/just-fits.pdf`)).data?.size).toBe(10 * MiB);
  });

  it('refuses a 1.1 MB logo and accepts one of exactly 1 MiB', async () => {
    const name = `${orgId}/big-logo.png`;
    expectStorageError(
      await logos().upload(name, file(pngBytes(1_100_000), 'logo.png', 'image/png')),
      '413',
      'The object exceeded the maximum allowed size',
    );
    await expectNothingStored('brand_assets', name);
    expect((await logos().upload(`${orgId}/logo.png`, file(pngBytes(MiB), 'logo.png', 'image/png'))).error).toBeNull();
  });

  it('a refused replacement leaves the original in place', async () => {
    const name = `${orgId}/kept-logo.jpg`;
    expect((await logos().upload(name, jpegBytes(500), { contentType: 'image/jpeg' })).error).toBeNull();
    expectStorageError(await logos().upload(name, jpegBytes(2 * MiB), { contentType: 'image/jpeg', upsert: true }), '413');
    expect((await logos().info(name)).data?.size).toBe(500);
  });
});

describe('type limits', () => {
  it('refuses a GIF in either bucket with "mime type image/gif is not supported"', async () => {
    for (const bucket of ['application_documents', 'brand_assets']) {
      const name = `${orgId}/animated.gif`;
      const result = await applicant.client.storage.from(bucket).upload(name, file(gifBytes(), 'animated.gif', 'image/gif'));
      expectStorageError(result, '415', 'mime type image/gif is not supported');
      await expectNothingStored(bucket, name);
    }
  });

  it('refuses a PDF as a logo', async () => {
    expectStorageError(
      await logos().upload(`${orgId}/logo.pdf`, pdfBytes(), { contentType: 'application/pdf' }),
      '415',
      'mime type application/pdf is not supported',
    );
  });

  it('refuses an upload without a declared type (supabase-js then sends text/plain)', async () => {
    expectStorageError(await docs().upload(`${orgId}/untyped.pdf`, pdfBytes()), '415', 'mime type text/plain;charset=UTF-8 is not supported');
  });

  it('refuses a ".pdf" whose bytes are a PNG, saying so', async () => {
    const name = `${orgId}/disguised.pdf`;
    const result = await docs().upload(name, file(pngBytes(2048), 'disguised.pdf', 'application/pdf'));
    expectStorageError(
      result,
      '415',
      "The file's content does not match its mime type application/pdf: it is a PNG image",
    );
    await expectNothingStored('application_documents', name);
  });

  it('refuses a PNG logo whose bytes are neither PNG nor a known type', async () => {
    expectStorageError(
      await logos().upload(`${orgId}/fake.png`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
        contentType: 'image/png',
      }),
      '415',
      "The file's content does not match its mime type image/png: it is not a PNG image",
    );
  });

  it('accepts PDF, PNG and JPEG documents whose bytes match', async () => {
    for (const [name, bytes, type] of [
      ['scan.pdf', pdfBytes(), 'application/pdf'],
      ['scan.png', pngBytes(), 'image/png'],
      ['scan.jpg', jpegBytes(), 'image/jpeg'],
    ] as const) {
      expect((await docs().upload(`${orgId}/types/${name}`, file(bytes, name, type))).error).toBeNull();
    }
    expect((await docs().list(`${orgId}/types`)).data?.map((o) => o.metadata?.mimetype)).toEqual([
      'image/jpeg',
      'application/pdf',
      'image/png',
    ]);
  });
});
