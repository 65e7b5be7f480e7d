import './keep-exit-code.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp, serveBuiltApp } from '../../supabase/local/app-server.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';
import type {} from './app-build.ts';

/**
 * Vitest global setup for the browser tier: the test stack, and the app as
 * visitors get it — the production build with its prerendered pages, built
 * once for the whole run and served at the stack's app address. Every page
 * load in a fresh browser context then fetches a few dozen built chunks
 * rather than the dev server's hundreds of modules, and the tests check what
 * ships. (tests/e2e/dev-server.test.ts covers the dev server `npm start` runs.)
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = stackConfig('test');
  const external = process.env.ACCORD_TEST_STACK === 'running';
  const outDir = mkdtempSync(join(tmpdir(), 'accord-e2e-build-'));
  const stack = external ? null : await startStack('test', { fresh: true });
  try {
    const started = performance.now();
    await buildApp(config, outDir);
    console.log(`Built the app for the browser tests in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const app = await serveBuiltApp(config, outDir);
    project.provide('appBuildDir', outDir);
    return async () => {
      await app.stop();
      await stack?.stop();
      rmSync(outDir, { recursive: true, force: true });
    };
  } catch (error) {
    await stack?.stop();
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
