import { spawnSync } from 'node:child_process';
import { startStack } from '../supabase/local/stack.ts';

/**
 * `npm test`: typecheck, lint, the unit and component tiers, then one fresh
 * local stack on the test ports shared by the advisors, the db tier and the
 * browser tier. Stops at the first failure and says which step failed.
 */
const started = Date.now();
const results: { step: string; seconds: number; ok: boolean }[] = [];

function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${step}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ step, seconds: (Date.now() - t0) / 1000, ok });
  return ok;
}

function summary(): void {
  console.log('\nSummary');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.step.padEnd(22)} ${r.seconds.toFixed(1)} s`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const npx = 'npx';
let ok =
  run('typecheck', npx, ['tsc', '-b']) &&
  run('lint', npx, ['eslint', '.', '--max-warnings', '0']) &&
  run('unit + component', npx, ['vitest', 'run', '--project', 'unit', '--project', 'component']);

if (ok) {
  console.log('\n▶ starting the test stack (fresh database on ports 55321…)');
  const t0 = Date.now();
  const stack = await startStack('test', { fresh: true });
  results.push({ step: 'test stack start', seconds: (Date.now() - t0) / 1000, ok: true });
  const env = { ACCORD_TEST_STACK: 'running' };
  try {
    ok =
      run('db advisors', npx, ['tsx', 'supabase/local/db-advisors.ts', '--profile', 'test'], env) &&
      run('db + auth contract', npx, ['vitest', 'run', '--project', 'db'], env) &&
      run('browser (e2e)', npx, ['vitest', 'run', '--project', 'e2e'], env);
  } finally {
    await stack.stop();
  }
}

summary();
process.exit(ok ? 0 : 1);
