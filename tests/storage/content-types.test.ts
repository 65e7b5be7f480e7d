import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { saveDraft } from '../support/application-fixtures.ts';
import {
  docxBytes,
  drawablePng,
  expectStorageError,
  jpegBytes,
  pdfBytes,
  pngBytes,
  webpBytes,
  xlsxBytes,
  zipBytes,
} from '../support/storage-files.ts';
import { asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 23, finding 2: HTML served from the API's origin as a "logo". Anyone
 * with a draft application could upload an HTML page with a script to
 * brand_assets/<org>/logo.png declared as `image/png/,text/html` (the type
 * check compared only the first two `/`-separated parts), and the public URL
 * served it with that header and without `nosniff`, so Chromium ran the script
 * on the API's origin; application_documents took `application/pdf/,text/html`
 * the same way. Storage now reads the declared type with a strict parser,
 * checks the bytes of every type it accepts, and serves every object with
 * `nosniff` (and as an attachment unless it is an image or a PDF);
 * docs/decisions/066-content-types-storage-serves.md.
 */
const config = stackConfig('test');
const STORAGE = `${config.apiUrl}/storage/v1`;

const HTML = Buffer.from('<!doctype html><title>logo</title><script>document.title = `ran on ${location.origin}`</script>');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A compact JWS as the trust bucket holds them (decision 081): the signature's bytes do not matter to the type. */
const jws = (typ: string) =>
  Buffer.from(
    [{ alg: 'ES256', typ }, { iss: 'did:web:localhost' }, 'signature']
      .map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url'))
      .join('.'),
  );

/** Genuine bytes of every type a bucket may allow; a type added to a bucket without a sample here fails the test below. */
const SAMPLES: Record<string, () => Buffer> = {
  'application/zip': () => zipBytes({ 'manifest.json': '{}' }),
  'application/jwt': () => jws('JWT'),
  'application/statuslist+jwt': () => jws('statuslist+jwt'),
  'application/pdf': () => pdfBytes(200),
  'image/png': () => drawablePng([10, 20, 30]),
  'image/jpeg': () => jpegBytes(200),
  'image/webp': () => webpBytes(200),
  [DOCX]: docxBytes,
  [XLSX]: xlsxBytes,
};

/** Bytes of a known type that is not `type`, for each type. */
const IMPOSTORS: Record<string, () => Buffer> = {
  'application/zip': () => pdfBytes(200),
  'application/jwt': () => pngBytes(200),
  'application/statuslist+jwt': () => Buffer.from('not.a-jws.{"alg":"none"}'),
  'application/pdf': () => pngBytes(200),
  'image/png': () => jpegBytes(200),
  'image/jpeg': () => pdfBytes(200),
  'image/webp': () => pngBytes(200),
  // A ZIP archive is not a Word document, nor a workbook a Word document.
  [DOCX]: xlsxBytes,
  [XLSX]: () => zipBytes({ 'readme.txt': 'just an archive' }),
};

/** Declared types that are not one well-formed media type, or not exactly the one a bucket allows. */
const MALFORMED_PNG_TYPES = [
  'image/png/,text/html',
  'image/png/',
  'image/png/x',
  'image//png',
  'image/png,text/html',
  'image/png, text/html',
  'image/png;,text/html',
  'image/png; charset=utf-8',
  'image/png;x="a,text/html"',
  'image/png;',
  'image/',
  'image',
  '/png',
  'image/ png',
  'image /png',
  ' image/png',
  'image/png ',
  '\timage/png',
  'IMAGE/PNG',
  'Image/Png',
  'image/p"ng',
  'image/pn\u0000g',
  'image/png\u000b',
  'image/png\u007f',
  'image/png\u00a0',
  'image/png\ntext/html',
  'image/png\r\nX-Injected: yes',
];

let applicant: TestUser; // has a draft application, and nothing else
let orgId: string; // the draft's reserved organisation id: the folder the applicant may write

beforeAll(async () => {
  applicant = await newUser('content-types');
  orgId = (await saveDraft(applicant, { legalName: 'Draft' }, 1)).organization_id;
});

async function bearer(user: TestUser): Promise<string> {
  const { data } = await user.client.auth.getSession();
  if (!data.session) throw new Error('the test user has no session');
  return data.session.access_token;
}

interface RawOutcome {
  status: number;
  body: { statusCode?: string; code?: string; message?: string; Key?: string };
}

/**
 * An upload as an attacker sends it, without supabase-js's help: the declared
 * type in the Content-Type header of a raw body, or in the `contentType` field
 * of a form (hosted Storage reads both: src/storage/uploader.ts).
 */
async function rawUpload(
  user: TestUser,
  bucket: string,
  path: string,
  bytes: Buffer,
  declared: string,
  via: 'header' | 'form field',
): Promise<RawOutcome> {
  const headers: Record<string, string> = {
    apikey: config.keys.anonKey,
    authorization: `Bearer ${await bearer(user)}`,
    'x-upsert': 'true',
  };
  let body: Buffer | FormData;
  if (via === 'header') {
    headers['content-type'] = declared;
    body = bytes;
  } else {
    body = new FormData();
    body.append('cacheControl', '3600');
    body.append('contentType', declared);
    body.append('', new Blob([new Uint8Array(bytes)]), 'logo.png');
  }
  const response = await fetch(`${STORAGE}/object/${bucket}/${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as RawOutcome['body'] };
}

/** What fetch sends in a header as it is: printable ASCII, nothing around it that it would trim (it refuses control characters). */
const sendableAsHeader = (value: string) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);

const stored = async (bucket: string, name: string) =>
  (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length;

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response;
}

describe('attack: HTML uploaded as a logo or a document under a malformed type', () => {
  it('brand_assets refuses an HTML page declared image/png/,text/html, and the public URL serves nothing', async () => {
    const logo = `${orgId}/logo.png`;
    const result = await applicant.client.storage
      .from('brand_assets')
      .upload(logo, HTML, { contentType: 'image/png/,text/html', upsert: true });
    expectStorageError(result, '415', 'mime type image/png/,text/html is not supported');
    expect(await stored('brand_assets', logo)).toBe(0);
    const served = await get(`${STORAGE}/object/public/brand_assets/${logo}`);
    expect(served.headers.get('content-type')).not.toMatch(/html/);
  });

  it('application_documents refuses an HTML page declared application/pdf/,text/html, so no signed URL serves it', async () => {
    const doc = `${orgId}/proof-${randomUUID()}.pdf`;
    const docs = applicant.client.storage.from('application_documents');
    expectStorageError(
      await docs.upload(doc, HTML, { contentType: 'application/pdf/,text/html' }),
      '415',
      'mime type application/pdf/,text/html is not supported',
    );
    expect(await stored('application_documents', doc)).toBe(0);
    expectStorageError(await docs.createSignedUrl(doc, 60), '404');
  });

  it('every malformed variant of a type is refused, even with genuine bytes, as a header and as a form field', async () => {
    const accepted: string[] = [];
    for (const declared of MALFORMED_PNG_TYPES) {
      for (const via of ['header', 'form field'] as const) {
        if (via === 'header' && !sendableAsHeader(declared)) continue;
        const name = `${orgId}/variant-${randomUUID()}.png`;
        const { body } = await rawUpload(applicant, 'brand_assets', name, drawablePng([1, 2, 3]), declared, via);
        if (body.statusCode !== '415' || body.code !== 'InvalidMimeType' || (await stored('brand_assets', name)) > 0) {
          accepted.push(`${JSON.stringify(declared)} as a ${via}: ${body.statusCode ?? 'stored'} ${body.message ?? body.Key}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('a copy cannot give an object another type than the one its bytes were checked as', async () => {
    const source = `${orgId}/copy-source-${randomUUID()}.png`;
    expect((await applicant.client.storage.from('brand_assets').upload(source, drawablePng([4, 5, 6]), { contentType: 'image/png' })).error).toBeNull();
    for (const mimetype of ['text/html', 'image/png/,text/html', 'image/jpeg']) {
      const destination = `${orgId}/copy-${randomUUID()}.png`;
      const response = await fetch(`${STORAGE}/object/copy`, {
        method: 'POST',
        headers: { apikey: config.keys.anonKey, authorization: `Bearer ${await bearer(applicant)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bucketId: 'brand_assets', sourceKey: source, destinationKey: destination, copyMetadata: false, metadata: { mimetype } }),
      });
      const body = (await response.json()) as RawOutcome['body'];
      expect([mimetype, body.statusCode]).toEqual([mimetype, '415']);
      expect(await stored('brand_assets', destination)).toBe(0);
    }
  });
});

describe('attack: bytes that are not what their type says', () => {
  const service = () => asServiceRole().storage;
  let buckets: { id: string; allowed_mime_types: string[] | null }[];

  beforeAll(async () => {
    buckets = await sql<{ id: string; allowed_mime_types: string[] | null }>('select id, allowed_mime_types from storage.buckets order by id');
  });

  it('every bucket names the types it takes, and each of them is checked against the bytes', async () => {
    const missing: string[] = [];
    const problems: string[] = [];
    for (const { id, allowed_mime_types: allowed } of buckets.filter((b) => !b.id.startsWith('scratch_'))) {
      if (!allowed || allowed.length === 0) {
        missing.push(`${id} allows every type`);
        continue;
      }
      for (const type of allowed) {
        if (!SAMPLES[type]) {
          missing.push(`${id}: no sample of ${type}`);
          continue;
        }
        const path = `${randomUUID()}/${randomUUID()}/sample`;
        const genuine = await service().from(id).upload(path, SAMPLES[type](), { contentType: type });
        if (genuine.error) problems.push(`${id}: genuine ${type} refused: ${genuine.error.message}`);
        else await service().from(id).remove([path]);
        for (const [what, bytes] of [['HTML', HTML], ['another type', IMPOSTORS[type]()], ['nothing', Buffer.alloc(0)]] as const) {
          const forged = `${randomUUID()}/${randomUUID()}/forged`;
          const result = await service().from(id).upload(forged, bytes, { contentType: type });
          if (result.error?.statusCode !== '415' || (await stored(id, forged)) > 0) {
            problems.push(`${id}: ${what} declared ${type} was ${result.error ? result.error.message : 'stored'}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a type whose bytes cannot be checked is refused, even where a bucket allows every type', async () => {
    const bucket = `scratch_types_${randomUUID().slice(0, 8)}`;
    expect((await service().createBucket(bucket, { public: true })).error).toBeNull();
    try {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      for (const [type, bytes] of [['text/html', HTML], ['image/svg+xml', svg], ['text/plain', Buffer.from('hello')], ['application/octet-stream', HTML]] as const) {
        expectStorageError(await service().from(bucket).upload(`a/${randomUUID()}`, bytes, { contentType: type }), '415', `mime type ${type} is not supported`);
      }
      expect((await service().from(bucket).upload('logo.png', drawablePng([7, 8, 9]), { contentType: 'image/png' })).error).toBeNull();
    } finally {
      await service().emptyBucket(bucket);
      await service().deleteBucket(bucket);
    }
  });
});

describe('attack: an object served so that a browser could read it as something else', () => {
  const logo = () => `${orgId}/served-${randomUUID()}.png`;
  const docs = () => applicant.client.storage.from('application_documents');
  const nosniff = (response: Response) => response.headers.get('x-content-type-options');

  it('the public URL serves an image as itself, with nosniff, inline, also for HEAD, ranges and revalidation', async () => {
    const path = logo();
    expect((await applicant.client.storage.from('brand_assets').upload(path, drawablePng([9, 9, 9]), { contentType: 'image/png' })).error).toBeNull();
    const url = `${STORAGE}/object/public/brand_assets/${path}`;
    const full = await get(url);
    expect([full.status, full.headers.get('content-type'), nosniff(full), full.headers.get('content-disposition')]).toEqual([200, 'image/png', 'nosniff', null]);
    const head = await get(url, { method: 'HEAD' });
    expect([head.status, nosniff(head)]).toEqual([200, 'nosniff']);
    const range = await get(url, { headers: { range: 'bytes=0-7' } });
    expect([range.status, nosniff(range)]).toEqual([206, 'nosniff']);
    const again = await get(url, { headers: { 'if-none-match': full.headers.get('etag') ?? '' } });
    expect([again.status, nosniff(again)]).toEqual([304, 'nosniff']);
  });

  it('authenticated downloads and signed URLs serve a PDF with nosniff, inline', async () => {
    const path = `${orgId}/served-${randomUUID()}.pdf`;
    expect((await docs().upload(path, pdfBytes(300), { contentType: 'application/pdf' })).error).toBeNull();
    const auth = { apikey: config.keys.anonKey, authorization: `Bearer ${await bearer(applicant)}` };
    const signed = (await docs().createSignedUrl(path, 60)).data?.signedUrl ?? '';
    for (const [route, response] of [
      ['authenticated', await get(`${STORAGE}/object/authenticated/application_documents/${path}`, { headers: auth })],
      ['object', await get(`${STORAGE}/object/application_documents/${path}`, { headers: auth })],
      ['signed', await get(signed)],
    ] as const) {
      expect([route, response.status, response.headers.get('content-type'), nosniff(response), response.headers.get('content-disposition')]).toEqual([
        route,
        200,
        'application/pdf',
        'nosniff',
        null,
      ]);
    }
  });

  it('a Word document is served as an attachment, with nosniff', async () => {
    const path = `${randomUUID()}/${randomUUID()}/notes.docx`;
    const files = asServiceRole().storage.from('member_resources');
    expect((await files.upload(path, docxBytes(), { contentType: DOCX })).error).toBeNull();
    const served = await get((await files.createSignedUrl(path, 60)).data?.signedUrl ?? '');
    expect([served.status, served.headers.get('content-type'), nosniff(served)]).toEqual([200, DOCX, 'nosniff']);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename=notes\.docx/);
    await files.remove([path]);
  });

  it('storage’s other answers (object info, errors, the image renderer) carry nosniff too', async () => {
    const headers = { apikey: config.keys.anonKey };
    const answers = [
      await get(`${STORAGE}/object/info/public/brand_assets/${orgId}/nothing-here.png`, { headers }),
      await get(`${STORAGE}/object/public/no_such_bucket/x.png`),
      await get(`${STORAGE}/render/image/public/brand_assets/${orgId}/logo.png`, { headers }),
    ];
    expect(answers.map((a) => [a.status, nosniff(a)])).toEqual([
      [400, 'nosniff'],
      [400, 'nosniff'],
      [400, 'nosniff'],
    ]);
  });

  describe('objects stored before the fix', () => {
    const legacy: string[] = [];
    /** Gives a stored object the type an old upload could have left, as the database superuser with triggers off. */
    async function storedEarlierAs(name: string, mimetype: string) {
      expect(/^[\w/.-]+$/.test(name)).toBe(true);
      await sql(
        `begin;
         set local session_replication_role = replica;
         update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb(${`'${mimetype.replace(/'/g, "''")}'`}::text))
          where bucket_id = 'brand_assets' and name = '${name}';
         commit;`,
      );
      legacy.push(name);
    }
    afterAll(async () => {
      await asServiceRole().storage.from('brand_assets').remove(legacy);
    });

    it('one stored under a malformed type is served as a download of bytes, never as that type', async () => {
      const path = logo();
      expect((await applicant.client.storage.from('brand_assets').upload(path, drawablePng([1, 1, 1]), { contentType: 'image/png' })).error).toBeNull();
      await storedEarlierAs(path, 'image/png/,text/html');
      const served = await get(`${STORAGE}/object/public/brand_assets/${path}`);
      expect([served.headers.get('content-type'), nosniff(served)]).toEqual(['application/octet-stream', 'nosniff']);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    });

    it('one stored as HTML is served as an attachment', async () => {
      const path = logo();
      expect((await applicant.client.storage.from('brand_assets').upload(path, drawablePng([2, 2, 2]), { contentType: 'image/png' })).error).toBeNull();
      await storedEarlierAs(path, 'text/html');
      const served = await get(`${STORAGE}/object/public/brand_assets/${path}`);
      expect(nosniff(served)).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    });
  });
});

describe('on hosted Supabase too: the database refuses an object row whose type its bucket does not take', () => {
  const insert = (name: string, metadata: unknown) =>
    sql('insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)', ['brand_assets', name, metadata === null ? null : JSON.stringify(metadata)]);

  it('refuses a malformed or unlisted type whoever writes it, as hosted Storage writes the row itself after the upload', async () => {
    for (const mimetype of ['image/png/,text/html', 'image/png,text/html', 'Image/PNG', 'image/png; charset=x', 'text/html', 'image/webp']) {
      const name = `${orgId}/row-${randomUUID()}.png`;
      await expect(insert(name, { mimetype, size: 10 }), mimetype).rejects.toMatchObject({ code: '42501', message: 'invalid_mime_type' });
    }
  });

  it('refuses changing a stored object to such a type or moving it to a bucket that does not take it', async () => {
    const name = `${orgId}/row-${randomUUID()}.png`;
    await insert(name, { mimetype: 'image/png', size: 10 });
    await expect(
      sql(`update storage.objects set metadata = metadata || '{"mimetype": "text/html"}' where bucket_id = 'brand_assets' and name = $1`, [name]),
    ).rejects.toMatchObject({ code: '42501', message: 'invalid_mime_type' });
    await expect(
      sql(`update storage.objects set bucket_id = 'update_covers' where bucket_id = 'brand_assets' and name = $1`, [name]),
    ).resolves.toBeDefined(); // update_covers takes PNG too
    await expect(
      sql(`update storage.objects set bucket_id = 'investor_documents', metadata = metadata || '{"mimetype": "image/jpeg"}' where bucket_id = 'update_covers' and name = $1`, [name]),
    ).rejects.toMatchObject({ code: '42501', message: 'invalid_mime_type' });
    await sql(`delete from storage.objects where name = $1`, [name]);
  });

  it('lets a row without a type through: Storage asks the policies before it knows one', async () => {
    const name = `${orgId}/row-${randomUUID()}.png`;
    await insert(name, null);
    await sql(`delete from storage.objects where bucket_id = 'brand_assets' and name = $1`, [name]);
  });
});
