import { formatCount } from '../../components/formats';

/**
 * The dashboard's trends in words: a figure against the same days of the
 * month before, said as "Up 3 from 5 in 1–24 October". The arrow beside it
 * repeats the direction for the eye; the words carry it for everyone, so
 * nothing depends on colour (and none is used: more pending applications is
 * neither good nor bad news by itself).
 */
export type TrendDirection = 'up' | 'down' | 'same';

export interface Trend {
  direction: TrendDirection;
  /** ↑, ↓ or →: shown, hidden from screen readers (the text says it). */
  arrow: string;
  text: string;
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "1–24 October", or "1 October" for a one-day period; both days in the same month (YYYY-MM-DD, UTC). */
export function formatDays(from: string, to: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  return from === to ? dayMonth.format(start) : `${dayOnly.format(start)}–${dayMonth.format(end)}`;
}

/** "24 October" (YYYY-MM-DD, UTC). */
export function formatDayMonth(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

/** "24 Nov 2026" for an instant, as the UTC day it fell on (the figures count UTC days). */
export function formatCountedSince(iso: string): string {
  return dayMonthYear.format(new Date(iso));
}

/**
 * `current` against `previous`; `when` names the previous point or period as
 * it reads after the number: "in 1–24 October", "on 24 October".
 */
export function describeTrend(current: number, previous: number, when: string): Trend {
  const difference = current - previous;
  if (difference > 0) return { direction: 'up', arrow: '↑', text: `Up ${formatCount(difference)} from ${formatCount(previous)} ${when}` };
  if (difference < 0) return { direction: 'down', arrow: '↓', text: `Down ${formatCount(-difference)} from ${formatCount(previous)} ${when}` };
  return { direction: 'same', arrow: '→', text: `No change from ${formatCount(previous)} ${when}` };
}
