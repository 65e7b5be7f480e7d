import { readSupabaseConfig, type SupabaseConfig } from './config';
import { DataError } from './errors';

/**
 * Addresses of objects in public Storage buckets, for visitor pages: built
 * from the project URL as Supabase Storage serves them
 * (`/storage/v1/object/public/<bucket>/<name>`), so a page shows a logo without
 * loading supabase-js's storage client (docs/decisions/017-published-content.md).
 */
export type PublicBucket = 'brand_assets' | 'update_covers';

let cachedConfig: SupabaseConfig | null = null;

export function publicObjectUrl(bucket: PublicBucket, name: string): string {
  cachedConfig ??= readSupabaseConfig(import.meta.env);
  if (!cachedConfig.ok) throw new DataError(cachedConfig.message);
  const path = name.split('/').map(encodeURIComponent).join('/');
  return `${cachedConfig.url.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path}`;
}
