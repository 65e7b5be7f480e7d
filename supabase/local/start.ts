import { startApp } from './app-server.ts';
import { stackConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { IDP_PASSWORD, IDP_USERS } from './oidc/users.ts';
import { REALM_PATH } from './oidc/provider.ts';
import { stopLeftoverFunctions } from './functions.ts';
import { stopLeftoverPostmaster } from './postgres.ts';
import { stopLeftoverPostgrest } from './postgrest.ts';
import { startStack } from './stack.ts';
import { waitUntilBindable } from './ports.ts';
import { portInUse } from './with-database.ts';

/**
 * `npm start`: the local Supabase stack and the app, one command, one Ctrl-C.
 * `npm run stack` (`--no-app`) starts only the backend.
 * `--profile test` runs the test profile instead (its own ports and data, moved
 * by ACCORD_TEST_PORT_OFFSET), so a second copy can run beside the dev one.
 */
const withApp = !process.argv.includes('--no-app');
const profileAt = process.argv.indexOf('--profile');
const profile = profileAt > 0 && process.argv[profileAt + 1] === 'test' ? 'test' : 'dev';
const config = stackConfig(profile);

// Processes an earlier run left behind (its Node parent was killed before it
// could stop them) hold their ports: stop ours first, so only a port held by
// something else keeps the stack from starting.
stopLeftoverPostgrest(config);
stopLeftoverFunctions(config);
await stopLeftoverPostmaster(config.pgDataDir, (m) => console.log(`  ${m}`));

const busy = [];
for (const [name, port] of Object.entries(config.ports)) {
  if (!withApp && name === 'app') continue;
  if (await portInUse(port)) busy.push(`${name} (${port})`);
}
if (busy.length > 0) {
  console.error(
    `Cannot start: these ports are already in use: ${busy.join(', ')}.\n` +
      'Is `npm start` already running in another terminal? Stop it with Ctrl-C and try again.',
  );
  process.exit(1);
}

// A port nobody listens on may still be held by a closing connection (see
// ports.ts): wait for it rather than fail on Postgres's "Address already in use".
const held = await waitUntilBindable(
  Object.fromEntries(Object.entries(config.ports).filter(([name]) => withApp || name !== 'app')),
  { log: (m) => console.log(`  ${m}`) },
);
if (held.length > 0) {
  console.error(`Cannot start: these ports are still held by other connections: ${held.join(', ')}. Try again in a minute.`);
  process.exit(1);
}

const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;

let stopping = false;
const stoppers: (() => Promise<void>)[] = [];
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Accord…');
  for (const stop of stoppers.reverse()) await stop().catch((e) => console.error(e));
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const stack = await startStack(config, {
    log: (m) => console.log(dim(`  ${m}`)),
    // A service that stopped and is started again is news, not detail.
    warn: (m) => console.log(`  ${bold(m)}`),
  });
  stoppers.push(stack.stop);
  if (withApp) {
    const app = await startApp(config);
    stoppers.push(app.stop);
  }
} catch (error) {
  console.error(`\nAccord could not start: ${(error as Error).message}`);
  await shutdown(1);
}

// From the Node process's own start, so tsx's compile time is counted too.
const seconds = process.uptime().toFixed(1);
const lines = [
  '',
  bold(`Accord is running (ready in ${seconds} s)`),
  '',
  withApp ? `  App            ${config.appUrl}` : `  App            not started (--no-app)`,
  `  API            ${config.apiUrl}  (/auth/v1, /rest/v1, /storage/v1, /functions/v1, /realtime/v1)`,
  `  Inbox          ${config.inboxUrl}  (every e-mail the app sends lands here)`,
  `  Database       ${config.dbUrl}`,
  '',
  `  Anon key       ${config.keys.anonKey}`,
  `  Service key    ${dim('in supabase/local/dev-keys.json (local only, never in the browser)')}`,
  '',
  '  Demo accounts (sign in with a magic link, then open it from the inbox):',
  ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(32)} ${dim(a.role)}`),
  '',
  `  Identity provider (local OpenID Connect, "keycloak" in config.toml) http://localhost:${config.ports.idp}${REALM_PATH}`,
  `  Its accounts, all with the password ${bold(IDP_PASSWORD)}:`,
  ...IDP_USERS.map((u) => `    ${u.email.padEnd(32)} ${dim(u.emailVerified ? u.name : `${u.name} (address not verified by the provider)`)}`),
  '',
  dim('  Ctrl-C stops everything.'),
  '',
];
console.log(lines.join('\n'));
