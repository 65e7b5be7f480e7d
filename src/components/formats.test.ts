import { describe, expect, it } from 'vitest';

import { formatBillingPeriod, formatCount, formatDay, formatDayAndTime, formatEuro, formatLongDate, formatTime } from './formats';

// The formats must read exactly as the Intl formatters they replace (Node has full ICU).
const intlCount = new Intl.NumberFormat('en-GB');
const intlWholeEuros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const intlEuroCents = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const intlLongDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('formatCount', () => {
  it('groups thousands as en-GB does', () => {
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount(0)).toBe('0');
    for (const value of [1, 12, 999, 1000, 12345, 999999, 1000000, 123456789, -4200, 2.5, 1234.5678]) {
      expect(formatCount(value)).toBe(intlCount.format(value));
    }
  });
});

describe('formatEuro', () => {
  it('writes whole amounts without cents and others with two decimals, as en-IE does', () => {
    expect(formatEuro(2400)).toBe('€2,400');
    expect(formatEuro(0.45)).toBe('€0.45');
    expect(formatEuro(0.6)).toBe('€0.60');
    for (const value of [0, 5, 290, 1200, 2400, 15000, 1250000]) expect(formatEuro(value)).toBe(intlWholeEuros.format(value));
    for (const value of [0.05, 0.1, 0.45, 0.6, 1.25, 1234.5, 0.999]) expect(formatEuro(value)).toBe(intlEuroCents.format(value));
  });
});

describe('formatLongDate', () => {
  it('writes the UTC day with the month in full', () => {
    expect(formatLongDate(new Date('2026-11-03T09:00:00Z'))).toBe('3 November 2026');
    // Late in the evening west of Greenwich is already the next day in UTC.
    expect(formatLongDate(new Date('2026-06-02T23:30:00-05:00'))).toBe('3 June 2026');
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2025, month, 28 + (month % 3)));
      expect(formatLongDate(date)).toBe(intlLongDate.format(date));
    }
  });

  it('writes nothing for an invalid date', () => {
    expect(formatLongDate(new Date('not a date'))).toBe('');
  });
});

describe('formatDay, formatDayAndTime and formatTime', () => {
  it('read as en-GB in the reader\'s time zone, and a missing or unreadable date as a dash', () => {
    const iso = '2026-11-22T14:05:00Z';
    const date = new Date(iso);
    expect(formatDay(iso)).toBe(new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date));
    expect(formatDayAndTime(iso)).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date));
    expect(formatTime(iso)).toBe(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(date));
    for (const missing of [null, undefined, '', 'not a date']) {
      expect(formatDay(missing)).toBe('—');
      expect(formatDayAndTime(missing)).toBe('—');
      expect(formatTime(missing)).toBe('—');
    }
  });
});

describe('formatBillingPeriod', () => {
  it('shows the last day a period with an exclusive end covers, across month and year ends and leap days', () => {
    expect(formatBillingPeriod('2026-09-01', '2026-10-01')).toBe('1 Sep 2026 – 30 Sep 2026');
    expect(formatBillingPeriod('2026-12-01', '2027-12-01')).toBe('1 Dec 2026 – 30 Nov 2027');
    expect(formatBillingPeriod('2028-02-01', '2028-03-01')).toBe('1 Feb 2028 – 29 Feb 2028');
    expect(formatBillingPeriod('2026-12-15', '2027-01-01')).toBe('15 Dec 2026 – 31 Dec 2026');
  });

  it('shows no date without both ends', () => {
    expect(formatBillingPeriod(null, '2026-10-01')).toBe(formatBillingPeriod('2026-09-01', null));
  });
});
