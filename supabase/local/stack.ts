import { startAuth } from './auth/server.ts';
import { stackConfig, type StackConfig, type StackProfile } from './config.ts';
import { startGateway, type GatewayRoute } from './gateway.ts';
import { startMail } from './mail.ts';
import { startPostgres } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';

/**
 * Starts the whole Docker-free local Supabase: Postgres, mail catcher, auth
 * stand-in, PostgREST and the gateway in front of them. Used by `npm start`
 * and by the test tiers' global setup.
 */
export interface RunningStack {
  config: StackConfig;
  /** True when the database was created (bootstrap, migrations, seed) by this start. */
  created: boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Throw the database away first (`npm run db:reset`, and every test run). */
  fresh?: boolean;
  log?: (message: string) => void;
}

export async function startStack(profileOrConfig: StackProfile | StackConfig = 'dev', opts: StartOptions = {}): Promise<RunningStack> {
  const config = typeof profileOrConfig === 'string' ? stackConfig(profileOrConfig) : profileOrConfig;
  const log = opts.log ?? (() => undefined);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    // Reverse order: nothing is left talking to a service that is already gone.
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };

  try {
    // Postgres and the mail catcher do not depend on each other: start them together.
    const [db, mail] = await Promise.all([startPostgres(config, { fresh: opts.fresh, log }), startMail(config)]);
    stops.push(db.stop, mail.stop);

    const [rest, auth] = await Promise.all([
      startPostgrest(config),
      startAuth({
        port: config.ports.auth,
        dbUrl: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${config.ports.db}/postgres`,
        keys: config.keys,
        settings: config.auth,
        apiExternalUrl: `${config.apiUrl}/auth/v1`,
        smtp: { host: '127.0.0.1', port: config.ports.smtp },
        sender: { email: 'no-reply@accord.test', name: 'Accord' },
        log,
      }),
    ]);
    stops.push(rest.stop, auth.stop);

    const routes: GatewayRoute[] = [
      // GoTrue's verify link, its JWKS and its health check are opened without an API key.
      { prefix: '/auth/v1', port: config.ports.auth, openPaths: [/^\/verify$/, /^\/\.well-known\/jwks\.json$/, /^\/health$/, /^\/callback$/] },
      { prefix: '/rest/v1', port: config.ports.rest },
    ];
    const gateway = await startGateway(config, routes);
    stops.push(gateway.stop);
    return { config, created: db.created, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
