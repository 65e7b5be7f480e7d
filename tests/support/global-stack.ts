import './keep-exit-code.ts';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../supabase/local/stack.ts';

/**
 * Vitest global setup for the db tier: a fresh local stack on the test ports
 * (25321…), so tests never touch the development data and run while `npm start`
 * is up. `npm test` starts one stack for all tiers and sets ACCORD_TEST_STACK=running.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  if (process.env.ACCORD_TEST_STACK === 'running') return async () => undefined;
  const stack = await startStack('test', { fresh: true });
  return () => stack.stop();
}
