/**
 * Number and date formats of the public pages, written out rather than built
 * with `Intl`: the first `Intl` formatter a page creates costs Chromium ~20 ms
 * (loading ICU's locale data), 80 ms on Lighthouse's throttled phone, which
 * the home page, pricing and the registry would each pay during hydration for
 * a handful of figures. The output is the en-GB / en-IE `Intl` output
 * (formats.test.ts checks them against it), and the same in every browser
 * and in the prerenderer.
 *
 * The back office's and member area's days and times are shown in the reader's
 * own time zone, which only `Intl` knows; those formatters are built on first
 * use, so a public page that never shows one never pays for them.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "10,000"; fractions rounded to at most three decimals, as `Intl.NumberFormat('en-GB')` does. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.');
  return `${sign}${groupThousands(whole!)}${fraction ? `.${fraction}` : ''}`;
}

/** "€2,400" for whole amounts, "€0.45" otherwise. */
export function formatEuro(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = groupThousands(String(Math.floor(cents / 100)));
  return Number.isInteger(amount) ? `${sign}€${whole}` : `${sign}€${whole}.${String(cents % 100).padStart(2, '0')}`;
}

const CURRENCY_SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$' };

/** "€2,400", "£90.50", "CHF 1,200": an amount in a plan's currency (ISO 4217 code). */
export function formatPrice(amount: number, currency: string): string {
  const euro = formatEuro(amount);
  const symbol = CURRENCY_SYMBOLS[currency];
  if (currency === 'EUR') return euro;
  return symbol ? euro.replace('€', symbol) : `${currency} ${euro.replace('€', '')}`;
}

/** "3 November 2026": the date as it is in UTC, so every visitor reads the same day. */
export function formatLongDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** What a missing or unreadable date shows as, everywhere. */
export const NO_DATE = '—';

let dayFormat: Intl.DateTimeFormat | undefined;
let dayAndTimeFormat: Intl.DateTimeFormat | undefined;

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "22 Nov 2026" in the reader's time zone: for dates where the time of day does not matter (joined, created). */
export function formatDay(iso: string | null | undefined): string {
  const date = readDate(iso);
  if (!date) return NO_DATE;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(date);
}

/** "22 Nov 2026, 14:05" in the reader's time zone: for events a person may need to place exactly (sent, expires, signed in). */
export function formatDayAndTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  if (!date) return NO_DATE;
  dayAndTimeFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dayAndTimeFormat.format(date);
}

let timeFormat: Intl.DateTimeFormat | undefined;

/** "14:05" in the reader's time zone. */
export function formatTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  if (!date) return NO_DATE;
  timeFormat ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
  return timeFormat.format(date);
}

/** A changed value as a person reads it: "(empty)" for nothing, so "Website: (empty) → https://…" says what was added. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A billing amount from integer minor units: "€1,452.00", "-£90.50", "CHF 1,200.00".
 * The one formatter of amounts on the billing pages, and the same one the
 * invoice PDF prints with (supabase/functions/_shared/billing/money.ts, an
 * import-free module the functions share), so a page and its document never
 * disagree by a character. The pages compute no amount: they show what the
 * database stored.
 */
export { formatMinor as formatMoney, formatRateBp as formatVatRate } from '../../supabase/functions/_shared/billing/money';

/** "27 Dec 2026" for a calendar day (YYYY-MM-DD, no time): the same day in every time zone. */
export function formatCalendarDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return NO_DATE;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]!.slice(0, 3)} ${match[1]}`;
}

/**
 * "1 Sep 2026 – 30 Sep 2026" for a billing period stored with an exclusive end
 * (2026-09-01, 2026-10-01): the last day it covers, as the invoice prints it.
 */
export function formatBillingPeriod(start: string | null | undefined, endExclusive: string | null | undefined): string {
  const match = endExclusive ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(endExclusive) : null;
  if (!start || !match) return NO_DATE;
  const last = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1)).toISOString().slice(0, 10);
  return `${formatCalendarDay(start)} – ${formatCalendarDay(last)}`;
}
