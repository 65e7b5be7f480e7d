import type { AnalyticsBucket, NetworkAnalytics } from '../../data/figures/get-network-analytics';
import { countryName } from '../countries';
import { formatCount, formatLongDate } from '../formats';
import { sectorLabel } from '../organization-labels';
import type { CsvCell } from './csv';

/** What a chart draws: one label per point, one or more series of values. */
export interface ChartSpec {
  labels: string[];
  series: { label: string; values: number[]; kind: 'bar' | 'line'; axis?: 'left' | 'right' }[];
  /** Bars run sideways (long category names: sectors, countries). */
  horizontal?: boolean;
}

export interface FigureColumn {
  label: string;
  numeric?: boolean;
}

export type FigureId = 'growth' | 'funnel' | 'sectors' | 'countries' | 'lookups';

/** One chart with its table: the same rows feed the table, the CSV file and the chart. */
export interface Figure {
  id: FigureId;
  title: string;
  description: string;
  /** The chart's accessible description: what it shows, in a sentence or two. */
  summary: string;
  chart: ChartSpec;
  columns: FigureColumn[];
  /** The table's cells as shown (dates and counts in words and digits people read). */
  rows: string[][];
  /** The same rows for the CSV file: ISO dates and plain numbers, which spreadsheets read. */
  csvRows: CsvCell[][];
  /** The name of the CSV file, with the period in it. */
  fileName: string;
  /** Nothing happened in the period: the chart is left out and `emptyText` says so. */
  empty: boolean;
  emptyText: string;
  /** A figure or remark shown above the chart (the funnel's median, when lookups began to be counted). */
  highlights: { label: string; value: string }[];
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A bucket's name on the chart's axis: "3 Nov" for days and weeks, "Nov 2026" for months. */
export function axisLabel(day: string, bucket: AnalyticsBucket): string {
  const date = utc(day);
  const month = SHORT_MONTHS[date.getUTCMonth()]!;
  return bucket === 'month' ? `${month} ${date.getUTCFullYear()}` : `${date.getUTCDate()} ${month}`;
}

/** A bucket's name in the table: "3 November 2026", "Week from 3 November 2026", "November 2026". */
export function bucketLabel(day: string, bucket: AnalyticsBucket): string {
  const date = utc(day);
  if (bucket === 'month') return `${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return bucket === 'week' ? `Week from ${formatLongDate(date)}` : formatLongDate(date);
}

const BUCKET_COLUMN: Record<AnalyticsBucket, string> = { day: 'Day', week: 'Week', month: 'Month' };
const BUCKET_WORD: Record<AnalyticsBucket, string> = { day: 'day', week: 'week', month: 'month' };

export function sectorName(sector: string): string {
  return sector === 'unknown' ? 'Not given' : (sectorLabel(sector) ?? sector);
}

function areaName(country: string): string {
  return country === 'unknown' ? 'Not given' : countryName(country);
}

/** "1 September 2026 to 30 November 2026". */
export function periodWords(from: string, to: string): string {
  return `${formatLongDate(utc(from))} to ${formatLongDate(utc(to))}`;
}

function plural(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/**
 * "All time" reaches back further than the network exists: the leading
 * buckets before anyone joined say nothing, so the figures start where the
 * network does.
 */
export function withoutLeadingQuiet<Row>(rows: Row[], isQuiet: (row: Row) => boolean): Row[] {
  const first = rows.findIndex((row) => !isQuiet(row));
  return first === -1 ? [] : rows.slice(first);
}

/** The largest entry of a list of named counts, for the chart's summary. */
function largest<Row>(rows: Row[], value: (row: Row) => number): Row | undefined {
  return rows.reduce<Row | undefined>((best, row) => (best === undefined || value(row) > value(best) ? row : best), undefined);
}

/** The most categories a sideways bar chart draws before it groups the rest as "All others" (the table lists every one). */
export const MAX_CHART_CATEGORIES = 12;

function categoryChart(rows: { name: string; members: number }[], seriesLabel: string): ChartSpec {
  const shown = rows.slice(0, MAX_CHART_CATEGORIES);
  const rest = rows.slice(MAX_CHART_CATEGORIES).reduce((sum, row) => sum + row.members, 0);
  const labels = shown.map((row) => row.name);
  const values = shown.map((row) => row.members);
  if (rows.length > MAX_CHART_CATEGORIES) {
    labels.push('All others');
    values.push(rest);
  }
  return { labels, series: [{ label: seriesLabel, values, kind: 'bar' }], horizontal: true };
}

function categorySummary(rows: { name: string; members: number }[], what: string): string {
  const total = rows.reduce((sum, row) => sum + row.members, 0);
  const top = largest(rows, (row) => row.members);
  if (!top) return '';
  return `Bar chart of members by ${what}: ${plural(total, 'member', 'members')} in ${plural(rows.length, what, `${what === 'country' ? 'countries' : `${what}s`}`)}; the most in ${top.name} (${formatCount(top.members)}).`;
}

/** Every chart of network_analytics' answer, in the order the pages show them. `trimLeading` drops the quiet start of an all-time period. */
export function analyticsFigures(data: NetworkAnalytics, options: { trimLeading?: boolean } = {}): Figure[] {
  const { bucket, from, to } = data;
  const period = periodWords(from, to);
  const fileSuffix = `${from}-to-${to}.csv`;
  const trim = options.trimLeading ?? false;

  const growth = trim ? withoutLeadingQuiet(data.growth, (row) => row.newMembers === 0 && row.activeMembers === 0) : data.growth;
  const newTotal = growth.reduce((sum, row) => sum + row.newMembers, 0);
  const lastActive = growth.at(-1)?.activeMembers ?? 0;
  const busiest = largest(growth, (row) => row.newMembers);

  const lookups = trim ? withoutLeadingQuiet(data.lookups, (row) => row.lookups === 0) : data.lookups;
  const lookupTotal = lookups.reduce((sum, row) => sum + row.lookups, 0);
  const busiestLookups = largest(lookups, (row) => row.lookups);

  const { funnel } = data;
  const stages = [
    ['Started', funnel.started],
    ['Submitted', funnel.submitted],
    ['Approved', funnel.approved],
    ['Rejected', funnel.rejected],
  ] as const;

  const sectors = data.sectors.map((row) => ({ name: sectorName(row.sector), code: row.sector, members: row.members }));
  const countries = data.countries.map((row) => ({ name: areaName(row.country), code: row.country, members: row.members }));
  const word = BUCKET_WORD[bucket];

  return [
    {
      id: 'growth',
      title: 'Network growth',
      description: `New members each ${word}, and the members active at the end of it, from ${period}.`,
      summary:
        `Chart of network growth by ${word} from ${period}: ${plural(newTotal, 'new member', 'new members')} in all, ` +
        `${plural(lastActive, 'active member', 'active members')} at the end` +
        (busiest && busiest.newMembers > 0 ? `; the most joined in ${bucketLabel(busiest.periodStart, bucket)} (${formatCount(busiest.newMembers)}).` : '.'),
      chart: {
        labels: growth.map((row) => axisLabel(row.periodStart, bucket)),
        series: [
          { label: 'New members', values: growth.map((row) => row.newMembers), kind: 'bar', axis: 'left' },
          { label: 'Active members', values: growth.map((row) => row.activeMembers), kind: 'line', axis: 'right' },
        ],
      },
      columns: [{ label: BUCKET_COLUMN[bucket] }, { label: 'New members', numeric: true }, { label: 'Active members', numeric: true }],
      rows: growth.map((row) => [bucketLabel(row.periodStart, bucket), formatCount(row.newMembers), formatCount(row.activeMembers)]),
      csvRows: growth.map((row) => [row.periodStart, row.newMembers, row.activeMembers]),
      fileName: `network-growth-${fileSuffix}`,
      empty: growth.every((row) => row.newMembers === 0 && row.activeMembers === 0),
      emptyText: 'No members joined or were active in this period.',
      highlights: [
        { label: 'New members', value: formatCount(newTotal) },
        { label: 'Active at the end', value: formatCount(lastActive) },
      ],
    },
    {
      id: 'funnel',
      title: 'Onboarding funnel',
      description: `Applications started, submitted, approved and rejected from ${period}.`,
      summary:
        `Bar chart of the onboarding funnel from ${period}: ` +
        stages.map(([stage, value]) => `${stage.toLowerCase()} ${formatCount(value)}`).join(', ') +
        (funnel.medianDaysToDecision === null ? '.' : `; a decision took ${formatDays(funnel.medianDaysToDecision)} (median).`),
      chart: { labels: stages.map(([stage]) => stage), series: [{ label: 'Applications', values: stages.map(([, value]) => value), kind: 'bar' }] },
      columns: [{ label: 'Stage' }, { label: 'Applications', numeric: true }],
      rows: stages.map(([stage, value]) => [stage, formatCount(value)]),
      csvRows: stages.map(([stage, value]) => [stage, value]),
      fileName: `onboarding-funnel-${fileSuffix}`,
      empty: stages.every(([, value]) => value === 0),
      emptyText: 'No applications were started or decided in this period.',
      highlights: [
        {
          label: 'Median time to a decision',
          value: funnel.medianDaysToDecision === null ? 'No decisions yet' : formatDays(funnel.medianDaysToDecision),
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Members by sector',
      description: 'Active member organisations today by sector, whatever the period.',
      summary: categorySummary(sectors, 'sector'),
      chart: categoryChart(sectors, 'Members'),
      columns: [{ label: 'Sector' }, { label: 'Members', numeric: true }],
      rows: sectors.map((row) => [row.name, formatCount(row.members)]),
      csvRows: sectors.map((row) => [row.name, row.members]),
      fileName: `members-by-sector-${fileSuffix}`,
      empty: sectors.every((row) => row.members === 0),
      emptyText: 'No active member organisations yet.',
      highlights: [],
    },
    {
      id: 'countries',
      title: 'Members by country',
      description: 'Active member organisations today by the country they are registered in, whatever the period.',
      summary: categorySummary(countries, 'country'),
      chart: categoryChart(countries, 'Members'),
      columns: [{ label: 'Country' }, { label: 'Code' }, { label: 'Members', numeric: true }],
      rows: countries.map((row) => [row.name, row.code === 'unknown' ? '—' : row.code, formatCount(row.members)]),
      csvRows: countries.map((row) => [row.name, row.code === 'unknown' ? null : row.code, row.members]),
      fileName: `members-by-country-${fileSuffix}`,
      empty: countries.every((row) => row.members === 0),
      emptyText: 'No active member organisations yet.',
      highlights: [],
    },
    {
      id: 'lookups',
      title: 'Registry lookups',
      description: `Lookups through the open registry API each ${word}, from ${period}.`,
      summary:
        `Bar chart of registry lookups by ${word} from ${period}: ${plural(lookupTotal, 'lookup', 'lookups')} in all` +
        (busiestLookups && busiestLookups.lookups > 0
          ? `; the most in ${bucketLabel(busiestLookups.periodStart, bucket)} (${formatCount(busiestLookups.lookups)}).`
          : '.'),
      chart: {
        labels: lookups.map((row) => axisLabel(row.periodStart, bucket)),
        series: [{ label: 'Lookups', values: lookups.map((row) => row.lookups), kind: 'bar' }],
      },
      columns: [{ label: BUCKET_COLUMN[bucket] }, { label: 'Lookups', numeric: true }],
      rows: lookups.map((row) => [bucketLabel(row.periodStart, bucket), formatCount(row.lookups)]),
      csvRows: lookups.map((row) => [row.periodStart, row.lookups]),
      fileName: `registry-lookups-${fileSuffix}`,
      empty: lookupTotal === 0,
      emptyText: data.lookupsCountedSince ? 'No registry lookups in this period.' : 'Registry lookups have not been counted yet.',
      highlights: [
        { label: 'Lookups', value: formatCount(lookupTotal) },
        {
          label: 'Counted since',
          value: data.lookupsCountedSince ? formatLongDate(new Date(data.lookupsCountedSince)) : 'Not counted yet',
        },
      ],
    },
  ];
}

/** "4.5 days", "1 day", "less than a day"… from a median in days. */
export function formatDays(days: number): string {
  if (days < 1 && days > 0) return 'less than a day';
  const rounded = Math.round(days * 10) / 10;
  return `${formatCount(rounded)} ${rounded === 1 ? 'day' : 'days'}`;
}

/** Whether a period had nothing at all to show (every figure empty). */
export function allEmpty(figures: Figure[]): boolean {
  return figures.every((figure) => figure.empty);
}
