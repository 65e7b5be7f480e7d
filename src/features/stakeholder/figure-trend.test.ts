import { describe, expect, it } from 'vitest';

import { describeTrend, formatCountedSince, formatDayMonth, formatDays } from './figure-trend';

describe('the dashboard trends in words', () => {
  it('says the direction, the difference and what it is compared with', () => {
    expect(describeTrend(8, 5, 'in 1–24 October')).toEqual({ direction: 'up', arrow: '↑', text: 'Up 3 from 5 in 1–24 October' });
    expect(describeTrend(2, 6, 'on 24 October')).toEqual({ direction: 'down', arrow: '↓', text: 'Down 4 from 6 on 24 October' });
    expect(describeTrend(4, 4, 'in 1–24 October')).toEqual({ direction: 'same', arrow: '→', text: 'No change from 4 in 1–24 October' });
    expect(describeTrend(12_345, 0, 'in 1 October').text).toBe('Up 12,345 from 0 in 1 October');
  });

  it('names the days compared in UTC, as the database counts them', () => {
    expect(formatDays('2026-10-01', '2026-10-24')).toBe('1–24 October');
    expect(formatDays('2026-10-01', '2026-10-01')).toBe('1 October');
    expect(formatDayMonth('2026-02-28')).toBe('28 February');
    expect(formatCountedSince('2026-11-24T23:59:00Z')).toBe('24 Nov 2026');
  });
});
