import { spawn } from 'node:child_process';
import { stackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';

/**
 * `npm test`: typecheck, lint, the unit and component tiers, then one fresh
 * local stack on the test ports shared by the advisors, the db tier and the
 * browser tier. Stops at the first failure and says which step failed.
 */
const started = Date.now();

/**
 * Seconds each step may take on CI's 2-core machine, and the whole run: the
 * README's test-time budget (docs/decisions/074-suite-speed.md). Printed next
 * to each step's time, so an issue that adds tests sees what it spends; over
 * budget is reported, not failed, as one loaded run is not a trend.
 */
const BUDGET_SECONDS: Record<string, number> = {
  lockfile: 5,
  typecheck: 45,
  lint: 25,
  'unit + component': 200,
  'test stack start': 10,
  'db advisors': 5,
  'db + auth contract': 120,
  'browser (e2e)': 190,
};
const TOTAL_BUDGET_SECONDS = 600;
const results: { step: string; seconds: number; ok: boolean }[] = [];

// Asynchronous on purpose: the test stack's auth service, gateway and mail
// catcher live in this process, and a blocking spawn would starve them.
async function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n▶ ${step}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (c) => resolve(c));
    child.on('error', () => resolve(1));
  });
  const ok = code === 0;
  results.push({ step, seconds: (Date.now() - t0) / 1000, ok });
  return ok;
}

/**
 * Runs steps side by side, each with its output held and printed whole once
 * all have ended, in the order given: the typecheck and lint are each one
 * process on one core, so on CI's two cores they take the time of the longer.
 */
async function runTogether(steps: { step: string; cmd: string; args: string[] }[]): Promise<boolean> {
  const outcomes = await Promise.all(
    steps.map(
      ({ step, cmd, args }) =>
        new Promise<{ step: string; line: string; output: Buffer[]; seconds: number; ok: boolean }>((resolve) => {
          const t0 = Date.now();
          const output: Buffer[] = [];
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          const done = (code: number | null) => resolve({ step, line: `${cmd} ${args.join(' ')}`, output, seconds: (Date.now() - t0) / 1000, ok: code === 0 });
          child.on('close', done);
          child.on('error', () => done(1));
        }),
    ),
  );
  for (const o of outcomes) {
    console.log(`\n▶ ${o.step}: ${o.line} (side by side with ${outcomes.filter((other) => other !== o).map((other) => other.step).join(', ')})`);
    process.stdout.write(Buffer.concat(o.output));
    results.push({ step: o.step, seconds: o.seconds, ok: o.ok });
  }
  return outcomes.every((o) => o.ok);
}

function againstBudget(seconds: number, budget: number | undefined): string {
  if (budget === undefined) return '';
  return `  (budget ${budget} s${seconds > budget ? `, ${(seconds - budget).toFixed(1)} s over` : ''})`;
}

function summary(): void {
  console.log('\nSummary');
  for (const r of results) {
    console.log(`  ${r.ok ? '✓' : '✗'} ${r.step.padEnd(22)} ${r.seconds.toFixed(1).padStart(7)} s${againstBudget(r.seconds, BUDGET_SECONDS[r.step])}`);
  }
  const total = (Date.now() - started) / 1000;
  console.log(`  total ${''.padEnd(18)} ${total.toFixed(1).padStart(7)} s${againstBudget(total, TOTAL_BUDGET_SECONDS)}`);
}

const npx = 'npx';
let ok =
  (await run('lockfile', npx, ['tsx', 'scripts/complete-lockfile.ts', '--check'])) &&
  (await runTogether([
    { step: 'typecheck', cmd: npx, args: ['tsc', '-b'] },
    { step: 'lint', cmd: npx, args: ['eslint', '.', '--max-warnings', '0'] },
  ])) &&
  (await run('unit + component', npx, ['vitest', 'run', '--project', 'unit*', '--project', 'component*']));

if (ok) {
  console.log(`\n▶ starting the test stack (fresh database, API on ${stackConfig('test').apiUrl})`);
  const t0 = Date.now();
  let stack = await startStack('test', { fresh: true });
  results.push({ step: 'test stack start', seconds: (Date.now() - t0) / 1000, ok: true });
  const env = { ACCORD_TEST_STACK: 'running' };
  try {
    ok =
      (await run('db advisors', npx, ['tsx', 'supabase/local/db-advisors.ts', '--profile', 'test'], env)) &&
      (await run('db + auth contract', npx, ['vitest', 'run', '--project', 'db'], env));
    if (ok) {
      // The browser tier starts from the seed, not from what the db tier's
      // tests wrote (suspended members, extra updates): a fresh database.
      await stack.stop();
      stack = await startStack('test', { fresh: true });
      ok = await run('browser (e2e)', npx, ['vitest', 'run', '--project', 'e2e'], env);
    }
  } finally {
    await stack.stop();
  }
}

summary();
process.exit(ok ? 0 : 1);
