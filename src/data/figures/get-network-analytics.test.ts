import { describe, expect, it } from 'vitest';

import { networkAnalyticsJson } from '../../testing/network-analytics-fixture';
import { DataError } from '../errors';
import { parseNetworkAnalytics, UNEXPECTED_SHAPE_MESSAGE } from './get-network-analytics';

describe('parseNetworkAnalytics', () => {
  it('reads network_analytics’ jsonb into the app’s names', () => {
    const parsed = parseNetworkAnalytics(networkAnalyticsJson('2026-10-26', '2026-11-24'));
    expect(parsed.bucket).toBe('day');
    expect(parsed.growth).toHaveLength(30);
    expect(parsed.growth[0]).toEqual({ periodStart: '2026-10-26', newMembers: 0, activeMembers: 40 });
    expect(parsed.funnel).toEqual({ started: 31, submitted: 24, approved: 17, rejected: 3, medianDaysToDecision: 4.5 });
    expect(parsed.sectors[0]).toEqual({ sector: 'education', members: 14 });
    expect(parsed.countries[0]).toEqual({ country: 'NL', members: 16 });
    expect(parsed.lookupsCountedSince).toBe('2026-11-02T08:15:00+00:00');
  });

  it('accepts a period with no decisions and lookups not yet counted', () => {
    const parsed = parseNetworkAnalytics(networkAnalyticsJson('2026-01-01', '2026-11-24', { quiet: true, countedSince: null }));
    expect(parsed.bucket).toBe('week');
    expect(parsed.funnel.medianDaysToDecision).toBeNull();
    expect(parsed.lookupsCountedSince).toBeNull();
  });

  it.each([
    ['not an object', null],
    ['an unknown bucket', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), bucket: 'year' }],
    ['a missing list', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), growth: undefined }],
    ['a negative count', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), sectors: [{ sector: 'legal', members: -1 }] }],
    ['a count as text', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), lookups: [{ period_start: '2026-11-01', lookups: '3' }] }],
    ['a date that is not one', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), from: 'last week' }],
    ['a median as text', { ...networkAnalyticsJson('2026-11-01', '2026-11-24'), funnel: { started: 1, submitted: 1, approved: 1, rejected: 0, median_days_to_decision: '2' } }],
  ])('refuses %s with one sentence', (_, value) => {
    let thrown: unknown;
    try {
      parseNetworkAnalytics(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataError);
    expect((thrown as DataError).message).toBe(UNEXPECTED_SHAPE_MESSAGE);
  });
});
