/**
 * The period the network's figures cover: a few named periods and custom
 * dates, as the address holds them (?period=90d, ?period=custom&from=…&to=…),
 * and the first and last day each one means on a given day. Days are UTC
 * calendar days, as the database counts them.
 */

export type PeriodPreset = '30d' | '90d' | '12m' | 'all' | 'custom';

export interface PeriodAddress {
  period: PeriodPreset;
  /** YYYY-MM-DD; only a custom period keeps them. */
  from: string;
  to: string;
}

export interface PeriodRange {
  from: string;
  to: string;
}

export type ResolvedPeriod = { range: PeriodRange; error: null } | { range: null; error: string };

export const DEFAULT_PERIOD: PeriodPreset = '12m';

export const PERIOD_OPTIONS: { value: PeriodPreset; label: string }[] = [
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom dates' },
];

/** The longest period network_analytics answers for (it refuses longer ones with invalid_period). */
export const MAX_PERIOD_YEARS = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PRESETS = new Set<string>(PERIOD_OPTIONS.map((option) => option.value));

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in UTC, YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function firstOfMonth(day: string, monthsBack: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
}

/** The same day `years` years earlier (29 February becomes 1 March). */
function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - years, month - 1, date)).toISOString().slice(0, 10);
}

/** Reads the period from the address; anything unrecognised means the default. */
export function parsePeriodAddress(params: URLSearchParams): PeriodAddress {
  const raw = params.get('period') ?? '';
  const period = PRESETS.has(raw) ? (raw as PeriodPreset) : DEFAULT_PERIOD;
  if (period !== 'custom') return { period, from: '', to: '' };
  // Kept as typed (if shaped like a date) so the form shows it and says what is wrong with it.
  const read = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return { period, from: read('from'), to: read('to') };
}

export function serializePeriodAddress(address: PeriodAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.period !== DEFAULT_PERIOD) params.set('period', address.period);
  if (address.period === 'custom') {
    if (address.from) params.set('from', address.from);
    if (address.to) params.set('to', address.to);
  }
  return params;
}

/**
 * The first and last day a named period means on `today`:
 * 30 and 90 days end today (so the database counts them by day and by week);
 * 12 months start on the first of the month a year back, so each bar is a
 * whole calendar month (and this month so far), which is what a period over
 * a year gets from the database; "all time" is as far back as the database
 * answers, from 1 January nine years before this one.
 */
export function presetRange(period: Exclude<PeriodPreset, 'custom'>, today: string): PeriodRange {
  switch (period) {
    case '30d':
      return { from: shiftDays(today, -29), to: today };
    case '90d':
      return { from: shiftDays(today, -89), to: today };
    case '12m':
      return { from: firstOfMonth(today, 12), to: today };
    case 'all':
      return { from: `${Number(today.slice(0, 4)) - (MAX_PERIOD_YEARS - 1)}-01-01`, to: today };
  }
}

/** What the address's period means today, or why a custom period cannot be shown. */
export function resolvePeriod(address: PeriodAddress, today: string): ResolvedPeriod {
  if (address.period !== 'custom') return { range: presetRange(address.period, today), error: null };
  const { from, to } = address;
  if (!from) return { range: null, error: 'Choose the first day of the period.' };
  if (!isDay(from)) return { range: null, error: `The first day, ${from}, is not a date in the calendar.` };
  if (!to) return { range: null, error: 'Choose the last day of the period.' };
  if (!isDay(to)) return { range: null, error: `The last day, ${to}, is not a date in the calendar.` };
  if (from > to) return { range: null, error: 'The first day must be on or before the last day.' };
  if (to > today) return { range: null, error: 'The last day cannot be after today.' };
  if (from < yearsBefore(to, MAX_PERIOD_YEARS)) return { range: null, error: `A period can be at most ${MAX_PERIOD_YEARS} years long.` };
  return { range: { from, to }, error: null };
}

/** The address after choosing a period: a custom period starts from the dates the previous one covered. */
export function choosePeriod(current: PeriodAddress, period: PeriodPreset, today: string): PeriodAddress {
  if (period !== 'custom') return { period, from: '', to: '' };
  if (current.period === 'custom') return current;
  const range = presetRange(current.period, today);
  return { period, from: range.from, to: range.to };
}
