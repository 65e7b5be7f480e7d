import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import { figuresKeys } from './keys';

/** How network_analytics groups time: chosen by the database from the period's length. */
export type AnalyticsBucket = 'day' | 'week' | 'month';

/** network_analytics(p_from, p_to), checked and renamed for the app (issue 17's contract). */
export interface NetworkAnalytics {
  /** The period, inclusive, as YYYY-MM-DD. */
  from: string;
  to: string;
  bucket: AnalyticsBucket;
  growth: { periodStart: string; newMembers: number; activeMembers: number }[];
  funnel: { started: number; submitted: number; approved: number; rejected: number; medianDaysToDecision: number | null };
  sectors: { sector: string; members: number }[];
  countries: { country: string; members: number }[];
  lookups: { periodStart: string; lookups: number }[];
  /** When registry lookups began to be counted; null while none has been. */
  lookupsCountedSince: string | null;
}

/** The period the figures are asked for, inclusive, as YYYY-MM-DD. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

export const INVALID_PERIOD_MESSAGE = 'These figures cannot be shown for that period. Choose a first day on or before the last day, at most 10 years apart.';
export const NOT_ALLOWED_FIGURES_MESSAGE = 'Only stakeholders, investors and administrators can see the network’s figures.';
export const UNEXPECTED_SHAPE_MESSAGE = 'The figures came back in a shape this page does not understand. Please reload the page.';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

class ShapeError extends Error {}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeError(`${where} is not an object`);
  return value as Record<string, unknown>;
}

function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ShapeError(`${where} is not a count`);
  return value;
}

function day(value: unknown, where: string): string {
  // A timestamp where a date was promised still names its day.
  if (typeof value !== 'string' || !DAY.test(value.slice(0, 10))) throw new ShapeError(`${where} is not a date`);
  return value.slice(0, 10);
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${where} is not text`);
  return value;
}

function list<Item>(value: unknown, where: string, item: (entry: Record<string, unknown>, at: string) => Item): Item[] {
  if (!Array.isArray(value)) throw new ShapeError(`${where} is not a list`);
  return value.map((entry, index) => item(record(entry, `${where}[${index}]`), `${where}[${index}]`));
}

/**
 * The one place that reads network_analytics' jsonb: anything off the
 * contract (a missing key, a negative count, a bucket we do not draw) is
 * refused here with one sentence, rather than drawing a wrong chart.
 */
export function parseNetworkAnalytics(value: unknown): NetworkAnalytics {
  try {
    const root = record(value, 'figures');
    const bucket = root.bucket;
    if (bucket !== 'day' && bucket !== 'week' && bucket !== 'month') throw new ShapeError('bucket is unknown');
    const funnel = record(root.funnel, 'funnel');
    const median = funnel.median_days_to_decision;
    if (median !== null && (typeof median !== 'number' || !Number.isFinite(median) || median < 0)) throw new ShapeError('median is not a number');
    const since = root.lookups_counted_since;
    if (since !== null && (typeof since !== 'string' || Number.isNaN(Date.parse(since)))) throw new ShapeError('counted since is not a time');
    return {
      from: day(root.from, 'from'),
      to: day(root.to, 'to'),
      bucket,
      growth: list(root.growth, 'growth', (row, at) => ({
        periodStart: day(row.period_start, `${at}.period_start`),
        newMembers: count(row.new_members, `${at}.new_members`),
        activeMembers: count(row.active_members, `${at}.active_members`),
      })),
      funnel: {
        started: count(funnel.started, 'funnel.started'),
        submitted: count(funnel.submitted, 'funnel.submitted'),
        approved: count(funnel.approved, 'funnel.approved'),
        rejected: count(funnel.rejected, 'funnel.rejected'),
        medianDaysToDecision: median,
      },
      sectors: list(root.sectors, 'sectors', (row, at) => ({ sector: text(row.sector, `${at}.sector`), members: count(row.members, `${at}.members`) })),
      countries: list(root.countries, 'countries', (row, at) => ({
        country: text(row.country, `${at}.country`),
        members: count(row.members, `${at}.members`),
      })),
      lookups: list(root.lookups, 'lookups', (row, at) => ({
        periodStart: day(row.period_start, `${at}.period_start`),
        lookups: count(row.lookups, `${at}.lookups`),
      })),
      lookupsCountedSince: since,
    };
  } catch (error) {
    if (error instanceof ShapeError) throw new DataError(UNEXPECTED_SHAPE_MESSAGE, { code: 'unexpected_shape', details: error.message });
    throw error;
  }
}

export async function getNetworkAnalytics(client: AccordClient, range: AnalyticsRange): Promise<NetworkAnalytics> {
  const { data, error } = await client.rpc('network_analytics', { p_from: range.from, p_to: range.to });
  if (error) {
    if (error.message === 'invalid_period') throw new DataError(INVALID_PERIOD_MESSAGE, { code: error.code, cause: error });
    if (error.message === 'not_allowed_figures') throw new DataError(NOT_ALLOWED_FIGURES_MESSAGE, { code: error.code, cause: error });
    throw toDataError(error);
  }
  return parseNetworkAnalytics(data);
}

/** Loads the figures of a period; pages take one so their tests can hand in fixture data. */
export type AnalyticsLoader = (range: AnalyticsRange) => Promise<NetworkAnalytics>;

export const loadNetworkAnalytics: AnalyticsLoader = (range) => getNetworkAnalytics(supabase, range);

/**
 * The figures of a period, or nothing asked while `range` is null (a custom
 * period still being typed). While a new period loads, `data` is still the
 * last period's (its `from` and `to` say which), so a page can keep it on
 * screen instead of collapsing to a spinner.
 */
export function useNetworkAnalytics(range: AnalyticsRange | null, load: AnalyticsLoader = loadNetworkAnalytics) {
  return useSWR(range ? figuresKeys.analytics(range.from, range.to) : null, () => load(range!), { keepPreviousData: true });
}
