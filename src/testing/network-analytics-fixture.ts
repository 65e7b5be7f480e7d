/**
 * network_analytics' answer as the database sends it (snake_case jsonb,
 * supabase/migrations/20261129000400_network-figures.sql), for any period:
 * buckets chosen by length and started as the database starts them (the
 * first at `from`, weeks from Monday, months from the 1st), with figures that
 * grow steadily. Component tests pass it through parseNetworkAnalytics, the
 * same door the real answer goes through.
 */
export interface FixtureOptions {
  /** Every count zero: a period in which nothing happened. */
  quiet?: boolean;
  /** Lookups counted since this time, or null when counting has not begun. */
  countedSince?: string | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const utc = (value: string) => new Date(`${value}T00:00:00Z`);

function bucketStarts(from: string, to: string, bucket: 'day' | 'week' | 'month'): string[] {
  const starts: string[] = [];
  const cursor = utc(from);
  if (bucket === 'week') cursor.setUTCDate(cursor.getUTCDate() - ((cursor.getUTCDay() + 6) % 7));
  if (bucket === 'month') cursor.setUTCDate(1);
  while (day(cursor) <= to) {
    starts.push(day(cursor) < from ? from : day(cursor));
    if (bucket === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else if (bucket === 'week') cursor.setUTCDate(cursor.getUTCDate() + 7);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return starts;
}

export function networkAnalyticsJson(from: string, to: string, options: FixtureOptions = {}): Record<string, unknown> {
  const days = Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000) + 1;
  const bucket = days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
  const starts = bucketStarts(from, to, bucket);
  const q = options.quiet ? 0 : 1;
  let active = 40 * q;
  return {
    from,
    to,
    bucket,
    growth: starts.map((start, index) => {
      const joined = ((index * 7) % 5) * q;
      active += joined;
      return { period_start: start, new_members: joined, active_members: active };
    }),
    funnel: {
      started: 31 * q,
      submitted: 24 * q,
      approved: 17 * q,
      rejected: 3 * q,
      median_days_to_decision: options.quiet ? null : 4.5,
    },
    sectors: options.quiet
      ? []
      : [
          { sector: 'education', members: 14 },
          { sector: 'financial_services', members: 11 },
          { sector: 'technology', members: 9 },
          { sector: 'unknown', members: 1 },
        ],
    countries: options.quiet
      ? []
      : [
          { country: 'NL', members: 16 },
          { country: 'DE', members: 12 },
          { country: 'IE', members: 7 },
        ],
    lookups: starts.map((start, index) => ({ period_start: start, lookups: ((index * 13) % 9) * q })),
    lookups_counted_since: options.countedSince === undefined ? '2026-11-02T08:15:00+00:00' : options.countedSince,
  };
}
