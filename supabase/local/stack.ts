import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startAuth } from './auth/server.ts';
import { LOCAL_IDP_CLIENT_SECRET, stackConfig, type StackConfig, type StackProfile } from './config.ts';
import { startFunctions, verifyJwtSettings } from './functions.ts';
import { startGateway, type GatewayRoute } from './gateway.ts';
import { startMail } from './mail.ts';
import { startFunctionSchedule, startNotificationSchedule } from './notification-schedule.ts';
import { startPaymentEventSchedule } from './payment-event-schedule.ts';
import { startLookupSnapshotSchedule } from './lookup-snapshot-schedule.ts';
import { startBillingRunSchedule } from './billing-run-schedule.ts';
import { startAdvisorSchedule } from './advisor-schedule.ts';
import { startRecoverySchedule } from './recovery/schedule.ts';
import { startTrustListSchedule } from './trust-list-schedule.ts';
import { startIdp } from './oidc/provider.ts';
import { startPostgres } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';
import { startRealtime } from './realtime/server.ts';
import { uploadSeedAssets } from './seed-assets.ts';
import { readStorageSettings } from './storage/settings.ts';
import { startStorage } from './storage/server.ts';
import { startStripe } from './stripe/server.ts';
import { supervise, type Supervisable, type Supervised } from './supervisor.ts';

/**
 * Starts the whole Docker-free local Supabase: Postgres, mail catcher, auth
 * stand-in, PostgREST, the Edge Functions runtime (Deno) and the gateway in
 * front of them. Used by `npm start` and by the test tiers' global setup.
 */
export interface RunningStack {
  config: StackConfig;
  /** True when the database was created (bootstrap, migrations, seed) by this start. */
  created: boolean;
  /** The services the stack keeps running: each is started again when it ends unasked (decision 090). */
  services: Record<ServiceName, Supervised>;
  stop(): Promise<void>;
}

export type ServiceName = 'postgres' | 'mail' | 'postgrest' | 'idp' | 'auth' | 'functions' | 'realtime' | 'storage';

export interface StartOptions {
  /** Throw the database away first (`npm run db:reset`, and every test run). */
  fresh?: boolean;
  log?: (message: string) => void;
  /** Where a service's unexpected end and restart are said; the console's warnings unless given. */
  warn?: (message: string) => void;
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

  // A service that ends unasked (killed, crashed) is started again with a
  // growing delay, as a container's restart policy would, and the stack says
  // so where a person sees it (decision 090).
  const say = opts.warn ?? ((m: string) => console.warn(m));
  const keep = (name: string, start: () => Promise<Supervisable>) => supervise(name, start, { log: say });

  try {
    // Postgres and the mail catcher do not depend on each other: start them together.
    // Only the first start may throw the database away or create it; a restart finds it there.
    let created: boolean | undefined;
    const [postgres, mail] = await Promise.all([
      keep('Postgres', async () => {
        const running = await startPostgres(config, { fresh: created === undefined && opts.fresh, log });
        created ??= running.created;
        return running;
      }),
      keep('The mail catcher', () => startMail(config)),
    ]);
    const db = { created: created === true };
    stops.push(postgres.stop, mail.stop);

    // Settled, not all: when one of them fails, the others that did start are stopped too.
    let storageStarted = false;
    const started = await Promise.allSettled([
      keep('PostgREST', () => startPostgrest(config)),
      // The local OpenID Connect provider, registered with config.toml's [auth.external.keycloak] client.
      keep('The identity provider', () => startIdp({
        port: config.ports.idp,
        client: {
          clientId: config.auth.external.keycloak?.clientId || 'accord-local',
          secret: config.auth.external.keycloak?.secret || LOCAL_IDP_CLIENT_SECRET,
          redirectUris: [config.auth.external.keycloak?.redirectUri || `${config.apiUrl}/auth/v1/callback`],
        },
        log,
      })),
      keep('Auth', () => startAuth({
        port: config.ports.auth,
        dbUrl: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${config.ports.db}/postgres`,
        keys: config.keys,
        settings: config.auth,
        apiExternalUrl: `${config.apiUrl}/auth/v1`,
        smtp: { host: '127.0.0.1', port: config.ports.smtp },
        sender: { email: 'no-reply@accord.test', name: 'Accord' },
        log,
      })),
      // Functions reach the database only through the gateway, so Deno starts beside the others.
      keep('The Edge Functions runtime', () => startFunctions(config, { log })),
      keep('Realtime', () => startRealtime({
        port: config.ports.realtime,
        dbUrl: config.dbUrl,
        keys: config.keys,
        slotName: `accord_realtime_${config.ports.realtime}`,
        log,
      })),
      keep('Storage', () => startStorage({
        port: config.ports.storage,
        dbUrl: `postgresql://supabase_storage_admin:postgres@127.0.0.1:${config.ports.db}/postgres`,
        dataDir: config.dataDir,
        keys: config.keys,
        publicUrl: `${config.apiUrl}/storage/v1`,
        fileSizeLimit: readStorageSettings(config.rootDir).fileSizeLimit,
        // A new database has no objects: files from an earlier one are dropped (only when it was new, not on a restart).
        emptyOnStart: db.created && !storageStarted,
        log,
      }).then((storage) => ((storageStarted = true), storage))),
      // The local Stripe delivers its events to the stripe-webhook function through the gateway, as Stripe reaches the project (decision 079).
      startStripe({
        port: config.ports.stripe,
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        webhookUrl: `http://127.0.0.1:${config.ports.api}/functions/v1/stripe-webhook`,
        log,
      }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') stops.push(s.value.stop);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [postgrest, idp, auth, functions, realtime, storage] = started.map((s) => (s as PromiseFulfilledResult<Supervised>).value) as [
      Supervised, Supervised, Supervised, Supervised, Supervised, Supervised,
    ];

    const routes: GatewayRoute[] = [
      // GoTrue's verify link, its JWKS, its health check and the OAuth redirects are opened without an API key.
      { prefix: '/auth/v1', port: config.ports.auth, openPaths: [/^\/verify$/, /^\/\.well-known\/jwks\.json$/, /^\/health$/, /^\/callback$/, /^\/authorize$/] },
      { prefix: '/rest/v1', port: config.ports.rest },
      // The gateway requires the API key; the runtime checks the caller's JWT (verify_jwt).
      // Hosted Supabase's gateway asks no API key for a function; one with verify_jwt off
      // (stripe-webhook: Stripe sends neither key nor JWT) is reached without one here too.
      {
        prefix: '/functions/v1',
        port: config.ports.functions,
        openPaths: Object.entries(verifyJwtSettings(config.rootDir))
          .filter(([, verify]) => !verify)
          .map(([name]) => new RegExp(`^/${name}(?:/|$)`)),
      },
      // Public buckets and signed URLs are opened in a browser, without an API key.
      { prefix: '/storage/v1', port: config.ports.storage, openPaths: [/^\/object\/public\//, /^\/object\/sign\//] },
      // realtime-js opens /realtime/v1/websocket with the API key as a query parameter.
      { prefix: '/realtime/v1', port: config.ports.realtime },
    ];
    const gateway = await startGateway(config, routes);
    stops.push(gateway.stop);
    // The files seed.sql's rows refer to (logos), once Storage is reachable as it is from outside.
    await uploadSeedAssets(config, log);
    // Hosted Supabase runs send-notification-emails on a schedule; here the stack does (decision 049).
    stops.push(startNotificationSchedule(config, { log }).stop);
    // Hosted Supabase retries webhook events that failed to apply with pg_cron; here the stack does (decision 078).
    stops.push(startPaymentEventSchedule(config, { log }).stop);
    // Hosted Supabase snapshots registry lookups with pg_cron; here the stack does (decision 062).
    stops.push(startLookupSnapshotSchedule(config, { log }).stop);
    // Hosted Supabase runs the billing renewal run with pg_cron; here the stack does (decision 069).
    stops.push(startBillingRunSchedule(config, { log }).stop);
    // The advisors: nightly and when the database page asks; the CLI runs them, so the stack does (decision 075).
    stops.push(startAdvisorSchedule(config, { log }).stop);
    // Backups and restore drills: nightly and when the database page asks (decision 077).
    // A new database has no backups: files of an earlier one's are dropped, as Storage's are.
    if (db.created) await rm(join(config.dataDir, 'backups'), { recursive: true, force: true });
    // The test stack runs only what a test asks for: a nightly pair of each run's new database would cost every CI run a backup and a drill.
    stops.push(startRecoverySchedule(config, { log, nightly: config.profile !== 'test' }).stop);
    // Due erasures, erased organisations' files and week-old export archives: pg_cron calls the sweep on hosted (decision 076).
    stops.push(startFunctionSchedule(config, { name: 'organisation-data-sweep', label: 'organisation data sweep', intervalMs: 60_000, log }).stop);
    // Hosted Supabase publishes the signed trust list with pg_cron; here the stack does (decision 081).
    stops.push(startTrustListSchedule(config, { log }).stop);
    return { config, created: db.created, services: { postgres, mail, postgrest, idp, auth, functions, realtime, storage }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
