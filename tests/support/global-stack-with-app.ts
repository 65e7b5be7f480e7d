import './keep-exit-code.ts';
import type { TestProject } from 'vitest/node';
import { startApp } from '../../supabase/local/app-server.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';

/** Vitest global setup for the browser tier: the test stack plus the app served against it. */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.ACCORD_TEST_STACK === 'running';
  const stack = external ? null : await startStack('test', { fresh: true });
  try {
    const app = await startApp(stackConfig('test'));
    return async () => {
      await app.stop();
      await stack?.stop();
    };
  } catch (error) {
    await stack?.stop();
    throw error;
  }
}
