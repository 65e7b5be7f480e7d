import { describe, expect, it } from 'vitest';

import { choosePeriod, isDay, parsePeriodAddress, presetRange, resolvePeriod, serializePeriodAddress, type PeriodAddress } from './analytics-period';

const TODAY = '2026-11-24';
const custom = (from: string, to: string): PeriodAddress => ({ period: 'custom', from, to });

describe('the period in the address', () => {
  it('reads the default (12 months) from a bare address and writes it back as a bare address', () => {
    const address = parsePeriodAddress(new URLSearchParams(''));
    expect(address).toEqual({ period: '12m', from: '', to: '' });
    expect(serializePeriodAddress(address).toString()).toBe('');
  });

  it('round-trips a named period and a custom one', () => {
    for (const search of ['period=30d', 'period=90d', 'period=all', 'period=custom&from=2026-01-01&to=2026-03-31']) {
      expect(serializePeriodAddress(parsePeriodAddress(new URLSearchParams(search))).toString()).toBe(search);
    }
  });

  it('ignores what it does not recognise: an unknown period, dates on a named period, dates not shaped like dates', () => {
    expect(parsePeriodAddress(new URLSearchParams('period=5y'))).toEqual({ period: '12m', from: '', to: '' });
    expect(parsePeriodAddress(new URLSearchParams('period=30d&from=2026-01-01'))).toEqual({ period: '30d', from: '', to: '' });
    expect(parsePeriodAddress(new URLSearchParams('period=custom&from=yesterday&to=2026-02-01'))).toEqual(custom('', '2026-02-01'));
  });
});

describe('what a named period means today', () => {
  it('30 and 90 days end today and count today', () => {
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-10-26', to: TODAY });
    expect(presetRange('90d', TODAY)).toEqual({ from: '2026-08-27', to: TODAY });
  });

  it('12 months start on the first of the month a year back, so every month is whole', () => {
    expect(presetRange('12m', TODAY)).toEqual({ from: '2025-11-01', to: TODAY });
    expect(presetRange('12m', '2026-01-31')).toEqual({ from: '2025-01-01', to: '2026-01-31' });
  });

  it('all time reaches back as far as the database answers (under 10 years)', () => {
    expect(presetRange('all', TODAY)).toEqual({ from: '2017-01-01', to: TODAY });
    expect(resolvePeriod({ period: 'all', from: '', to: '' }, '2026-12-31').error).toBeNull();
  });
});

describe('a custom period', () => {
  it('is shown when both days are real dates, in order, not after today and at most 10 years apart', () => {
    expect(resolvePeriod(custom('2026-01-01', '2026-03-31'), TODAY)).toEqual({ range: { from: '2026-01-01', to: '2026-03-31' }, error: null });
    expect(resolvePeriod(custom(TODAY, TODAY), TODAY).error).toBeNull();
    expect(resolvePeriod(custom('2016-11-24', TODAY), TODAY).error).toBeNull();
  });

  it('says which day is missing', () => {
    expect(resolvePeriod(custom('', '2026-03-31'), TODAY).error).toBe('Choose the first day of the period.');
    expect(resolvePeriod(custom('2026-01-01', ''), TODAY).error).toBe('Choose the last day of the period.');
  });

  it('refuses a day that is not in the calendar', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(resolvePeriod(custom('2026-02-30', '2026-03-31'), TODAY).error).toBe('The first day, 2026-02-30, is not a date in the calendar.');
    expect(resolvePeriod(custom('2026-01-01', '2026-13-01'), TODAY).error).toBe('The last day, 2026-13-01, is not a date in the calendar.');
  });

  it('refuses a first day after the last, a last day after today and more than 10 years', () => {
    expect(resolvePeriod(custom('2026-03-02', '2026-03-01'), TODAY).error).toBe('The first day must be on or before the last day.');
    expect(resolvePeriod(custom('2026-11-01', '2026-11-25'), TODAY).error).toBe('The last day cannot be after today.');
    expect(resolvePeriod(custom('2016-11-23', TODAY), TODAY).error).toBe('A period can be at most 10 years long.');
    expect(resolvePeriod(custom('2016-11-23', TODAY), TODAY).range).toBeNull();
  });

  it('starts from the dates the named period covered when chosen, and keeps its own dates otherwise', () => {
    expect(choosePeriod({ period: '30d', from: '', to: '' }, 'custom', TODAY)).toEqual(custom('2026-10-26', TODAY));
    expect(choosePeriod(custom('2026-01-01', '2026-02-01'), 'custom', TODAY)).toEqual(custom('2026-01-01', '2026-02-01'));
    expect(choosePeriod(custom('2026-01-01', '2026-02-01'), '90d', TODAY)).toEqual({ period: '90d', from: '', to: '' });
  });
});
