import { publicStorageUrl } from '../public-api';

/** Public address of an organisation's logo in the brand_assets bucket. */
export function registryLogoUrl(logoPath: string): string {
  return publicStorageUrl('brand_assets', logoPath);
}
