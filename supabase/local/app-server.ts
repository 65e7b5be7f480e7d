import { createServer, type ViteDevServer } from 'vite';
import type { StackConfig } from './config.ts';

/**
 * The Vite dev server for the app, pointed at the given stack. Vite reads
 * VITE_* variables from the process environment before .env files, so the app
 * always talks to the stack that was started with it.
 */
export async function startApp(config: StackConfig): Promise<{ url: string; stop(): Promise<void> }> {
  process.env.VITE_SUPABASE_URL = config.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = config.keys.anonKey;
  const server: ViteDevServer = await createServer({
    root: config.rootDir,
    configFile: `${config.rootDir}/vite.config.ts`,
    logLevel: 'warn',
    clearScreen: false,
    server: { port: config.ports.app, strictPort: true, host: 'localhost' },
  });
  await server.listen();
  return { url: config.appUrl, stop: () => server.close() };
}
