import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

/** The `[storage]` settings of supabase/config.toml that the storage stand-in honours. */
export interface StorageSettings {
  /** `file_size_limit`: no upload may be larger, whatever its bucket allows. */
  fileSizeLimit: number;
}

/** The Supabase CLI's default when config.toml sets none. */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** `"10MiB"`, `"50MB"`, `"512KiB"`, `1048576` in bytes (binary units, as the Supabase CLI reads them). */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(value) : null;
  if (!m) return undefined;
  const unit = (m[2] ?? 'B').toUpperCase().replace('I', '');
  const factor: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
  return Math.floor(Number(m[1]) * factor[unit]);
}

export function readStorageSettings(rootDir: string): StorageSettings {
  const toml = parseToml(readFileSync(join(rootDir, 'supabase/config.toml'), 'utf8')) as {
    storage?: { file_size_limit?: unknown };
  };
  return { fileSizeLimit: parseSize(toml.storage?.file_size_limit) ?? DEFAULT_FILE_SIZE_LIMIT };
}
