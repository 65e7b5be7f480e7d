import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { StackConfig } from './config.ts';

/**
 * Seed assets: files the seed's rows refer to (the ecosystem solutions' logos)
 * live in `supabase/seed-assets/<bucket>/<object name>` and are uploaded to the
 * local Storage after seed.sql, through the gateway with the service role, as
 * `supabase storage cp` uploads them to a hosted project (docs/local-stack.md).
 *
 * Idempotent: an object that is already stored is left alone, so every start
 * runs it — including the first start after `npm run db:reset`, when the rows
 * are new but the storage folder was not emptied yet.
 */
export const SEED_ASSETS_DIR = 'supabase/seed-assets';

const MIME_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

export interface SeedAsset {
  bucket: string;
  /** The object's name inside the bucket, with `/` separators. */
  name: string;
  path: string;
  mimeType: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** Every file under supabase/seed-assets, as the bucket and object name it becomes. */
export function listSeedAssets(rootDir: string): SeedAsset[] {
  const base = join(rootDir, SEED_ASSETS_DIR);
  let buckets: string[];
  try {
    buckets = readdirSync(base).filter((name) => !name.startsWith('.') && statSync(join(base, name)).isDirectory());
  } catch {
    return [];
  }
  return buckets.sort().flatMap((bucket) =>
    filesUnder(join(base, bucket)).map((path) => {
      const mimeType = MIME_TYPES[extname(path).toLowerCase()];
      if (!mimeType) throw new Error(`Seed asset ${relative(rootDir, path)}: no known content type for its extension.`);
      return { bucket, name: relative(join(base, bucket), path).split(sep).join('/'), path, mimeType };
    }),
  );
}

async function storageError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: string; statusCode?: string };
    return `${body.statusCode ?? response.status} ${body.message ?? text}`;
  } catch {
    return `${response.status} ${text}`;
  }
}

/** Uploads the seed assets that are not stored yet; returns how many were uploaded. */
export async function uploadSeedAssets(config: StackConfig, log: (message: string) => void = () => undefined): Promise<number> {
  const assets = listSeedAssets(config.rootDir);
  const headers = { apikey: config.keys.serviceRoleKey, authorization: `Bearer ${config.keys.serviceRoleKey}` };
  let uploaded = 0;
  for (const asset of assets) {
    const url = `${config.apiUrl}/storage/v1/object/${asset.bucket}/${asset.name.split('/').map(encodeURIComponent).join('/')}`;
    const head = await fetch(url, { method: 'HEAD', headers });
    if (head.ok) continue;
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': asset.mimeType, 'cache-control': 'max-age=3600', 'x-upsert': 'true' },
      body: readFileSync(asset.path),
    });
    if (!response.ok) {
      throw new Error(`Uploading seed asset ${asset.bucket}/${asset.name} failed: ${await storageError(response)}`);
    }
    uploaded += 1;
  }
  if (uploaded > 0) log(`uploaded ${uploaded} seed asset${uploaded === 1 ? '' : 's'} to storage`);
  return uploaded;
}
