import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Database } from '../database.types';
import { dataRoomKeys } from './keys';
import { toDataRoomError } from './refusals';

export type InvestorLevel = Database['public']['Enums']['investor_access_level'];

export interface InvestorDocument {
  id: string;
  title: string;
  description: string | null;
  level: InvestorLevel;
  updatedAt: string;
  /** The version investors open (RLS shows them no other). */
  version: { id: string; number: number; fileName: string; contentType: string; sizeBytes: number; uploadedAt: string };
}

export interface InvestorFolder {
  id: string;
  name: string;
  documents: InvestorDocument[];
}

/**
 * The folders and documents the caller may read, in the back office's order,
 * each document with its current version. RLS decides what that is: lite
 * documents for every investor; data_room ones only for data-room investors
 * who agreed to the current NDA. A document without a readable version and a
 * folder left empty are not shown.
 */
export async function listInvestorDocuments(client: AccordClient): Promise<InvestorFolder[]> {
  const [folders, documents, versions] = await Promise.all([
    client.from('investor_folders').select('id, name, position').order('position').order('name').order('id'),
    client.from('investor_documents').select('id, folder_id, title, description, level, current_version_id, updated_at').order('title').order('id'),
    client.from('investor_document_versions').select('id, version, file_name, content_type, size_bytes, uploaded_at'),
  ]);
  for (const answer of [folders, documents, versions]) if (answer.error) throw toDataRoomError(answer.error);
  const versionById = new Map((versions.data ?? []).map((v) => [v.id, v]));
  const byFolder = new Map<string, InvestorDocument[]>();
  for (const d of documents.data ?? []) {
    const v = d.current_version_id ? versionById.get(d.current_version_id) : undefined;
    if (!v) continue;
    const list = byFolder.get(d.folder_id) ?? [];
    list.push({
      id: d.id,
      title: d.title,
      description: d.description,
      level: d.level,
      updatedAt: d.updated_at,
      version: { id: v.id, number: v.version, fileName: v.file_name, contentType: v.content_type, sizeBytes: v.size_bytes, uploadedAt: v.uploaded_at },
    });
    byFolder.set(d.folder_id, list);
  }
  return (folders.data ?? [])
    .map((f) => ({ id: f.id, name: f.name, documents: byFolder.get(f.id) ?? [] }))
    .filter((f) => f.documents.length > 0);
}

export function useInvestorDocuments(client: AccordClient = supabase) {
  return useSWR(dataRoomKeys.documents, () => listInvestorDocuments(client));
}
