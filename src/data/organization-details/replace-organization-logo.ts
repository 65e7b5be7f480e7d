import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { uploadToBucket } from '../storage-upload';
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
  await uploadToBucket(client, {
    bucket: 'brand_assets',
    path,
    file,
    refusals: { tooLarge: UPLOAD_FAILED, wrongType: UPLOAD_FAILED, forbidden: UPLOAD_FAILED },
  }).catch((failure: DataError) => {
    // Unreachable says so; any refusal reads as the one message this form has.
    throw failure.status === 0 ? failure : new DataError(UPLOAD_FAILED, { code: failure.code, cause: failure });
  });
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
