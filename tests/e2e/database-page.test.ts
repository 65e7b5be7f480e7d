import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { ageSecondFactor, awayFromStepBoundary, enrolVerifiedTotp, TOTP_PERIOD_MS, totpCode } from '../support/mfa.ts';
import { checkPageWidths } from '../support/page-widths.ts';
import { openWithSession, signInWithCode } from '../support/sign-in.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * /admin/database in Chromium against the test stack (issue 27, decision 075):
 * a system administrator who signed in with their code sees every section
 * with the database's own figures, at 1280 and 360 px with nothing serious
 * for axe, resets the query statistics (their code is minutes old), and
 * backs up the database and runs a restore drill that turns green
 * (decision 077). An administrator whose code is older than 10 minutes is
 * asked for one where they are, and the action they pressed then goes ahead.
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const WAIT = { timeout: 30_000 };
/** A backup, or a drill that builds a whole database from the migrations, on a loaded 2-core machine. */
const RECOVERY_WAIT = { timeout: 240_000 };

let browser: Browser;
let admin: TestUser;
let secret = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newUser('db-e2e-admin');
  await makeSystemAdmin(admin);
  ({ secret } = await enrolVerifiedTotp(admin.client));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the database page', () => {
  it('shows every section with real figures, and resets the query statistics', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInWithCode(page, admin.email, secret);
    await page.goto(app('/admin/database'));
    await appStarted(page);
    await page.getByRole('heading', { level: 1, name: 'Database' }).waitFor(WAIT);

    const [{ max }] = await sql<{ max: number }>(
      `select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
              - current_setting('reserved_connections')::int as max`,
    );
    const health = page.getByRole('region', { name: 'Health' });
    await health.getByText(new RegExp(`\\d+ of ${max} connections in use`)).waitFor(WAIT);

    const queries = page.getByRole('region', { name: 'Query performance' });
    await queries.getByRole('table', { name: 'Statements by total time' }).waitFor(WAIT);

    const space = page.getByRole('region', { name: 'Space and indexes' });
    await space.getByRole('table', { name: 'Largest tables' }).getByText('public.organizations', { exact: true }).waitFor(WAIT);

    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    const schema = page.getByRole('region', { name: 'Schema' });
    await schema.getByText(`All ${n} migrations this build expects are applied, and no other.`).waitFor(WAIT);
    await schema.getByText(/exposed tables have row-level security and at least one policy\./).waitFor(WAIT);

    const advisors = page.getByRole('region', { name: 'Advisors' });
    await advisors.getByText(/Last run|A run asked for|have not run yet/).waitFor(WAIT);

    await checkPageWidths(page, 'admin-database');

    const [before] = await sql<{ stats_reset: Date }>('select stats_reset from extensions.pg_stat_statements_info');
    await queries.getByRole('button', { name: 'Reset statistics' }).click();
    await expect
      .poll(async () => (await sql<{ stats_reset: Date }>('select stats_reset from extensions.pg_stat_statements_info'))[0].stats_reset.getTime(), WAIT)
      .toBeGreaterThan(before.stats_reset.getTime());
    expect(await queries.getByRole('alert').allTextContents()).toEqual([]);
    const logged = await sql(`select 1 from public.network_activity where actor_id = $1 and action = 'database.query_statistics_reset'`, [admin.id]);
    expect(logged).toHaveLength(1);

    // Recovery: the runner's nightly backup and drill of this new database must be out of the way first.
    await expect
      .poll(
        async () =>
          (await sql(`select 1 from private.database_backups where status in ('requested', 'running')
                      union all select 1 from private.database_restore_drills where status in ('requested', 'running')`)).length,
        RECOVERY_WAIT,
      )
      .toBe(0);
    const recovery = page.getByRole('region', { name: 'Recovery' });
    await recovery.getByRole('button', { name: 'Back up now' }).click();
    // The one asked for here, not the nightly one ("Last backup … (nightly): …") shown before.
    await recovery.getByText(/^Last backup [^(]+: .* stored files/).waitFor(RECOVERY_WAIT);
    const [backup] = await sql<{ id: string; status: string }>(
      'select id::text, status from private.database_backups where requested_by = $1 order by id desc limit 1',
      [admin.id],
    );
    expect(backup.status).toBe('done');
    await recovery.getByRole('button', { name: 'Run drill' }).click();
    await recovery.getByText(new RegExp(`restored backup ${backup.id} into a fresh database .* stored files are equal\\.$`)).waitFor(RECOVERY_WAIT);
    await recovery.getByText('Drill passed', { exact: true }).waitFor(WAIT);
    expect(await recovery.getByRole('alert').allTextContents()).toEqual([]);
  }, 600_000);

  it('asks an administrator whose code is more than 10 minutes old for one in place, then runs the action', async () => {
    const stale = await newUser('db-e2e-stale-admin');
    await makeSystemAdmin(stale);
    const factor = await enrolVerifiedTotp(stale.client);
    const session = await ageSecondFactor(stale.client);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await openWithSession(page, session, '/admin/database');
    await appStarted(page);
    const queries = page.getByRole('region', { name: 'Query performance' });
    await queries.getByRole('table', { name: 'Statements by total time' }).waitFor(WAIT);

    await queries.getByRole('button', { name: 'Reset statistics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor(WAIT);
    const field = dialog.getByRole('textbox', { name: '6-digit code' });
    await expect.poll(() => field.evaluate((element) => element === element.ownerDocument.activeElement), WAIT).toBe(true);

    await field.fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That code is not right. Check the six digits in your authenticator app and try again.').waitFor(WAIT);
    expect(await sql(`select 1 from public.network_activity where actor_id = $1 and action = 'database.query_statistics_reset'`, [stale.id])).toHaveLength(0);

    // The enrolment used this step's code; the next step's is accepted too.
    await awayFromStepBoundary();
    await field.fill(totpCode(factor.secret, Date.now() + TOTP_PERIOD_MS));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    // The reset that was refused ran by itself once the code was given: once, logged as this administrator's.
    await expect
      .poll(async () => (await sql(`select 1 from public.network_activity where actor_id = $1 and action = 'database.query_statistics_reset'`, [stale.id])).length, WAIT)
      .toBe(1);
    await page.getByText('Query statistics reset').first().waitFor(WAIT);
    expect(await queries.getByRole('alert').allTextContents()).toEqual([]);
  }, 120_000);
});
