import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Database } from '../database.types';
import type { resourceKeys } from './keys';
import { toResourceError } from './refusals';

export type ResourceAudience = Database['public']['Enums']['resource_audience'];
export type OrganizationSector = Database['public']['Enums']['organization_sector'];

export interface ResourceVersion {
  id: string;
  label: string;
  objectPath: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
  uploadedAt: string;
}

export interface Resource {
  id: string;
  title: string;
  description: string;
  category: string;
  audience: ResourceAudience;
  sectors: OrganizationSector[];
  published: boolean;
  publishedAt: string | null;
  /** When members last had something new here (first publication, a new version). */
  contentUpdatedAt: string;
  /** The version members download; null only if the reader may not see it. */
  current: ResourceVersion | null;
  /** Every version the reader may see, newest first (members: the current one only, by RLS). */
  versions: ResourceVersion[];
}

/**
 * The resources the caller may read, by category then title, each with its
 * versions. RLS decides what that is: everything for system administrators;
 * for members, published resources meant for their active organisation and
 * only their current file.
 */
export async function listResources(client: AccordClient): Promise<Resource[]> {
  const [resources, versions] = await Promise.all([
    client.from('resources').select('*').order('category').order('title').order('id'),
    client.from('resource_versions').select('*').order('uploaded_at', { ascending: false }).order('id'),
  ]);
  if (resources.error) throw toResourceError(resources.error);
  if (versions.error) throw toResourceError(versions.error);
  const byResource = new Map<string, ResourceVersion[]>();
  for (const v of versions.data) {
    const list = byResource.get(v.resource_id) ?? [];
    list.push({ id: v.id, label: v.version_label, objectPath: v.object_path, fileName: v.file_name, mimeType: v.mime_type, byteSize: v.byte_size, uploadedAt: v.uploaded_at });
    byResource.set(v.resource_id, list);
  }
  return resources.data.map((r) => {
    const list = byResource.get(r.id) ?? [];
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      audience: r.audience,
      sectors: r.sectors,
      published: r.published,
      publishedAt: r.published_at,
      contentUpdatedAt: r.content_updated_at,
      current: list.find((v) => v.id === r.current_version_id) ?? null,
      versions: list,
    };
  });
}

export function useResources(key: typeof resourceKeys.admin | typeof resourceKeys.member, client: AccordClient = supabase) {
  return useSWR(key, () => listResources(client));
}
