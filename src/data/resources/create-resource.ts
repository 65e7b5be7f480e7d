import type { AccordClient } from '../client';
import type { UploadTracking } from '../storage-upload';
import type { OrganizationSector, ResourceAudience } from './list-resources';
import { toResourceError } from './refusals';
import { uploadResourceFile } from './upload-resource-file';

export interface NewResource {
  title: string;
  description: string;
  category: string;
  audience: ResourceAudience;
  sectors: OrganizationSector[];
  versionLabel: string;
  file: File;
  /** Follows the file's upload (progress, pause, cancel). */
  tracking?: UploadTracking;
}

/** System administrators: uploads the file, then records an unpublished resource with it as version one. */
export async function createResource(client: AccordClient, input: NewResource): Promise<string> {
  const path = await uploadResourceFile(client, input.file, input.tracking);
  const { data, error } = await client.rpc('create_resource', {
    p_title: input.title,
    p_description: input.description,
    p_category: input.category,
    p_audience: input.audience,
    p_sectors: input.audience === 'sectors' ? input.sectors : [],
    p_version_label: input.versionLabel,
    p_object_path: path,
  });
  if (error) throw toResourceError(error);
  return data;
}
