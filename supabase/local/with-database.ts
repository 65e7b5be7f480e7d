import net from 'node:net';
import { stackConfig, type StackProfile } from './config.ts';
import { startPostgres } from './postgres.ts';

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs `fn` with a URL of the profile's database: the running one when
 * `npm start` (or a test run) is up, otherwise Postgres alone, started for the
 * duration and stopped after. Migrations not yet applied are applied first.
 */
export async function withDatabase<T>(profile: StackProfile, fn: (dbUrl: string) => Promise<T>): Promise<T> {
  const config = stackConfig(profile);
  if (await portInUse(config.ports.db)) return fn(config.dbUrl);
  const db = await startPostgres(config, { log: (m) => console.error(`  ${m}`) });
  try {
    return await fn(config.dbUrl);
  } finally {
    await db.stop();
  }
}

export { portInUse };
