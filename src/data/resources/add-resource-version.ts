import type { AccordClient } from '../client';
import type { UploadTracking } from '../storage-upload';
import { toResourceError } from './refusals';
import { uploadResourceFile } from './upload-resource-file';

/** System administrators: uploads the file and makes it the resource's current version; the older ones stay. */
export async function addResourceVersion(client: AccordClient, input: { resourceId: string; versionLabel: string; file: File; tracking?: UploadTracking }): Promise<string> {
  const path = await uploadResourceFile(client, input.file, input.tracking);
  const { data, error } = await client.rpc('add_resource_version', {
    p_resource_id: input.resourceId,
    p_version_label: input.versionLabel,
    p_object_path: path,
  });
  if (error) throw toResourceError(error);
  return data;
}
