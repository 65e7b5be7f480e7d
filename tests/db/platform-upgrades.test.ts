import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';

/**
 * supabase/local/platform-upgrades.sql brings a local database created before a
 * platform schema change up to date; every start runs it. Here a database "from
 * before" is made by undoing the change inside a transaction, the file is run
 * twice (as two starts would), and the schema must be the current one.
 */
const config = stackConfig('test');
const upgrades = readFileSync(join(import.meta.dirname, '../../supabase/local/platform-upgrades.sql'), 'utf8');
let client: pg.Client;

const flowStateColumns = async () =>
  (
    await client.query<{ column_name: string; is_nullable: string }>(
      `select column_name, is_nullable from information_schema.columns where table_schema = 'auth' and table_name = 'flow_state' order by column_name`,
    )
  ).rows;

beforeAll(async () => {
  client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
});

describe('platform upgrades', () => {
  it('bring a database bootstrapped before GoTrue added the OAuth context to flow_state up to date, and can run again', async () => {
    const current = await flowStateColumns();
    expect(current.map((c) => c.column_name)).toEqual(expect.arrayContaining(['referrer', 'linking_target_id', 'email_optional']));
    await client.query('begin');
    try {
      await client.query(`alter table auth.flow_state drop column invite_token, drop column referrer, drop column oauth_client_state_id,
        drop column linking_target_id, drop column email_optional`);
      expect((await flowStateColumns()).map((c) => c.column_name)).not.toContain('referrer');
      await client.query(upgrades);
      await client.query(upgrades);
      expect(await flowStateColumns()).toEqual(current);
    } finally {
      await client.query('rollback');
    }
  });
});
