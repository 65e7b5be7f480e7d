import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Adds lockfile entries for platform packages the npm registry we install from
 * does not carry (other operating systems' builds of deno, the Supabase CLI,
 * PostgREST, …). `npm install` leaves them out; `npm ci` then refuses the
 * lockfile as out of sync. Each added entry is optional and carries its os/cpu,
 * so npm skips it on every other platform without fetching anything.
 * Run after `npm install` changes package-lock.json (docs/decisions/006);
 * `--check` (part of `npm test`) fails when entries are missing.
 */
type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const path = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Entry> };

const OS: [RegExp, string][] = [
  [/darwin/, 'darwin'], [/win32|windows/, 'win32'], [/android/, 'android'], [/freebsd/, 'freebsd'],
  [/openharmony/, 'openharmony'], [/linux/, 'linux'],
];
const CPU: [RegExp, string][] = [
  [/arm64|aarch64/, 'arm64'], [/x64|x86_64/, 'x64'], [/ia32/, 'ia32'], [/loong64/, 'loong64'],
  [/ppc64/, 'ppc64'], [/riscv64/, 'riscv64'], [/s390x/, 's390x'], [/arm/, 'arm'],
];

function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | null {
  const os = OS.find(([re]) => re.test(name))?.[1];
  const cpu = CPU.find(([re]) => re.test(name))?.[1];
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (/musl/.test(name) ? ['musl'] : /gnu|glibc/.test(name) ? ['glibc'] : undefined) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? 'node_modules' : `${key}/node_modules`;
    // npm resolves from the nearest node_modules upwards; the hoisted place is the root.
    if (lock.packages[`${base}/${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[`node_modules/${dep}`] = {
      version: spec.replace(/^[v^~=]+/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

if (process.argv.includes('--check')) {
  if (added > 0) {
    console.error(`package-lock.json lacks ${added} platform entries, so \`npm ci\` would fail. Run: npx tsx scripts/complete-lockfile.ts`);
    process.exit(1);
  }
  console.log('package-lock.json is complete');
  process.exit(0);
}

const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added === 0 ? 'package-lock.json already complete' : `Added ${added} platform entries to package-lock.json`);
