import { describe, expect, it } from 'vitest';
import { connectionPeak, goalLine, latencySummary, noErrors, percentile, phaseLines } from './load-figures';

describe('percentile', () => {
  it('takes the nearest rank of an ascending list', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
  });

  it('rounds the rank up on a short list and never leaves it', () => {
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 95)).toBe(30);
    expect(percentile([7], 0)).toBe(7);
  });

  it('has no value for no samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('latencySummary', () => {
  it('sorts a copy and leaves the samples as they were', () => {
    const samples = [30, 10, 20, 40];
    expect(latencySummary(samples)).toEqual({ count: 4, p50: 20, p95: 40, p99: 40, max: 40 });
    expect(samples).toEqual([30, 10, 20, 40]);
  });
});

describe('connectionPeak', () => {
  it('keeps the busiest moment with its roles, and the most running at once from any moment', () => {
    const peak = connectionPeak([
      { total: 5, active: 4, byRole: { authenticator: 4, postgres: 1 } },
      { total: 12, active: 2, byRole: { authenticator: 10, postgres: 2 } },
      { total: 8, active: 1, byRole: { authenticator: 8 } },
    ]);
    expect(peak).toEqual({ peak: 12, peakByRole: { authenticator: 10, postgres: 2 }, peakActive: 4, samples: 3 });
  });
});

describe('phaseLines', () => {
  const figures = {
    requests: 30_000,
    seconds: 30,
    latency: { count: 30_000, p50: 4.25, p95: 38, p99: 61, max: 140 },
    errors: { non2xx: 3, fiveXx: 1, timeouts: 2, failed: 0 },
    connections: { peak: 14, peakByRole: { postgres: 2, authenticator: 12 }, peakActive: 9, samples: 300 },
  };

  it('says throughput, latency, errors and the connections used', () => {
    expect(phaseLines(figures)).toEqual([
      '    throughput  1000.0 req/s (30000 requests in 30.0 s)',
      '    latency     p50   4.3 ms   p95    38 ms   p99    61 ms   max   140 ms',
      '    errors      non-2xx 3 (5xx 1), timeouts 2, failed 0',
      '    Postgres    peak 14 connections (authenticator 12, postgres 2), peak 9 running a statement (300 samples)',
    ]);
  });

  it('counts any non-2xx, timeout or failure as an error', () => {
    expect(noErrors(figures.errors)).toBe(false);
    expect(noErrors({ non2xx: 0, fiveXx: 0, timeouts: 0, failed: 0 })).toBe(true);
    expect(noErrors({ non2xx: 0, fiveXx: 0, timeouts: 0, failed: 1 })).toBe(false);
  });

  it('marks a goal ok or MISSED', () => {
    expect(goalLine('p95 ≤ 50 ms', true)).toBe('    goal p95 ≤ 50 ms: ok');
    expect(goalLine('p95 ≤ 50 ms', false)).toBe('    goal p95 ≤ 50 ms: MISSED');
  });
});
