import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Database } from '../database.types';
import { investorContentKeys } from './keys';
import { toInvestorContentError } from './refusals';

export type InvestorLevel = Database['public']['Enums']['investor_access_level'];

export interface InvestorDocumentVersion {
  id: string;
  version: number;
  storagePath: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
}

export interface InvestorDocument {
  id: string;
  folderId: string;
  title: string;
  description: string | null;
  level: InvestorLevel;
  updatedAt: string;
  /** The version investors open; null until the first file is uploaded. */
  current: InvestorDocumentVersion | null;
  /** Every version the reader may see, newest first (the whole history for the back office). */
  versions: InvestorDocumentVersion[];
}

export interface InvestorFolder {
  id: string;
  name: string;
  documents: InvestorDocument[];
}

/**
 * Folders in their order, each with its documents by title and every version.
 * RLS decides what the caller sees: system administrators everything.
 */
export async function listInvestorLibrary(client: AccordClient): Promise<InvestorFolder[]> {
  const [folders, documents, versions] = await Promise.all([
    client.from('investor_folders').select('id, name').order('position').order('name').order('id'),
    client.from('investor_documents').select('id, folder_id, title, description, level, current_version_id, updated_at').order('title').order('id'),
    client
      .from('investor_document_versions')
      .select('id, document_id, version, storage_path, file_name, content_type, size_bytes, uploaded_at')
      .order('version', { ascending: false }),
  ]);
  if (folders.error) throw toInvestorContentError(folders.error);
  if (documents.error) throw toInvestorContentError(documents.error);
  if (versions.error) throw toInvestorContentError(versions.error);
  const byDocument = new Map<string, InvestorDocumentVersion[]>();
  for (const v of versions.data) {
    const list = byDocument.get(v.document_id) ?? [];
    list.push({
      id: v.id,
      version: v.version,
      storagePath: v.storage_path,
      fileName: v.file_name,
      contentType: v.content_type,
      sizeBytes: v.size_bytes,
      uploadedAt: v.uploaded_at,
    });
    byDocument.set(v.document_id, list);
  }
  const byFolder = new Map<string, InvestorDocument[]>();
  for (const d of documents.data) {
    const list = byDocument.get(d.id) ?? [];
    const docs = byFolder.get(d.folder_id) ?? [];
    docs.push({
      id: d.id,
      folderId: d.folder_id,
      title: d.title,
      description: d.description,
      level: d.level,
      updatedAt: list[0] && list[0].uploadedAt > d.updated_at ? list[0].uploadedAt : d.updated_at,
      current: list.find((v) => v.id === d.current_version_id) ?? null,
      versions: list,
    });
    byFolder.set(d.folder_id, docs);
  }
  return folders.data.map((f) => ({ id: f.id, name: f.name, documents: byFolder.get(f.id) ?? [] }));
}

export function useInvestorLibrary(client: AccordClient = supabase) {
  return useSWR(investorContentKeys.library, () => listInvestorLibrary(client));
}
