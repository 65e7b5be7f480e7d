import { stackConfig } from './config.ts';
import { startPostgres } from './postgres.ts';
import { portInUse } from './with-database.ts';

/** `npm run db:reset`: rebuild the development database from bootstrap, migrations and seed. */
const config = stackConfig('dev');
if (await portInUse(config.ports.db)) {
  console.error(`The development database is in use on port ${config.ports.db}. Stop \`npm start\` (Ctrl-C) first, then run this again.`);
  process.exit(1);
}
const started = Date.now();
const db = await startPostgres(config, { fresh: true, log: (m) => console.log(`  ${m}`) });
await db.stop();
console.log(`Database rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s (${config.pgDataDir}).`);
