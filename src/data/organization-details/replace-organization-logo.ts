import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { toDetailsError } from './refusals';

const UPLOAD_FAILED = 'The logo could not be uploaded. Check your connection and try again.';

/**
 * Stores a new logo in the public brand_assets bucket under a new name (so no
 * cache keeps showing the old picture), points logo_path at it only once it is
 * stored, then removes the old object. Storage's policies let only the
 * organisation's admins write its folder; the bucket takes PNG or JPEG up to 1 MB.
 */
export async function replaceOrganizationLogo(
  client: AccordClient,
  organizationId: string,
  file: File,
  previousPath: string | null,
): Promise<string> {
  const extension = file.type === 'image/png' ? 'png' : 'jpg';
  const path = `${organizationId}/logo-${crypto.randomUUID()}.${extension}`;
  const bucket = client.storage.from('brand_assets');
  const uploaded = await bucket.upload(path, file, { contentType: file.type, upsert: false });
  if (uploaded.error) {
    const failure = toDataError(uploaded.error);
    throw new DataError(failure.status === 0 ? failure.message : UPLOAD_FAILED, { code: failure.code, cause: uploaded.error });
  }
  const { data, error } = await client.from('organizations').update({ logo_path: path }).eq('id', organizationId).select('id');
  if (error || data.length === 0) {
    // The organisation still shows the old logo: the new object is nobody's.
    await bucket.remove([path]);
    throw toDetailsError(error ?? { message: 'not_organization_admin' });
  }
  // Best effort: a failure leaves an unused object behind, never a missing logo.
  if (previousPath && previousPath !== path) await bucket.remove([previousPath]);
  return path;
}
