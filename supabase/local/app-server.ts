import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer, preview, type ViteDevServer } from 'vite';
import type { StackConfig } from './config.ts';

interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/** The app's build-time settings for a stack: Vite reads VITE_* from the process environment before .env files. */
function appEnv(config: StackConfig): Record<string, string> {
  return {
    VITE_SUPABASE_URL: config.apiUrl,
    VITE_SUPABASE_ANON_KEY: config.keys.anonKey,
    // The local OpenID Connect provider stands in behind config.toml's [auth.external.keycloak] (decision 042).
    VITE_AUTH_PROVIDER_LABELS: 'keycloak=Accord test identity provider',
    // The origin the network's did:web is named after, as the functions' SITE_URL (decision 080).
    ACCORD_SITE_URL: config.auth.siteUrl,
  };
}

/**
 * The Vite dev server for the app (`npm start`), pointed at the given stack,
 * so the app always talks to the stack that was started with it.
 */
export async function startApp(config: StackConfig, port = config.ports.app): Promise<RunningApp> {
  Object.assign(process.env, appEnv(config));
  const server: ViteDevServer = await createServer({
    root: config.rootDir,
    configFile: `${config.rootDir}/vite.config.ts`,
    logLevel: 'warn',
    clearScreen: false,
    server: { port, strictPort: true, host: 'localhost' },
  });
  await server.listen();
  return { url: `http://localhost:${port}`, stop: () => server.close() };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the stack's auth service, gateway and mail catcher may live in this process.
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${code}`))));
  });
}

/**
 * The production build for the given stack into `outDir`, as `npm run build`
 * makes it (Vite, then the public pages prerendered: scripts/prerender.ts),
 * in processes of their own: a test process already holds React's test build.
 */
export async function buildApp(config: StackConfig, outDir: string): Promise<void> {
  const bin = (name: string) => join(config.rootDir, 'node_modules/.bin', name);
  const env = { ...appEnv(config), NODE_ENV: 'production' };
  await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'warn'], config.rootDir, env);
  await run(bin('tsx'), ['scripts/prerender.ts', '--outDir', outDir], config.rootDir, env);
}

/** A production build served as a host serves it (`vite preview`: each prerendered page's file, the bare shell for the rest). */
export async function serveBuiltApp(config: StackConfig, outDir: string, port = config.ports.app): Promise<RunningApp> {
  const server = await preview({
    root: config.rootDir,
    configFile: `${config.rootDir}/vite.config.ts`,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
  return {
    url: `http://localhost:${port}`,
    stop: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}
