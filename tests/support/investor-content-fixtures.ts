import { randomUUID } from 'node:crypto';

import { asServiceRole, sql, type TestUser } from './users.ts';

/**
 * Investor content arranged as the back office would leave it (rows as the
 * database superuser, files with the service role), for the data room's tests.
 * NDA versions are global: a test file that publishes one starts from none.
 */

export type InvestorLevel = 'lite' | 'data_room';

export async function grantInvestor(user: Pick<TestUser, 'id'>, level: InvestorLevel): Promise<void> {
  await sql(
    `insert into public.investor_access (user_id, level) values ($1, $2::public.investor_access_level)
     on conflict (user_id) do update set level = excluded.level`,
    [user.id, level],
  );
}

export async function newFolder(name = `Folder ${randomUUID().slice(0, 8)}`): Promise<string> {
  const [{ id }] = await sql<{ id: string }>('insert into public.investor_folders (name) values ($1) returning id', [name]);
  return id;
}

export interface InvestorDocument {
  documentId: string;
  versionId: string;
  storagePath: string;
}

/**
 * A document at `level` in `folderId` whose current version is `fileName`;
 * with `bytes`, the file is uploaded to the investor_documents bucket too.
 */
export async function newInvestorDocument(
  folderId: string,
  level: InvestorLevel,
  opts: { title?: string; description?: string; fileName?: string; contentType?: string; bytes?: Uint8Array } = {},
): Promise<InvestorDocument> {
  const fileName = opts.fileName ?? 'deck.pdf';
  const contentType = opts.contentType ?? 'application/pdf';
  const [{ id: documentId }] = await sql<{ id: string }>(
    `insert into public.investor_documents (folder_id, title, description, level)
     values ($1, $2, $3, $4::public.investor_access_level) returning id`,
    [folderId, opts.title ?? `${level} document ${randomUUID().slice(0, 8)}`, opts.description ?? null, level],
  );
  const versionId = await addVersion(documentId, 1, fileName, contentType, opts.bytes);
  return { documentId, versionId, storagePath: `${documentId}/${versionId}/${fileName}` };
}

/** Registers version `version` of a document (and uploads its file when given) and makes it current. */
export async function addVersion(
  documentId: string,
  version: number,
  fileName: string,
  contentType: string,
  bytes?: Uint8Array,
): Promise<string> {
  const versionId = randomUUID();
  const storagePath = `${documentId}/${versionId}/${fileName}`;
  if (bytes) {
    const { error } = await asServiceRole().storage.from('investor_documents').upload(storagePath, bytes, { contentType });
    if (error) throw new Error(`Uploading ${storagePath} failed: ${error.message}`);
  }
  await sql(
    `insert into public.investor_document_versions (id, document_id, version, storage_path, file_name, content_type, size_bytes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [versionId, documentId, version, storagePath, fileName, contentType, bytes?.byteLength ?? 100],
  );
  await sql('update public.investor_documents set current_version_id = $1 where id = $2', [versionId, documentId]);
  return versionId;
}

/** Publishes the next NDA version and returns its number. */
export async function publishNda(body = 'Keep everything in the data room confidential.'): Promise<number> {
  const [{ version }] = await sql<{ version: number }>(
    `insert into public.nda_versions (version, body) select coalesce(max(version), 0) + 1, $1 from public.nda_versions returning version`,
    [body],
  );
  return version;
}

/** No NDA at all: the data room closed to every investor. */
export async function withdrawAllNdas(): Promise<void> {
  await sql('delete from public.nda_agreements');
  await sql('delete from public.nda_versions');
}

/** The access log's rows for a version, oldest first. */
export async function accessRows(versionId: string): Promise<{ user_id: string; email: string; action: string; occurred_at: Date }[]> {
  return sql(
    'select user_id, email::text as email, action, occurred_at from public.investor_document_access where version_id = $1 order by id',
    [versionId],
  );
}
