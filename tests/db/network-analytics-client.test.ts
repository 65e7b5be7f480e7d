import { beforeAll, describe, expect, it } from 'vitest';
import { presetRange, resolvePeriod, todayUtc } from '../../src/components/figures/analytics-period.ts';
import type { AccordClient } from '../../src/data/client.ts';
import { DataError } from '../../src/data/errors.ts';
import { getNetworkAnalytics, INVALID_PERIOD_MESSAGE, NOT_ALLOWED_FIGURES_MESSAGE } from '../../src/data/figures/get-network-analytics.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The app's door to network_analytics (src/data/figures, decision 063) against
 * the real database: the real answer passes the app's parser for every named
 * period, the database's refusals become the app's sentences, and the page's
 * rule for custom dates (analytics-period.ts) accepts exactly the periods the
 * database accepts, so a period the page lets through is never refused.
 */
let stakeholder: TestUser;
let member: TestUser;
const as = (user: TestUser) => user.client as unknown as AccordClient;

async function refusal(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

beforeAll(async () => {
  stakeholder = await newUser('analytics-stakeholder');
  await sql(`insert into public.stakeholders (user_id, affiliation, granted_by) values ($1, 'Analytics test', null)`, [stakeholder.id]);
  member = await newUser('analytics-member');
  // Its creator is the organisation's admin.
  await createOrganization(member, { status: 'approved' });
});

describe('getNetworkAnalytics', () => {
  it('reads the real answer for every named period, in the bucket the page expects', async () => {
    const today = todayUtc();
    const expected = { '30d': 'day', '90d': 'week', '12m': today.endsWith('-01') ? 'week' : 'month', all: 'month' } as const;
    for (const [period, bucket] of Object.entries(expected)) {
      const range = presetRange(period as keyof typeof expected, today);
      const figures = await getNetworkAnalytics(as(stakeholder), range);
      expect(figures.bucket, period).toBe(bucket);
      expect([figures.from, figures.to]).toEqual([range.from, range.to]);
      expect(figures.growth[0]?.periodStart, period).toBe(range.from);
    }
  });

  it('gives an organisation member, who may not read the figures, the app’s sentence', async () => {
    const error = await refusal(getNetworkAnalytics(as(member), presetRange('30d', todayUtc())));
    expect(error.message).toBe(NOT_ALLOWED_FIGURES_MESSAGE);
    expect(error.code).toBe('42501');
  });

  it('gives a period the database refuses the app’s sentence', async () => {
    const error = await refusal(getNetworkAnalytics(as(stakeholder), { from: '2026-03-02', to: '2026-03-01' }));
    expect(error.message).toBe(INVALID_PERIOD_MESSAGE);
    expect(error.code).toBe('22023');
  });

  it('agrees with the page on the longest period, leap days included', async () => {
    const cases = [
      ['2016-01-01', '2026-01-01'],
      ['2015-12-31', '2026-01-01'],
      ['2018-02-28', '2028-02-28'],
      ['2018-02-28', '2028-02-29'],
      ['2018-03-01', '2028-02-29'],
      ['2016-02-29', '2026-02-28'],
      ['2016-02-29', '2026-03-01'],
      ['2016-03-01', '2026-03-01'],
    ] as const;
    for (const [from, to] of cases) {
      const page = resolvePeriod({ period: 'custom', from, to }, '2030-01-01').error === null;
      const database = await getNetworkAnalytics(as(stakeholder), { from, to }).then(
        () => true,
        () => false,
      );
      expect(page, `${from} to ${to}: the page ${page ? 'accepts' : 'refuses'} it, the database ${database ? 'accepts' : 'refuses'} it`).toBe(database);
    }
  });
});
