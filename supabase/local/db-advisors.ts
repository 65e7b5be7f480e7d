import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT_DIR, type StackProfile } from './config.ts';
import { withDatabase } from './with-database.ts';

/**
 * `npm run db:advisors`: Supabase's security and performance lints against the
 * local database; any finding, at any level, fails.
 * `--profile test` targets the test stack (used by `npm test`).
 */
const i = process.argv.indexOf('--profile');
const profile = (i > 0 ? process.argv[i + 1] : 'dev') as StackProfile;
const status = await withDatabase(profile, async (dbUrl) => {
  const run = spawnSync(
    join(ROOT_DIR, 'node_modules/.bin/supabase'),
    ['db', 'advisors', `--remote=${dbUrl}?sslmode=disable`, '--type', 'all', '--level', 'info', '--fail-on', 'info'],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
  return run.status ?? 1;
});
process.exit(status);
